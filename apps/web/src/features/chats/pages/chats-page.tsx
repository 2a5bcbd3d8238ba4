import type { ChatSummary } from '@nbr/domain/chats';
import { useTranslation } from 'react-i18next';
import conversationStyles from '../../../components/conversation/conversation.module.css';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useChats } from '../api/get-chats.ts';
import styles from '../chats.module.css';
import { ChatThumbnail } from '../components/chat-thumbnail.tsx';
import { UnreadBadge } from '../components/unread-badge.tsx';
import { otherParticipant } from '../lib/chat-cache.ts';
import { bikeTitle, messagePreview, participantName } from '../lib/chat-labels.ts';
import { formatListTime } from '../lib/format-time.ts';

function ChatRow({ chat }: { chat: ChatSummary }) {
  const { t, i18n } = useTranslation('chats');
  const bike = chat.subject.bike;
  const isUnread = chat.unread_count > 0;
  const lastAt = chat.last_message?.created_at ?? chat.updated_at;
  return (
    <li
      className={[conversationStyles.row, styles.chatRow, isUnread && conversationStyles.rowHighlighted]
        .filter(Boolean)
        .join(' ')}
    >
      <ChatThumbnail url={bike?.thumbnail_url ?? null} />
      <div className={styles.chatRowText}>
        <div className={styles.chatRowTop}>
          <h2 className={styles.chatRowTitle}>
            <Link href={paths.app.chat.getHref({ chatId: chat.id })} className={styles.rowLink}>
              {bikeTitle(bike, t)}
            </Link>
          </h2>
          <time className={styles.chatRowTime} dateTime={lastAt}>
            {formatListTime(lastAt, i18n.language)}
          </time>
        </div>
        <p className={conversationStyles.rowMeta}>
          {participantName(otherParticipant(chat), t)} · {t(`subjects.${chat.subject.kind}`)}
        </p>
        <div className={styles.chatRowBottom}>
          <p className={[styles.preview, isUnread && styles.previewUnread].filter(Boolean).join(' ')}>
            {messagePreview(chat.last_message, t)}
          </p>
          <UnreadBadge count={chat.unread_count} />
        </div>
      </div>
    </li>
  );
}

/** /app/chats — every conversation, the newest first, with what is unread. */
export function Component() {
  const { t } = useTranslation(['chats', 'common']);
  const chats = useChats();

  if (chats.isPending) return <LoadingState />;
  if (chats.isError) {
    return (
      <LoadErrorPage
        title={t('inbox.title')}
        alertTitle={t('inbox.loadFailed')}
        error={chats.error}
        retry={() => void chats.refetch()}
      />
    );
  }

  if (chats.data.length === 0) {
    return (
      <PageLayout title={t('inbox.title')}>
        <Card title={t('inbox.emptyTitle')} id="no-chats">
          <p>{t('inbox.emptyBody')}</p>
          <div className={styles.actions}>
            <LinkButton href={paths.app.transferOwnership.getHref()}>{t('inbox.emptyTransfer')}</LinkButton>
            <LinkButton variant="secondary" href={paths.app.requestOwnership.getHref()}>
              {t('inbox.emptyRequest')}
            </LinkButton>
          </div>
        </Card>
      </PageLayout>
    );
  }

  return (
    <PageLayout title={t('inbox.title')} lead={t('inbox.lead')}>
      <ul className={conversationStyles.list} aria-label={t('inbox.listLabel')}>
        {chats.data.map((chat) => (
          <ChatRow key={chat.id} chat={chat} />
        ))}
      </ul>
    </PageLayout>
  );
}
