import type { ChatMessage } from '@nbr/domain/chats';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useChat } from '../api/get-chat.ts';
import { useMessages } from '../api/get-messages.ts';
import { useMarkChatRead } from '../api/mark-chat-read.ts';
import styles from '../chats.module.css';
import { ChatThumbnail } from '../components/chat-thumbnail.tsx';
import { Composer } from '../components/composer.tsx';
import { MessageItem } from '../components/message-item.tsx';
import { RequestActions } from '../components/request-actions.tsx';
import { flattenMessages, isNewerId, otherParticipant } from '../lib/chat-cache.ts';
import { chatDraftKey } from '../lib/chat-draft.ts';
import { bikeSubtitle, bikeTitle, messageText, participantName } from '../lib/chat-labels.ts';
import { formatDayDate, localDay, relativeDay } from '../lib/format-time.ts';
import { useOpenChat } from '../lib/live-updates.ts';

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

function useIsPageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );
}

/** Messages grouped by the local day they were written on, oldest first. */
function groupByDay(messages: readonly ChatMessage[]): { day: string; messages: ChatMessage[] }[] {
  const groups: { day: string; messages: ChatMessage[] }[] = [];
  for (const message of messages) {
    const day = localDay(message.created_at);
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  }
  return groups;
}

/** Whether the end of the chat (below the composer) is on screen or nearly so. */
function isNearEnd(end: HTMLElement | null): boolean {
  return Boolean(end) && (end?.getBoundingClientRect().top ?? 0) - window.innerHeight < 320;
}

/** /app/chats/{chatId} — one conversation: the bike and the other person, the messages, the composer. */
export function Component() {
  const { chatId = '' } = useParams();
  const { t, i18n } = useTranslation(['chats', 'common']);
  const { claims } = useSession();
  const chat = useChat(chatId);
  const messages = useMessages(chatId);
  const markRead = useMarkChatRead(chatId);
  const isVisible = useIsPageVisible();
  useOpenChat(chatId);

  const list = useMemo(() => flattenMessages(messages.data), [messages.data]);
  const newest = list.at(-1) ?? null;
  const unread = chat.data?.unread_count ?? 0;

  // Read when shown: what was unread on opening, and what comes in while the chat is on screen.
  const lastMarked = useRef<string | null>(null);
  const { mutate: markReadUpTo } = markRead;
  useEffect(() => {
    if (!newest || !isVisible || !chat.data) return;
    if (lastMarked.current && !isNewerId(newest.id, lastMarked.current) && unread === 0) return;
    const isFirstLook = lastMarked.current === null;
    lastMarked.current = newest.id;
    if (unread > 0 || (!isFirstLook && !newest.sender?.is_me)) markReadUpTo(newest.id);
  }, [newest, isVisible, chat.data, unread, markReadUpTo]);

  // New messages from the other side are read out; the list itself is not a live region, so that
  // older messages loaded on request are not read out too.
  const [announcement, setAnnouncement] = useState('');
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!newest) return;
    const previous = announced.current;
    announced.current = newest.id;
    if (previous === null || !isNewerId(newest.id, previous) || newest.sender?.is_me) return;
    const text = messageText(newest, t);
    setAnnouncement(
      newest.sender
        ? t('chat.newMessage', { name: participantName(newest.sender, t), text })
        : t('chat.newSystemMessage', { text }),
    );
  }, [newest, t]);

  // Open at the newest message; follow new ones when the reader is at the end or wrote it. The
  // anchor is below the composer, so the newest message shows just above it.
  const endRef = useRef<HTMLDivElement>(null);
  const scrolledTo = useRef<string | null>(null);
  const wasNearEnd = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      wasNearEnd.current = isNearEnd(endRef.current);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    if (!newest || scrolledTo.current === newest.id) return;
    const isFirst = scrolledTo.current === null;
    const isNewer = isNewerId(newest.id, scrolledTo.current);
    scrolledTo.current = newest.id;
    if (isFirst) {
      endRef.current?.scrollIntoView({ block: 'end' });
      // The shell restores the scroll position of a page after it rendered: come back to the end.
      const frame = requestAnimationFrame(() => endRef.current?.scrollIntoView({ block: 'end' }));
      return () => cancelAnimationFrame(frame);
    }
    if (isNewer && newest.sender?.is_me) {
      // One's own message: at once, not smoothly — a smooth scroll cut short by the composer clearing
      // left the message under the composer that stays at the bottom of the screen.
      endRef.current?.scrollIntoView({ block: 'end' });
    } else if (isNewer && wasNearEnd.current) {
      endRef.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
    }
    return undefined;
  }, [newest]);

  if (chat.isPending || messages.isPending) return <LoadingState />;
  const loadError = chat.error ?? messages.error;
  if (chat.isError || messages.isError) {
    return (
      <PageLayout title={t('chat.loadFailed')}>
        <Alert tone="error">
          <p>{errorMessage(loadError, t)}</p>
          <Button
            variant="secondary"
            size="small"
            onPress={() => {
              void chat.refetch();
              void messages.refetch();
            }}
          >
            {t('common:actions.tryAgain')}
          </Button>
        </Alert>
      </PageLayout>
    );
  }

  const summary = chat.data;
  const bike = summary.subject.bike;
  const title = bikeTitle(bike, t);
  const subtitle = bikeSubtitle(bike);
  const other = otherParticipant(summary);
  const otherName = participantName(other, t);
  const isOtherAnonymous = Boolean(other && other.name === null);
  const days = groupByDay(list);

  return (
    <div className={styles.chatPage}>
      <PageTitle title={`${title} – ${otherName}`} />
      <p>
        <Link href={paths.app.chats.getHref()} className={styles.backLink}>
          <span aria-hidden="true">←</span> {t('chat.back')}
        </Link>
      </p>
      <header className={styles.chatHeader}>
        <ChatThumbnail url={bike?.thumbnail_url ?? null} />
        <div>
          <h1 className={styles.chatTitle} tabIndex={-1} data-page-heading="">
            {title}
          </h1>
          {subtitle ? <p className={styles.chatMeta}>{subtitle}</p> : null}
          <p className={styles.chatMeta}>
            {other?.name ? t('inbox.with', { name: other.name }) : t(`withRoles.${other?.role ?? 'contact'}`)}{' '}
            · {t(`subjects.${summary.subject.kind}`)}
          </p>
        </div>
      </header>
      {isOtherAnonymous && other?.role === 'owner' ? (
        <p className={styles.note}>{t('chat.anonymousNote')}</p>
      ) : null}
      {isOtherAnonymous && other?.role === 'recipient' ? (
        <p className={styles.note}>{t('chat.recipientAnonymousNote')}</p>
      ) : null}
      {other?.role === 'guest' ? <p className={styles.note}>{t('chat.guestNote')}</p> : null}
      {summary.subject.kind === 'request' && summary.subject.id ? (
        <RequestActions requestId={summary.subject.id} bikeName={title} />
      ) : null}

      <section className={styles.messages} aria-labelledby="chat-messages-heading">
        <h2 id="chat-messages-heading" className="visually-hidden">
          {t('chat.messagesHeading')}
        </h2>
        {messages.hasNextPage ? (
          <div className={styles.older}>
            <Button
              variant="secondary"
              size="small"
              isPending={messages.isFetchingNextPage}
              onPress={() => void messages.fetchNextPage()}
            >
              {t('chat.older')}
            </Button>
          </div>
        ) : (
          <p className={styles.beginning}>{t('chat.beginning')}</p>
        )}
        {messages.isFetchNextPageError ? <Alert tone="error">{t('chat.olderFailed')}</Alert> : null}
        {days.map((group) => {
          // Noon of that local day: a moment that is surely on it, whatever the time zone.
          const noon = `${group.day}T12:00:00`;
          const relative = relativeDay(noon);
          const label =
            relative === 'today'
              ? t('chat.today')
              : relative === 'yesterday'
                ? t('chat.yesterday')
                : formatDayDate(noon, i18n.language);
          return (
            <section key={group.day} className={styles.day} aria-labelledby={`day-${group.day}`}>
              <h3 id={`day-${group.day}`} className={styles.dayHeading}>
                {label}
              </h3>
              <ol className={styles.messageList}>
                {group.messages.map((message) => (
                  <MessageItem key={message.id} message={message} bike={bike} />
                ))}
              </ol>
            </section>
          );
        })}
      </section>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>

      <Composer
        key={chatId}
        chatId={chatId}
        subjectId={summary.subject.id ?? summary.id}
        draftKey={chatDraftKey(claims?.party_id ?? 'signed-out', chatId)}
        // Once sent and cleared, the end of the thread (the message just written) is in view.
        onSent={() => requestAnimationFrame(() => endRef.current?.scrollIntoView({ block: 'end' }))}
      />
      <div ref={endRef} />
    </div>
  );
}
