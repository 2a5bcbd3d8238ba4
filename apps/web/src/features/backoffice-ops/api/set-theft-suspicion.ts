import { StaffTheftReportSummarySchema } from '@nbr/domain/theft';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffTheftReportsQueryKey } from './list-theft-reports.ts';

/** PUT /backoffice/theft-reports/{reportId}/suspicion — suspicious with a note, or cleared. */
export function setTheftSuspicion(input: { reportId: string; suspicious: boolean; note?: string }) {
  return api.put(
    `/backoffice/theft-reports/${encodeURIComponent(input.reportId)}/suspicion`,
    { suspicious: input.suspicious, ...(input.note ? { note: input.note } : {}) },
    { schema: StaffTheftReportSummarySchema },
  );
}

export function useSetTheftSuspicion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTheftSuspicion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffTheftReportsQueryKey }),
  });
}
