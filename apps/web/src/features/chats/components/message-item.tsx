import type { ChatMessage } from '@nbr/domain/chats';
import type { OwnershipBike } from '@nbr/domain/ownership';
import { useTranslation } from 'react-i18next';
import styles from '../chats.module.css';
import { messageText, participantName } from '../lib/chat-labels.ts';
import { formatClock } from '../lib/format-time.ts';
import { OfferCard } from './offer-card.tsx';

/**
 * One message: mine on the right, the other person's on the left (with their name or role), the
 * register's own messages centred, offers as a card. Each says who wrote it and when, also to
 * screen readers.
 */
export function MessageItem({ message, bike }: { message: ChatMessage; bike: OwnershipBike | null }) {
  const { t, i18n } = useTranslation('chats');
  const time = (
    <time className={styles.time} dateTime={message.created_at}>
      {formatClock(message.created_at, i18n.language)}
    </time>
  );

  if (message.kind === 'transfer_offer') {
    return (
      <li className={`${styles.message} ${styles.offerItem}`}>
        <OfferCard message={message} bike={bike} />
        {time}
      </li>
    );
  }

  if (message.kind === 'system' || !message.sender) {
    return (
      <li className={`${styles.message} ${styles.system}`}>
        <p className={styles.systemText}>{messageText(message, t)}</p>
        {time}
      </li>
    );
  }

  const isMine = message.sender.is_me;
  return (
    <li className={`${styles.message} ${isMine ? styles.own : styles.other}`}>
      <div className={styles.bubble}>
        {isMine ? (
          <span className="visually-hidden">{t('chat.youWrote')}: </span>
        ) : (
          <p className={styles.sender}>{participantName(message.sender, t)}</p>
        )}
        <p className={styles.content}>{message.content}</p>
      </div>
      {time}
    </li>
  );
}
