import type { StaffTheftReportDetail } from '@nbr/domain/theft';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useLinkFoundPickup } from '../api/link-found-pickup.ts';
import { useMessageTheftOwner } from '../api/message-theft-owner.ts';
import { useSetTheftSuspicion } from '../api/set-theft-suspicion.ts';
import styles from '../backoffice-ops.module.css';

/**
 * An opened report (its private data was asked for with a reason): what happened, where and when;
 * mark it suspicious with a note, link the found bike's pickup, write to the owner in a chat.
 */
export function TheftReportDetail({ report }: { report: StaffTheftReportDetail }) {
  const { t, i18n } = useTranslation('backoffice-ops');
  const suspicion = useSetTheftSuspicion();
  const link = useLinkFoundPickup();
  const message = useMessageTheftOwner();
  const [note, setNote] = useState(report.suspicious_note ?? '');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const suspicious = suspicion.data
    ? suspicion.data.suspicious_at !== null
    : report.summary.suspicious_at !== null;
  const linkedPickup = link.data ? link.data.found_pickup_id : report.summary.found_pickup_id;

  const onSuspicious = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!note.trim()) {
      setNoteError('required');
      return;
    }
    setNoteError(null);
    suspicion.mutate({ reportId: report.report_id, suspicious: true, note: note.trim() });
  };

  const onMessage = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) {
      setTextError('required');
      return;
    }
    setTextError(null);
    message.mutate({ reportId: report.report_id, text: text.trim() }, { onSuccess: () => setText('') });
  };

  return (
    <div className={staffPage.stack}>
      <dl className={staffPage.facts}>
        <div>
          <dt>{t('stolen.lastSeen')}</dt>
          <dd>{report.time_last_seen ? formatDate(report.time_last_seen, i18n.language) : '–'}</dd>
        </div>
        <div>
          <dt>{t('stolen.place')}</dt>
          <dd>{report.place ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('stolen.culprit')}</dt>
          <dd>{report.culprit_info ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('stolen.witnesses')}</dt>
          <dd>{report.witnesses ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('stolen.insured')}</dt>
          <dd>{report.is_insured ? (report.insurance_company ?? t('stolen.yes')) : t('stolen.no')}</dd>
        </div>
      </dl>

      <section aria-labelledby={`suspicion-${report.report_id}`} className={staffPage.stack}>
        <h4 id={`suspicion-${report.report_id}`} className={staffPage.itemTitle}>
          {t('stolen.suspicionTitle')}
        </h4>
        <ErrorSummary message={suspicion.isError ? errorMessage(suspicion.error, t) : null} />
        {suspicious ? (
          <>
            <Alert tone="warning">
              <p>
                {t('stolen.isSuspicious', { note: suspicion.data ? note : (report.suspicious_note ?? '') })}
              </p>
            </Alert>
            <div className={staffPage.actions}>
              <Button
                size="small"
                variant="secondary"
                isPending={suspicion.isPending}
                onPress={() => suspicion.mutate({ reportId: report.report_id, suspicious: false })}
              >
                {t('stolen.clearSuspicion')}
              </Button>
            </div>
          </>
        ) : (
          <Form onSubmit={onSuspicious} aria-label={t('stolen.suspicionTitle')}>
            <TextField label={t('stolen.suspicionNote')} value={note} onChange={setNote} error={noteError} />
            <FormActions>
              <Button type="submit" size="small" variant="danger" isPending={suspicion.isPending}>
                {t('stolen.markSuspicious')}
              </Button>
            </FormActions>
          </Form>
        )}
      </section>

      <section aria-labelledby={`found-${report.report_id}`} className={staffPage.stack}>
        <h4 id={`found-${report.report_id}`} className={staffPage.itemTitle}>
          {t('stolen.foundTitle')}
        </h4>
        <ErrorSummary message={link.isError ? errorMessage(link.error, t) : null} />
        {report.pickups.length === 0 ? <p className={styles.muted}>{t('stolen.noPickups')}</p> : null}
        {report.pickups.length > 0 ? (
          <ul className={staffPage.list} aria-label={t('stolen.pickups')}>
            {report.pickups.map((pickup) => (
              <li key={pickup.pickup_id} className={styles.choice}>
                <span>
                  {t('stolen.pickup', {
                    place: pickup.place,
                    date: formatDate(pickup.collect_until, i18n.language),
                  })}
                </span>
                {linkedPickup === pickup.pickup_id ? (
                  <Button
                    size="small"
                    variant="secondary"
                    isPending={link.isPending}
                    onPress={() => link.mutate({ reportId: report.report_id, pickupId: null })}
                  >
                    {t('stolen.unlink')}
                  </Button>
                ) : (
                  <Button
                    size="small"
                    isPending={link.isPending}
                    onPress={() => link.mutate({ reportId: report.report_id, pickupId: pickup.pickup_id })}
                  >
                    {t('stolen.link')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby={`message-${report.report_id}`} className={staffPage.stack}>
        <h4 id={`message-${report.report_id}`} className={staffPage.itemTitle}>
          {t('stolen.messageTitle')}
        </h4>
        <p className={styles.muted}>{t('stolen.messageHint')}</p>
        <ErrorSummary message={message.isError ? errorMessage(message.error, t) : null} />
        <Form onSubmit={onMessage} aria-label={t('stolen.messageTitle')}>
          <TextField
            label={t('stolen.message')}
            value={text}
            onChange={setText}
            error={textError}
            maxLength={2000}
          />
          <FormActions>
            <Button type="submit" size="small" isPending={message.isPending}>
              {t('stolen.send')}
            </Button>
          </FormActions>
        </Form>
        {message.isSuccess ? (
          <Alert tone="success">
            <p>{t('stolen.sent')}</p>
            <LinkButton
              size="small"
              variant="secondary"
              href={paths.app.chat.getHref({ chatId: message.data.chat_id })}
            >
              {t('stolen.openChat')}
            </LinkButton>
          </Alert>
        ) : null}
      </section>
    </div>
  );
}
