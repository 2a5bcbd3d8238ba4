import { type MeasurementReport, MeasurementReportSchema } from '@nbr/domain/measurement';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /backoffice/measurement?from&to — the funnel per day and the web vitals per page. */
export function getMeasurement(
  span: { from: string; to: string },
  signal?: AbortSignal,
): Promise<MeasurementReport> {
  return api.get('/backoffice/measurement', { schema: MeasurementReportSchema, query: span, signal });
}

export function measurementQueryOptions(span: { from: string; to: string }) {
  return queryOptions({
    queryKey: ['backoffice', 'measurement', span.from, span.to] as const,
    queryFn: ({ signal }) => getMeasurement(span, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useMeasurement(span: { from: string; to: string }) {
  return useQuery(measurementQueryOptions(span));
}
