import type { MeasurementDay, WebVitalSummary } from '@nbr/domain/measurement';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDate } from '../../../lib/format.ts';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import tables from '../../../ui/table.module.css';
import { useMeasurement } from '../api/get-measurement.ts';
import styles from '../measurement.module.css';

const SPANS = [7, 14, 30, 90] as const;
const FUNNEL = ['sign_ups', 'first_bikes', 'purchases', 'theft_reports'] as const;

function spanEndingToday(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

function vitalValue(row: WebVitalSummary, value: number, number: Intl.NumberFormat): string {
  return row.metric === 'CLS' ? value.toFixed(3) : `${number.format(Math.round(value))} ms`;
}

/**
 * /backoffice/v2/measurement — the team's own view of what the product does for people (issue 30
 * §2): per day the sign-ups, first bikes, purchases and theft reports, and each page's web vitals
 * (the 50th, 75th and 95th percentile, from the browsers of people who consented to measurement).
 */
export function Component() {
  const { t, i18n } = useTranslation('backoffice');
  const [days, setDays] = useState<number>(14);
  const span = spanEndingToday(days);
  const report = useMeasurement(span);
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <PageLayout title={t('measurement.title')} lead={t('measurement.lead')}>
      <div className={staffPage.stack}>
        <div className={styles.span}>
          <Select
            label={t('measurement.span')}
            options={SPANS.map((count) => ({
              value: String(count),
              label: t('measurement.days', { count }),
            }))}
            value={String(days)}
            onChange={(value) => setDays(Number(value))}
          />
        </div>
        {report.isPending ? <LoadingState /> : null}
        {report.isError ? (
          <LoadError
            title={t('measurement.loadFailed')}
            error={report.error}
            retry={() => void report.refetch()}
          />
        ) : null}
        {report.data ? (
          <>
            <Card title={t('measurement.funnelTitle')} id="funnel">
              <table className={`${styles.table} ${tables.stackedOnPhone}`}>
                <caption>{t('measurement.funnelCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('measurement.date')}</th>
                    {FUNNEL.map((key) => (
                      <th key={key} scope="col" className={styles.number}>
                        {t(`measurement.funnel.${key}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.data.days.map((day: MeasurementDay) => (
                    <tr key={day.date}>
                      <th scope="row">{formatDate(day.date, i18n.language)}</th>
                      {FUNNEL.map((key) => (
                        <td key={key} className={styles.number} data-label={t(`measurement.funnel.${key}`)}>
                          {number.format(day[key])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{t('measurement.total')}</th>
                    {FUNNEL.map((key) => (
                      <td key={key} className={styles.number} data-label={t(`measurement.funnel.${key}`)}>
                        {number.format(report.data.days.reduce((sum, day) => sum + day[key], 0))}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </Card>
            <Card title={t('measurement.vitalsTitle')} id="web-vitals">
              <p className={styles.muted}>{t('measurement.vitalsNote')}</p>
              {report.data.web_vitals.length === 0 ? (
                <p>{t('measurement.vitalsNone')}</p>
              ) : (
                <table className={`${styles.table} ${tables.stackedOnPhone}`}>
                  <caption>{t('measurement.vitalsCaption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('measurement.page')}</th>
                      <th scope="col">{t('measurement.metric')}</th>
                      <th scope="col" className={styles.number}>
                        {t('measurement.count')}
                      </th>
                      <th scope="col" className={styles.number}>
                        p50
                      </th>
                      <th scope="col" className={styles.number}>
                        p75
                      </th>
                      <th scope="col" className={styles.number}>
                        p95
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.data.web_vitals.map((row) => (
                      <tr key={`${row.path} ${row.metric}`}>
                        <th scope="row">
                          <code>{row.path}</code>
                        </th>
                        <td data-label={t('measurement.metric')}>{row.metric}</td>
                        <td className={styles.number} data-label={t('measurement.count')}>
                          {number.format(row.count)}
                        </td>
                        <td className={styles.number} data-label="p50">
                          {vitalValue(row, row.p50, number)}
                        </td>
                        <td className={styles.number} data-label="p75">
                          {vitalValue(row, row.p75, number)}
                        </td>
                        <td className={styles.number} data-label="p95">
                          {vitalValue(row, row.p95, number)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Card>
          </>
        ) : null}
      </div>
    </PageLayout>
  );
}
