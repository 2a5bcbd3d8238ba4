import { INSURED_ITEM_STATUSES } from '@nbr/domain/insurance';
import { type InsurerReport, monthsOf, type ReportPeriod, recoveryRate } from '@nbr/domain/insurance-admin';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import * as repository from './insurer-admin.repository.ts';
import { insurerContext, sharedReportsOfInsurer } from './insurer-admin.service.ts';
import { type PdfLanguage, renderInsurerReportPdf } from './report-pdf.ts';

/*
 * The insurer's reports (issue 16 §4): for a period of whole days (UTC), thefts and payouts per
 * month, the recovery rate (found / stolen), thefts per place and today's verification backlog, as
 * JSON for the page and as CSV and PDF downloads. Thefts count only the reports their owners shared
 * with the insurer (insurance.md §6): a report not shared, or withdrawn, is not the insurer's to see,
 * not even as a number.
 */

const DAY_MS = 86_400_000;

/**
 * Where a theft happened, as near as the register knows: the postal town written after a postal
 * code in the report's place ("Vesterbrogade 1, 1620 København V"), else the reporter's own town.
 * The register holds no municipality: a postal town approximates it.
 */
export function placeOfTheft(place: string | null, city: string | null): string {
  const matches = [...(place ?? '').matchAll(/\b\d{4}\s+([^\d,;]+)/g)];
  const town = matches.at(-1)?.[1]?.trim() ?? city?.trim() ?? '';
  return town.replace(/\s+/g, ' ');
}

/** The report's figures for the caller's insurer and the period. */
export async function insurerReport(
  deps: Pick<InsuranceDeps, 'db'>,
  auth: RequestAuth,
  insurerPartyId: string,
  period: ReportPeriod,
): Promise<InsurerReport> {
  return deps.db.transaction(async (tx) => {
    const { insurer } = await insurerContext(tx, auth, insurerPartyId, 'read');
    const from = new Date(`${period.from}T00:00:00Z`);
    const to = new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS);
    const inPeriod = (date: Date | null) => date !== null && date >= from && date < to;
    const thefts = (await sharedReportsOfInsurer(tx, insurer.partyId))
      .map(({ report }) => report)
      .filter((report) => inPeriod(report.submittedAt));
    const payouts = await repository.listPayoutsOfInsurer(tx, insurer.partyId, from, to);
    const monthOf = (date: Date) => date.toISOString().slice(0, 7);
    const months = monthsOf(period).map((month) => {
      const ofMonth = thefts.filter((report) => report.submittedAt && monthOf(report.submittedAt) === month);
      const paid = payouts.filter((payout) => monthOf(payout.paidAt) === month);
      return {
        month,
        thefts: ofMonth.length,
        found: ofMonth.filter((report) => report.closedReason === 'found').length,
        payouts: paid.length,
        payout_amount_minor: paid.reduce((total, payout) => total + payout.amountMinor, 0),
      };
    });
    const places = new Map<string, number>();
    for (const report of thefts) {
      const name = placeOfTheft(report.place, report.city);
      places.set(name, (places.get(name) ?? 0) + 1);
    }
    const backlog = new Map(
      (await repository.countItemsByVerificationStatus(tx, insurer.partyId)).map((row) => [
        row.status,
        row.count,
      ]),
    );
    const found = thefts.filter((report) => report.closedReason === 'found').length;
    return {
      insurer: { party_id: insurer.partyId, name: insurer.name },
      period: { from: period.from, to: period.to },
      currency: insurer.region === 'no' ? 'NOK' : 'DKK',
      months,
      thefts: thefts.length,
      found,
      recovery_rate: recoveryRate(found, thefts.length),
      payouts: payouts.length,
      payout_amount_minor: payouts.reduce((total, payout) => total + payout.amountMinor, 0),
      municipalities: [...places]
        .map(([name, count]) => ({ name, thefts: count }))
        .sort((a, b) => b.thefts - a.thefts || a.name.localeCompare(b.name)),
      verification_backlog: INSURED_ITEM_STATUSES.map((status) => ({
        status,
        count: backlog.get(status) ?? 0,
      })),
    };
  });
}

/** A CSV field: quoted when needed; a leading = + - @ is defused so no spreadsheet runs it. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The report as CSV (UTF-8, comma separated, CRLF): one table whose first column names the part —
 * `month` rows, `place` rows, `verification` rows and a `total` row — so it sorts and filters in a
 * spreadsheet. Amounts are minor units (øre) in the report's currency.
 */
export function reportCsv(report: InsurerReport): string {
  const header = [
    'section',
    'key',
    'thefts',
    'found',
    'payouts',
    `payout_amount_minor_${report.currency.toLowerCase()}`,
    'bikes',
    'recovery_rate',
  ];
  const rows: Array<Array<string | number | null>> = [
    ...report.months.map((month) => [
      'month',
      month.month,
      month.thefts,
      month.found,
      month.payouts,
      month.payout_amount_minor,
      null,
      recoveryRate(month.found, month.thefts),
    ]),
    [
      'total',
      `${report.period.from}..${report.period.to}`,
      report.thefts,
      report.found,
      report.payouts,
      report.payout_amount_minor,
      null,
      report.recovery_rate,
    ],
    ...report.municipalities.map((place) => [
      'place',
      place.name,
      place.thefts,
      null,
      null,
      null,
      null,
      null,
    ]),
    ...report.verification_backlog.map((row) => [
      'verification',
      row.status,
      null,
      null,
      null,
      null,
      row.count,
      null,
    ]),
  ];
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** The report as a PDF in the caller's language. */
export function reportPdf(report: InsurerReport, language: PdfLanguage, now = new Date()): Promise<Buffer> {
  return renderInsurerReportPdf({ report, language, now });
}

/** The file name of a download. */
export function reportFileName(report: InsurerReport, extension: 'csv' | 'pdf'): string {
  return `insurance-report-${report.period.from}-${report.period.to}.${extension}`;
}
