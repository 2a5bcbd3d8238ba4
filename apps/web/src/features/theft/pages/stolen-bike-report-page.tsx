import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useTheftReport } from '../api/theft-report.ts';
import { DataShareCard } from '../components/data-share-card.tsx';
import { PdfLink } from '../components/pdf-link.tsx';
import { PoliceReportCard } from '../components/police-report-card.tsx';
import { ReportFound } from '../components/report-found.tsx';
import { formatMoment, TheftReportDetails } from '../components/theft-report-details.tsx';
import styles from '../theft.module.css';

/**
 * /app/my-bikes/{bikeId}/stolen-bike-report — the submitted report (its PDF for the police or the
 * insurer) and "Report found"; once found the report stays here as history, marked closed.
 */
export function Component() {
  const { bikeId = '' } = useParams();
  const { t, i18n } = useTranslation(['theft', 'common']);
  const location = useLocation();
  const bike = useBike(bikeId);
  const report = useTheftReport(bikeId, { pageData: false });
  const justFound = (location.state as { found?: boolean } | null)?.found === true;

  const noReport = isApiError(report.error) && report.error.status === 404;
  const failed =
    (bike.isError && !bike.data && bike.error) ||
    (!noReport && report.isError && !report.data && report.error);
  if (failed)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('report.title')}
        error={failed}
        retry={() => void Promise.all([bike.refetch(), report.refetch()])}
      />
    );
  if (!bike.data || (!report.data && !noReport)) return <LoadingState />;

  if (noReport || !report.data) {
    return (
      <PageLayout title={t('report.title')} lead={bike.data.nickname} width="form">
        <Card title={t('report.noneTitle')} id="no-report">
          <p>{t('report.noneBody')}</p>
          <div className={styles.actions}>
            {bike.data.status === 'registered' ? (
              <LinkButton href={paths.app.bikeReportStolen.getHref({ bikeId })} variant="danger">
                {t('bikeCard.report')}
              </LinkButton>
            ) : null}
            <LinkButton href={paths.app.bike.getHref({ bikeId })} variant="secondary">
              {t('overview.backToBike')}
            </LinkButton>
          </div>
        </Card>
      </PageLayout>
    );
  }

  const data = report.data;
  const open = data.status === 'submitted';
  return (
    <PageLayout title={t('report.title')} lead={bike.data.nickname}>
      {justFound ? (
        <Alert tone="success" title={t('found.successTitle')}>
          <p>{t('found.successBody')}</p>
        </Alert>
      ) : null}
      <Card title={t('report.summaryTitle')} id="report-summary">
        <p>
          <span className={`${styles.badge} ${open ? styles.badgeOpen : styles.badgeClosed}`}>
            {open ? t('report.statusOpen') : t('report.statusClosed')}
          </span>
        </p>
        <p className={styles.muted}>
          {t('report.submittedAt', { date: formatMoment(data.submitted_at, i18n.language) })}
          {data.closed_at ? (
            <>
              <br />
              {t(`report.closedAt.${data.closed_reason ?? 'found'}`, {
                date: formatMoment(data.closed_at, i18n.language),
              })}
            </>
          ) : null}
        </p>
        <p>{open ? t('report.openBody') : t('report.closedBody')}</p>
        <div className={styles.actions}>
          <PdfLink href={data.pdf_url} />
          <LinkButton href={paths.app.bike.getHref({ bikeId })} variant="quiet">
            {t('overview.backToBike')}
          </LinkButton>
        </div>
      </Card>
      {open ? <PoliceReportCard report={data} bike={bike.data} /> : null}
      {open && bike.data.status === 'stolen' ? (
        <Card title={t('found.title')} id="report-found">
          <ReportFound bikeId={bikeId} />
        </Card>
      ) : null}
      <DataShareCard bikeId={bikeId} report={data} />
      <TheftReportDetails report={data} currency={bike.data.currency} />
    </PageLayout>
  );
}
