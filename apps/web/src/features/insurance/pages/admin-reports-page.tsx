import { type InsurerReport, type ReportPeriod, ReportPeriodSchema } from '@nbr/domain/insurance-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { htmlLang } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import tables from '../../../ui/table.module.css';
import { TextField } from '../../../ui/text-field.tsx';
import { adminInsurerQueryOptions, isOwnInsurer, useAdminInsurer } from '../api/admin-insurer.ts';
import { downloadAdminReport, useAdminReport } from '../api/admin-reports.ts';
import styles from './admin.module.css';

/** The insurer's own people only; anyone else gets the 404 page. */
export async function loader({ params }: LoaderFunctionArgs) {
  const organisation = await queryClient.ensureQueryData(
    adminInsurerQueryOptions(params.insurerPartyId ?? ''),
  );
  if (!isOwnInsurer(organisation)) throw new Response(null, { status: 404 });
  return null;
}

/** This year so far. */
function defaultPeriod(now = new Date()): ReportPeriod {
  const today = now.toISOString().slice(0, 10);
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

/** Bars for a list of numbers, each labelled; hidden from screen readers (the table beside it has the numbers). */
function Bars({
  rows,
  payout = false,
}: {
  rows: Array<{ label: string; value: number; text: string }>;
  payout?: boolean;
}) {
  const most = Math.max(1, ...rows.map((row) => row.value));
  return (
    <div className={styles.chart} aria-hidden="true">
      {rows.map((row) => (
        <div key={row.label} style={{ display: 'contents' }}>
          <span className={styles.muted}>{row.label}</span>
          <span className={styles.bar}>
            <span
              className={[styles.barFill, payout ? styles.payout : ''].filter(Boolean).join(' ')}
              style={{ width: `${(row.value / most) * 80}%` }}
            />
            <span>{row.text}</span>
          </span>
        </div>
      ))}
    </div>
  );
}

function Figures({ report }: { report: InsurerReport }) {
  const { t, i18n } = useTranslation(['insurer-admin', 'common']);
  const locale = htmlLang(i18n.language);
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const money = (minor: number) => formatMoney(minor, report.currency, i18n.language);
  const month = (value: string) =>
    new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${value}-01T00:00:00Z`),
    );

  return (
    <>
      <Card title={t('reports.summaryTitle')} id="summary">
        <dl className={styles.details}>
          <dt>{t('reports.thefts')}</dt>
          <dd>{number.format(report.thefts)}</dd>
          <dt>{t('reports.found')}</dt>
          <dd>{number.format(report.found)}</dd>
          <dt>{t('reports.recoveryRate')}</dt>
          <dd>
            {report.recovery_rate === null ? t('reports.noneStolen') : percent.format(report.recovery_rate)}
          </dd>
          <dt>{t('reports.payouts')}</dt>
          <dd>{number.format(report.payouts)}</dd>
          <dt>{t('reports.paidOut')}</dt>
          <dd>{money(report.payout_amount_minor)}</dd>
        </dl>
        <p className={styles.muted}>{t('reports.consent')}</p>
      </Card>

      <Card title={t('reports.perMonthTitle')} id="per-month">
        <h3>{t('reports.thefts')}</h3>
        <Bars
          rows={report.months.map((row) => ({
            label: month(row.month),
            value: row.thefts,
            text: number.format(row.thefts),
          }))}
        />
        <h3>{t('reports.paidOut')}</h3>
        <Bars
          payout
          rows={report.months.map((row) => ({
            label: month(row.month),
            value: row.payout_amount_minor,
            text: money(row.payout_amount_minor),
          }))}
        />
        {/*
          Issue 27: on a phone the five columns scrolled sideways in an area no keyboard could reach
          (axe scrollable-region-focusable); as elsewhere in the insurer's admin, the table becomes
          one card per month there instead, and nothing needs scrolling.
        */}
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.stacked} ${tables.stackedOnPhone}`}>
            <caption>{t('reports.perMonthCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reports.month')}</th>
                <th scope="col" className={styles.number}>
                  {t('reports.thefts')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('reports.found')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('reports.payouts')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('reports.paidOut')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.months.map((row) => (
                <tr key={row.month}>
                  <th scope="row">{month(row.month)}</th>
                  <td className={styles.number} data-label={t('reports.thefts')}>
                    {number.format(row.thefts)}
                  </td>
                  <td className={styles.number} data-label={t('reports.found')}>
                    {number.format(row.found)}
                  </td>
                  <td className={styles.number} data-label={t('reports.payouts')}>
                    {number.format(row.payouts)}
                  </td>
                  <td className={styles.number} data-label={t('reports.paidOut')}>
                    {money(row.payout_amount_minor)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      <Card title={t('reports.placesTitle')} id="places">
        {report.municipalities.length === 0 ? (
          <p>{t('reports.nonePeriod')}</p>
        ) : (
          <>
            <Bars
              rows={report.municipalities.map((row) => ({
                label: row.name || t('reports.unknownPlace'),
                value: row.thefts,
                text: number.format(row.thefts),
              }))}
            />
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption>{t('reports.placesCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('reports.place')}</th>
                    <th scope="col" className={styles.number}>
                      {t('reports.thefts')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.municipalities.map((row) => (
                    <tr key={row.name}>
                      <th scope="row">{row.name || t('reports.unknownPlace')}</th>
                      <td className={styles.number}>{number.format(row.thefts)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <p className={styles.muted}>{t('reports.placesNote')}</p>
      </Card>

      <Card title={t('reports.backlogTitle')} id="backlog">
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>{t('reports.backlogCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reports.status')}</th>
                <th scope="col" className={styles.number}>
                  {t('reports.bikes')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.verification_backlog.map((row) => (
                <tr key={row.status}>
                  <th scope="row">
                    {t(`bike.verificationStatus.${row.status}`, { defaultValue: row.status })}
                  </th>
                  <td className={styles.number}>{number.format(row.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </>
  );
}

/**
 * /insurance/{insurerPartyId}/admin/reports — the insurer's figures for a chosen period, with
 * simple bars (the numbers are in tables too) and downloads as CSV and PDF.
 */
export function Component() {
  const { t, i18n } = useTranslation(['insurer-admin', 'common']);
  const insurerPartyId = useParams().insurerPartyId ?? '';
  const { data: insurer } = useAdminInsurer(insurerPartyId);
  const [draft, setDraft] = useState<ReportPeriod>(defaultPeriod);
  const [period, setPeriod] = useState<ReportPeriod>(draft);
  const [periodError, setPeriodError] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);
  const query = useAdminReport(insurerPartyId, period);

  const show = () => {
    const parsed = ReportPeriodSchema.safeParse(draft);
    if (!parsed.success) {
      setPeriodError(parsed.error.issues[0]?.message ?? 'invalid_value');
      return;
    }
    setPeriodError(null);
    setPeriod(parsed.data);
  };

  const download = async (format: 'csv' | 'pdf') => {
    setDownloadError(null);
    setDownloading(format);
    try {
      await downloadAdminReport(insurerPartyId, period, format, i18n.language);
    } catch (failure) {
      setDownloadError(errorMessage(failure, t));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <PageLayout title={t('reports.title')} lead={t('reports.lead', { name: insurer.name })}>
      <div className={styles.stack}>
        <p>
          <Link href={paths.insurance.admin.getHref({ insurerPartyId })}>{t('bike.back')}</Link>
        </p>
        <Card title={t('reports.periodTitle')} id="period">
          <form
            className={styles.filters}
            onSubmit={(event) => {
              event.preventDefault();
              show();
            }}
          >
            <TextField
              type="date"
              label={t('reports.from')}
              value={draft.from}
              onChange={(from) => setDraft({ ...draft, from })}
            />
            <TextField
              type="date"
              label={t('reports.to')}
              value={draft.to}
              onChange={(to) => setDraft({ ...draft, to })}
              error={periodError}
            />
            <div className={styles.actions}>
              <Button type="submit">{t('reports.show')}</Button>
            </div>
          </form>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              isPending={downloading === 'csv'}
              onPress={() => void download('csv')}
            >
              {t('reports.downloadCsv')}
            </Button>
            <Button
              variant="secondary"
              isPending={downloading === 'pdf'}
              onPress={() => void download('pdf')}
            >
              {t('reports.downloadPdf')}
            </Button>
          </div>
          {downloadError ? <Alert tone="error">{downloadError}</Alert> : null}
        </Card>
        {query.isError ? <Alert tone="error">{errorMessage(query.error, t)}</Alert> : null}
        {query.data ? <Figures report={query.data} /> : null}
      </div>
    </PageLayout>
  );
}
