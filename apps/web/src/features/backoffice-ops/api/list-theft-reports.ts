import {
  type StaffTheftReportList,
  StaffTheftReportListSchema,
  type TheftReviewFilter,
} from '@nbr/domain/theft';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const staffTheftReportsQueryKey = ['backoffice', 'theft-reports'] as const;

/** GET /backoffice/theft-reports — the review queue (the bike's public facts, never the owner). */
export function listTheftReports(
  filter: TheftReviewFilter,
  signal?: AbortSignal,
): Promise<StaffTheftReportList> {
  return api.get('/backoffice/theft-reports', {
    schema: StaffTheftReportListSchema,
    query: { filter },
    signal,
  });
}

export const staffTheftReportsQueryOptions = (filter: TheftReviewFilter) =>
  queryOptions({
    queryKey: [...staffTheftReportsQueryKey, filter] as const,
    queryFn: ({ signal }) => listTheftReports(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useStaffTheftReports(filter: TheftReviewFilter) {
  return useQuery(staffTheftReportsQueryOptions(filter));
}
