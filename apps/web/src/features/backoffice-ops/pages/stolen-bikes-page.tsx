import { type StaffTheftReportDetail, THEFT_REVIEW_FILTERS, type TheftReviewFilter } from '@nbr/domain/theft';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useStaffTheftReports } from '../api/list-theft-reports.ts';
import styles from '../backoffice-ops.module.css';
import { TheftReportDetail } from '../components/theft-report-detail.tsx';
import { TheftReportItem, theftReportTitle } from '../components/theft-report-item.tsx';

/**
 * /backoffice/v2/stolen-bikes: the theft reports staff review, new ones first. The queue shows the
 * bike as the public sees it; a report's private data opens only with a reason, which the owner
 * sees in their access log.
 */
export function Component() {
  const { t } = useTranslation('backoffice-ops');
  const [params, setParams] = useSearchParams();
  const filter: TheftReviewFilter =
    THEFT_REVIEW_FILTERS.find((value) => value === params.get('filter')) ?? 'new';
  const reports = useStaffTheftReports(filter);
  const [opened, setOpened] = useState<StaffTheftReportDetail | null>(null);
  const openedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!opened) return;
    // Keyboard and screen-reader users land on the opened report, which appears above the queue.
    const heading = openedRef.current?.querySelector<HTMLElement>('h2');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
    openedRef.current?.scrollIntoView({ block: 'start' });
  }, [opened]);
  return (
    <PageLayout title={t('stolen.title')} lead={t('stolen.lead')}>
      <div className={styles.filters}>
        <Select
          label={t('stolen.filter')}
          options={THEFT_REVIEW_FILTERS.map((value) => ({ value, label: t(`stolen.filters.${value}`) }))}
          value={filter}
          onChange={(value) => setParams(value === 'new' ? {} : { filter: value }, { replace: true })}
        />
      </div>
      {opened ? (
        <div ref={openedRef} className={styles.opened}>
          <Card
            title={t('stolen.openedTitle', {
              bike: theftReportTitle(opened.summary) || t('stolen.unnamedBike'),
            })}
            id="opened-report"
          >
            <TheftReportDetail key={opened.report_id} report={opened} />
            <div className={staffPage.actions}>
              <Button size="small" variant="secondary" onPress={() => setOpened(null)}>
                {t('stolen.close')}
              </Button>
            </div>
          </Card>
        </div>
      ) : null}
      <section aria-labelledby="reports-heading">
        <h2 id="reports-heading" className={styles.sectionHeading}>
          {t(`stolen.filters.${filter}`)}
        </h2>
        <p className={staffPage.status} role="status">
          {reports.data && reports.data.items.length === 0 ? t('stolen.none') : ''}
        </p>
        {reports.isPending ? <LoadingState /> : null}
        {reports.isError ? (
          <LoadError title={t('loadFailed')} error={reports.error} retry={() => void reports.refetch()} />
        ) : null}
        {reports.data && reports.data.items.length > 0 ? (
          <ul className={staffPage.list} aria-label={t('stolen.reports')}>
            {reports.data.items.map((report) => (
              <TheftReportItem key={report.report_id} report={report} onOpened={setOpened} />
            ))}
          </ul>
        ) : null}
      </section>
    </PageLayout>
  );
}
