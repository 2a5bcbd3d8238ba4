import { SUPPORT_MESSAGE_MAX_LENGTH } from '@nbr/domain/support';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import conversationStyles from '../../../components/conversation/conversation.module.css';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import styles from '../support.module.css';

export interface MessageComposerProps {
  label: string;
  submitLabel: string;
  /** Sends the text; the field empties once it is sent, and keeps it with the reason when it fails. */
  onSend: (content: string) => Promise<unknown>;
  isPending: boolean;
}

/** Writing in a ticket (the person's reply or staff's answer). */
export function MessageComposer({ label, submitLabel, onSend, isPending }: MessageComposerProps) {
  const { t } = useTranslation(['support', 'common']);
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const content = text.trim();
  const isTooLong = content.length > SUPPORT_MESSAGE_MAX_LENGTH;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content === '' || isTooLong || isPending) return;
    setError(null);
    onSend(content).then(
      () => setText((current) => (current.trim() === content ? '' : current)),
      (failure: unknown) => setError(`${t('composer.sendFailed')} ${errorMessage(failure, t)}`),
    );
  };

  return (
    <form className={styles.composer} onSubmit={submit} noValidate>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <label htmlFor={`${id}-text`} className={styles.composerLabel}>
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        className={`${conversationStyles.textarea} ${styles.textarea}`}
        value={text}
        rows={3}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        aria-invalid={isTooLong || undefined}
        aria-describedby={isTooLong ? `${id}-too-long` : undefined}
      />
      {isTooLong ? (
        <p id={`${id}-too-long`} className={styles.muted}>
          {t('composer.tooLong', { count: content.length - SUPPORT_MESSAGE_MAX_LENGTH })}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" isDisabled={content === '' || isTooLong} isPending={isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
