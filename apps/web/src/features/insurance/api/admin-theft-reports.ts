import { type SharedTheftReport, SharedTheftReportListSchema } from '@nbr/domain/insurance-admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /insurance/{insurer}/admin/theft-reports — the reports the insurer's holders shared with it. */
export function getAdminTheftReports(
  insurerPartyId: string,
  signal?: AbortSignal,
): Promise<SharedTheftReport[]> {
  return api.get(`/insurance/${encodeURIComponent(insurerPartyId)}/admin/theft-reports`, {
    schema: SharedTheftReportListSchema,
    signal,
  });
}

export function useAdminTheftReports(insurerPartyId: string) {
  return useQuery({
    queryKey: ['insurer-admin', 'theft-reports', insurerPartyId],
    queryFn: ({ signal }) => getAdminTheftReports(insurerPartyId, signal),
  });
}
