import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
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
import styles from '../theft.module.css';
import { PdfLink } from './pdf-link.tsx';
import { PoliceReportCard } from './police-report-card.tsx';

const NEXT_STEPS = ['search', 'sticker', 'map', 'contact', 'police', 'found'] as const;

/**
 * /app/my-bikes/{bikeId}/report-stolen/report-confirmed — the report is sent: what happens now,
 * and the report with its PDF. Without a submitted report the address leads to the overview.
 */
export function ReportConfirmed({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation(['theft', 'common']);
  const report = useTheftReport(bikeId, { pageData: false });
  const bike = useBike(bikeId);

  if (isApiError(report.error) && report.error.status === 404)
    return <Navigate replace to={paths.app.bikeReportStolen.getHref({ bikeId })} />;
  if (report.isError && !report.data)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('steps.report-confirmed.title')}
        error={report.error}
        retry={() => void report.refetch()}
      />
    );
  if (!report.data) return <LoadingState />;
  if (report.data.status === 'closed')
    return <Navigate replace to={paths.app.bikeStolenBikeReport.getHref({ bikeId })} />;

  return (
    <PageLayout title={t('steps.report-confirmed.title')} width="form">
      <Alert tone="success" title={t('confirmed.sentTitle')} announce="none">
        <p>{t('confirmed.sentBody')}</p>
      </Alert>
      <Card title={t('confirmed.nextTitle')} id="what-happens-now">
        <ul className={styles.nextSteps}>
          {NEXT_STEPS.map((item) => (
            <li key={item}>{t(`confirmed.next.${item}`)}</li>
          ))}
        </ul>
      </Card>
      <PoliceReportCard report={report.data} bike={bike.data ?? {}} />
      <Card title={t('confirmed.reportTitle')} id="your-report">
        <p>{t('confirmed.reportBody')}</p>
        <div className={styles.actions}>
          <LinkButton href={paths.app.bikeStolenBikeReport.getHref({ bikeId })}>
            {t('confirmed.openReport')}
          </LinkButton>
          <PdfLink href={report.data.pdf_url} />
        </div>
      </Card>
    </PageLayout>
  );
}
