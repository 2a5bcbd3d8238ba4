import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useStickerHistory } from '../api/get-sticker-history.ts';
import { useVoidSticker } from '../api/void-sticker.ts';
import styles from '../backoffice-ops.module.css';

/** Look up a code: what it is, what happened to it; a free code that was lost can be voided here. */
export function StickerLookup() {
  const { t, i18n } = useTranslation('backoffice-ops');
  const [text, setText] = useState('');
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const history = useStickerHistory(code);
  const voidCode = useVoidSticker();

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    voidCode.reset();
    setCode(text.trim().toUpperCase());
  };

  const onVoid = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError('required');
      return;
    }
    setReasonError(null);
    voidCode.mutate({ code, reason: reason.trim() }, { onSuccess: () => setReason('') });
  };

  const sticker = history.data;
  return (
    <div className={staffPage.stack}>
      <Form onSubmit={onSearch} aria-label={t('plates.lookupTitle')}>
        <TextField
          label={t('plates.code')}
          value={text}
          onChange={setText}
          autoComplete="off"
          spellCheck="false"
        />
        <FormActions>
          <Button type="submit" variant="secondary">
            {t('plates.lookup')}
          </Button>
        </FormActions>
      </Form>
      {code && history.isPending ? <LoadingState /> : null}
      {history.isError ? (
        <Alert tone={isApiError(history.error) && history.error.status === 404 ? 'info' : 'error'}>
          <p>
            {isApiError(history.error) && history.error.status === 404
              ? t('plates.codeUnknown', { code })
              : errorMessage(history.error, t)}
          </p>
        </Alert>
      ) : null}
      {sticker ? (
        <section aria-labelledby="sticker-history-heading" className={staffPage.item}>
          <h3 id="sticker-history-heading" className={staffPage.itemTitle}>
            {t('plates.historyTitle', { code: sticker.code })}
          </h3>
          <dl className={staffPage.facts}>
            <div>
              <dt>{t('plates.kind')}</dt>
              <dd>{t(`plates.kinds.${sticker.kind}`)}</dd>
            </div>
            <div>
              <dt>{t('plates.status')}</dt>
              <dd>{t(`plates.statuses.${sticker.status}`)}</dd>
            </div>
          </dl>
          <ol className={styles.timeline} aria-label={t('plates.history')}>
            {sticker.events.map((event) => (
              <li key={`${event.event}-${event.at}`}>
                <strong>{t(`plates.events.${event.event}`)}</strong>{' '}
                <span className={styles.muted}>{formatDate(event.at, i18n.language)}</span>
                {event.detail ? <span> – {event.detail}</span> : null}
              </li>
            ))}
          </ol>
          {voidCode.isSuccess ? (
            <Alert tone="success">
              <p>{t('plates.voided', { code: sticker.code })}</p>
            </Alert>
          ) : null}
          {sticker.status === 'free' ? (
            <Form onSubmit={onVoid} aria-label={t('plates.voidTitle')}>
              <ErrorSummary message={voidCode.isError ? errorMessage(voidCode.error, t) : null} />
              <TextField
                label={t('plates.voidReason')}
                description={t('plates.voidHint')}
                value={reason}
                onChange={setReason}
                error={reasonError}
                maxLength={500}
              />
              <FormActions>
                <Button type="submit" variant="danger" isPending={voidCode.isPending}>
                  {t('plates.void')}
                </Button>
              </FormActions>
            </Form>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
