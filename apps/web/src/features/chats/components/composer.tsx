import { MESSAGE_MAX_LENGTH } from '@nbr/domain/chats';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import conversationStyles from '../../../components/conversation/conversation.module.css';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { useSendMessage } from '../api/send-message.ts';
import styles from '../chats.module.css';
import { clearChatDraft, readChatDraft, writeChatDraft } from '../lib/chat-draft.ts';

/** The counter appears when this few characters are left. */
export const COUNTER_THRESHOLD = 500;

export interface ComposerProps {
  chatId: string;
  /** The chat's subject; the draft is kept with it (SPEC §3). */
  subjectId: string;
  /** Where the unsent text is kept in this browser (per account and chat). */
  draftKey: string;
  /** After a message was sent (e.g. to scroll it into view). */
  onSent?: () => void;
}

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line. The unsent text is kept as a draft
 * (restored when the person comes back, removed once sent); a failed send keeps the text and says why.
 */
export function Composer({ chatId, subjectId, draftKey, onSent }: ComposerProps) {
  const { t } = useTranslation(['chats', 'common']);
  const id = useId();
  const [text, setText] = useState(() => readChatDraft(draftKey, subjectId));
  const [isRestored, setRestored] = useState(() => text !== '');
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage(chatId);

  useEffect(() => {
    writeChatDraft(draftKey, subjectId, text);
  }, [draftKey, subjectId, text]);

  const content = text.trim();
  const remaining = MESSAGE_MAX_LENGTH - content.length;
  const isTooLong = remaining < 0;
  const canSend = content !== '' && !isTooLong;

  const submit = () => {
    if (!canSend || send.isPending) return;
    setError(null);
    // A promise rather than mutate's callbacks: those are dropped when the person has left the chat
    // meanwhile, and the draft of a sent message must go even then.
    send.mutateAsync(content).then(
      () => {
        if (readChatDraft(draftKey, subjectId).trim() === content) clearChatDraft(draftKey);
        // Text typed while the message was on its way stays; the sent text goes.
        setText((current) => (current.trim() === content ? '' : current));
        setRestored(false);
        onSent?.();
      },
      (failure: unknown) => {
        setError(`${t('composer.sendFailed')} ${errorMessage(failure, t)}`);
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const showCounter = remaining <= COUNTER_THRESHOLD;

  return (
    <form className={styles.composer} onSubmit={onSubmit} noValidate aria-label={t('composer.label')}>
      {error ? (
        <div className={styles.composerError}>
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      {isRestored ? (
        <p className={styles.muted} role="status">
          {t('composer.draftRestored')}
        </p>
      ) : null}
      <label htmlFor={`${id}-text`} className={styles.composerLabel}>
        {t('composer.label')}
      </label>
      <div className={styles.composerRow}>
        <textarea
          id={`${id}-text`}
          className={`${conversationStyles.textarea} ${styles.textarea}`}
          value={text}
          rows={2}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          aria-describedby={showCounter ? `${hintId} ${counterId}` : hintId}
          aria-invalid={isTooLong || undefined}
        />
        <Button type="submit" isDisabled={!canSend} isPending={send.isPending}>
          {t('composer.send')}
        </Button>
      </div>
      <div className={styles.composerFooter}>
        <span id={hintId} className={styles.composerHint}>
          {t('composer.hint')}
        </span>
        {showCounter ? (
          <span id={counterId} className={isTooLong ? styles.counterOver : undefined} aria-live="polite">
            {isTooLong
              ? t('composer.tooLong', { count: -remaining })
              : t('composer.remaining', { count: remaining })}
          </span>
        ) : null}
      </div>
    </form>
  );
}
