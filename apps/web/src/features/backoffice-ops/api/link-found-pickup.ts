import { StaffTheftReportSummarySchema } from '@nbr/domain/theft';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffTheftReportsQueryKey } from './list-theft-reports.ts';

/** PUT /backoffice/theft-reports/{reportId}/found-link — the found bike's pickup, or null. */
export function linkFoundPickup(input: { reportId: string; pickupId: string | null }) {
  return api.put(
    `/backoffice/theft-reports/${encodeURIComponent(input.reportId)}/found-link`,
    { pickup_id: input.pickupId },
    { schema: StaffTheftReportSummarySchema },
  );
}

export function useLinkFoundPickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkFoundPickup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffTheftReportsQueryKey }),
  });
}
