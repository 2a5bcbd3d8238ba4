import { type InsurerReport, InsurerReportSchema, type ReportPeriod } from '@nbr/domain/insurance-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE, api, fetchAuthenticatedFile } from '../../../lib/api-client.ts';

/*
 * The insurer's report for a period (GET /insurance/{insurer}/admin/reports) and its CSV and PDF
 * downloads, fetched with the bearer token and saved from an object URL.
 */

const base = (insurerPartyId: string) => `/insurance/${encodeURIComponent(insurerPartyId)}/admin/reports`;

export function getAdminReport(
  insurerPartyId: string,
  period: ReportPeriod,
  signal?: AbortSignal,
): Promise<InsurerReport> {
  return api.get(base(insurerPartyId), { schema: InsurerReportSchema, signal, query: { ...period } });
}

export function useAdminReport(insurerPartyId: string, period: ReportPeriod) {
  return useQuery({
    queryKey: ['insurer-admin', 'report', insurerPartyId, period],
    queryFn: ({ signal }) => getAdminReport(insurerPartyId, period, signal),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the report as CSV or PDF (in `language`) under the name the API gives it. */
export async function downloadAdminReport(
  insurerPartyId: string,
  period: ReportPeriod,
  format: 'csv' | 'pdf',
  language: string,
): Promise<void> {
  // The PDF is written in da, en or no; any other language of the app (Icelandic) reads it in English.
  const lang = ['da', 'en', 'no'].includes(language) ? language : 'en';
  const search = new URLSearchParams({ ...period, ...(format === 'pdf' ? { lang } : {}) });
  const blob = await fetchAuthenticatedFile(`${API_BASE}${base(insurerPartyId)}/${format}?${search}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `insurance-report-${period.from}-${period.to}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
