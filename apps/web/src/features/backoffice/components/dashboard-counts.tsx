import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useDashboard } from '../api/get-dashboard.ts';
import styles from '../backoffice.module.css';

/**
 * Where each queue of the dashboard is worked. A queue whose screen is not in the backoffice yet is
 * counted without a link; its screen adds itself here.
 */
const QUEUE_LINKS: Readonly<Record<string, string>> = {
  orders_to_pack: paths.backoffice.v2Orders.getHref(),
  open_tickets: paths.backoffice.tickets.getHref(),
  stolen_reports_to_review: paths.backoffice.v2StolenBikes.getHref(),
  ownership_verifications: paths.backoffice.ownershipVerifications.getHref(),
  insurance_verifications: paths.backoffice.insuranceVerification.getHref(),
};

const KNOWN_QUEUES = new Set([
  'orders_to_pack',
  'open_tickets',
  'stolen_reports_to_review',
  'ownership_verifications',
  'insurance_verifications',
]);

/** What waits: one count per queue, each a link to its queue. */
export function DashboardCounts() {
  const { t, i18n } = useTranslation('backoffice');
  const dashboard = useDashboard();
  if (dashboard.isPending) return <LoadingState label={t('dashboard.loading')} />;
  if (dashboard.isError) {
    return (
      <Alert tone="error" title={t('loadFailed')}>
        <p>{errorMessage(dashboard.error, t)}</p>
        <Button variant="secondary" size="small" onPress={() => void dashboard.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  const format = new Intl.NumberFormat(i18n.resolvedLanguage);
  return (
    <section aria-labelledby="dashboard-heading">
      <h2 id="dashboard-heading" className={styles.resultsHeading}>
        {t('dashboard.title')}
      </h2>
      <ul className={styles.counts}>
        {dashboard.data.counts
          .filter((entry) => KNOWN_QUEUES.has(entry.key))
          .map((entry) => {
            const label = t(`dashboard.queues.${entry.key}`);
            const href = QUEUE_LINKS[entry.key];
            return (
              <li key={entry.key} className={styles.count} data-queue={entry.key}>
                <span className={styles.countNumber}>{format.format(entry.count)}</span>
                {href ? <Link href={href}>{label}</Link> : <span>{label}</span>}
              </li>
            );
          })}
      </ul>
    </section>
  );
}
