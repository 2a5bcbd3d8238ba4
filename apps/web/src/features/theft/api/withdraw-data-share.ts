import { type TheftReport, TheftReportSchema } from '@nbr/domain/theft';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { theftReportQueryKey } from './theft-report.ts';

/**
 * POST /bikes/{bikeId}/theft-report/withdraw-data-share — the report's maker stops it being shared
 * with their insurer (issue 16 §4, insurance.md §6). Answers the report; doing it again changes nothing.
 */
export function withdrawDataShare(bikeId: string): Promise<TheftReport> {
  return api.post(`/bikes/${encodeURIComponent(bikeId)}/theft-report/withdraw-data-share`, undefined, {
    schema: TheftReportSchema,
  });
}

export function useWithdrawDataShare(bikeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawDataShare(bikeId),
    onSuccess: (report) => queryClient.setQueryData(theftReportQueryKey(bikeId), report),
  });
}
