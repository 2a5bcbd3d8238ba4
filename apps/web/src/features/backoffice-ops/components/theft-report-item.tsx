import type { StaffTheftReportDetail, StaffTheftReportSummary } from '@nbr/domain/theft';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useOpenTheftReport } from '../api/open-theft-report.ts';
import { useReviewTheftReport } from '../api/review-theft-report.ts';

/** The bike of a report as a title: its name, brand and model. */
export function theftReportTitle(report: StaffTheftReportSummary): string {
  const bike = report.bike;
  return [bike.nickname, [bike.brand, bike.model].filter(Boolean).join(' ')].filter(Boolean).join(' – ');
}

/**
 * One report in the queue: the bike as the public sees it; mark reviewed, or open it with a reason
 * (the opened report shows above the queue, so it stays while the queue changes under it).
 */
export function TheftReportItem({
  report,
  onOpened,
}: {
  report: StaffTheftReportSummary;
  onOpened: (detail: StaffTheftReportDetail) => void;
}) {
  const { t, i18n } = useTranslation('backoffice-ops');
  const review = useReviewTheftReport();
  const open = useOpenTheftReport();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const bike = report.bike;
  const title = [bike.nickname, [bike.brand, bike.model].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(' – ');

  const onOpen = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setReasonError(t('stolen.reasonTooShort'));
      return;
    }
    setReasonError(null);
    open.mutate(
      { reportId: report.report_id, reason: reason.trim() },
      {
        onSuccess: (detail) => {
          setAsking(false);
          setReason('');
          onOpened(detail);
        },
      },
    );
  };

  return (
    <li className={staffPage.item} aria-labelledby={`report-${report.report_id}`}>
      <h3 id={`report-${report.report_id}`} className={staffPage.itemTitle}>
        {title || t('stolen.unnamedBike')}
      </h3>
      <dl className={staffPage.facts}>
        <div>
          <dt>{t('stolen.frameNumber')}</dt>
          <dd>{bike.frame_number ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('stolen.plate')}</dt>
          <dd>{bike.plate_id ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('stolen.submitted')}</dt>
          <dd>{formatDate(report.submitted_at, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('stolen.state')}</dt>
          <dd data-testid="review-state">
            {report.suspicious_at
              ? t('stolen.states.suspicious')
              : report.reviewed_at
                ? t('stolen.states.reviewed')
                : t('stolen.states.new')}
          </dd>
        </div>
      </dl>
      <ErrorSummary message={review.isError ? errorMessage(review.error, t) : null} />
      <div className={staffPage.actions}>
        {report.reviewed_at ? null : (
          <Button size="small" isPending={review.isPending} onPress={() => review.mutate(report.report_id)}>
            {t('stolen.markReviewed')}
          </Button>
        )}
        {asking ? null : (
          <Button size="small" variant="secondary" onPress={() => setAsking(true)}>
            {t('stolen.open')}
          </Button>
        )}
      </div>
      {asking ? (
        <Form onSubmit={onOpen} aria-label={t('stolen.openTitle')}>
          <ErrorSummary message={open.isError ? errorMessage(open.error, t) : null} />
          <TextField
            label={t('stolen.reason')}
            description={t('stolen.reasonHint')}
            value={reason}
            onChange={setReason}
            error={reasonError}
            maxLength={500}
          />
          <FormActions>
            <Button type="submit" size="small" isPending={open.isPending}>
              {t('stolen.openConfirm')}
            </Button>
            <Button size="small" variant="quiet" onPress={() => setAsking(false)}>
              {t('cancel')}
            </Button>
          </FormActions>
        </Form>
      ) : null}
    </li>
  );
}
