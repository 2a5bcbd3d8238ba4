import type { SupportMessage } from '@nbr/domain/support';
import { useTranslation } from 'react-i18next';
import conversationStyles from '../../../components/conversation/conversation.module.css';
import { formatDateTime } from '../lib/format-time.ts';
import styles from '../support.module.css';

export interface ConversationProps {
  messages: readonly SupportMessage[];
  /** Whose screen this is: the person's (staff sign as Support) or staff's (colleagues by name). */
  viewer: 'person' | 'staff';
  /** Staff's view: how the person is named. */
  personName?: string | null;
  headingId: string;
}

/**
 * The messages of a ticket, oldest first, as a log: a screen reader hears new messages (a live
 * answer) as they come, without moving focus.
 */
export function Conversation({ messages, viewer, personName, headingId }: ConversationProps) {
  const { t, i18n } = useTranslation('support');
  const senderOf = (message: SupportMessage) => {
    if (viewer === 'person')
      return message.author === 'person' ? t('conversation.you') : t('conversation.support');
    if (message.author === 'person') return personName ?? t('conversation.person');
    return message.staff_name ?? t('conversation.staff');
  };
  return (
    <div role="log" aria-live="polite" aria-labelledby={headingId}>
      <ol className={styles.messages}>
        {messages.map((message) => {
          const isOwn = (viewer === 'person') === (message.author === 'person');
          return (
            <li
              key={message.id}
              className={`${conversationStyles.message} ${isOwn ? conversationStyles.own : conversationStyles.other}`}
            >
              <p className={conversationStyles.sender}>{senderOf(message)}</p>
              <div className={conversationStyles.bubble}>
                <p className={conversationStyles.content}>{message.content}</p>
              </div>
              <time className={`${conversationStyles.time} ${styles.time}`} dateTime={message.created_at}>
                {formatDateTime(message.created_at, i18n.language)}
              </time>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
