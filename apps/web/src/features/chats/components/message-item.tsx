import type { ChatMessage } from '@nbr/domain/chats';
import type { OwnershipBike } from '@nbr/domain/ownership';
import { useTranslation } from 'react-i18next';
import conversationStyles from '../../../components/conversation/conversation.module.css';
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
    <time className={`${conversationStyles.time} ${styles.time}`} dateTime={message.created_at}>
      {formatClock(message.created_at, i18n.language)}
    </time>
  );

  if (message.kind === 'transfer_offer') {
    return (
      <li className={`${conversationStyles.message} ${conversationStyles.wideMessage} ${styles.offerItem}`}>
        <OfferCard message={message} bike={bike} />
        {time}
      </li>
    );
  }

  if (message.kind === 'system' || !message.sender) {
    return (
      <li className={`${conversationStyles.message} ${conversationStyles.wideMessage} ${styles.system}`}>
        <p className={styles.systemText}>{messageText(message, t)}</p>
        {time}
      </li>
    );
  }

  const isMine = message.sender.is_me;
  return (
    <li
      className={`${conversationStyles.message} ${isMine ? conversationStyles.own : conversationStyles.other}`}
    >
      <div className={conversationStyles.bubble}>
        {isMine ? (
          <span className="visually-hidden">{t('chat.youWrote')}: </span>
        ) : (
          <p className={conversationStyles.sender}>{participantName(message.sender, t)}</p>
        )}
        <p className={conversationStyles.content}>{message.content}</p>
      </div>
      {time}
    </li>
  );
}
