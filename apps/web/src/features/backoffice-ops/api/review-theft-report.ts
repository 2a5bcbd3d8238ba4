import { StaffTheftReportSummarySchema } from '@nbr/domain/theft';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffTheftReportsQueryKey } from './list-theft-reports.ts';

/** POST /backoffice/theft-reports/{reportId}/review — the report was looked at. */
export function reviewTheftReport(reportId: string) {
  return api.post(`/backoffice/theft-reports/${encodeURIComponent(reportId)}/review`, undefined, {
    schema: StaffTheftReportSummarySchema,
  });
}

export function useReviewTheftReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewTheftReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffTheftReportsQueryKey }),
  });
}
