import { type HolderDetails, HolderDetailsSchema } from '@nbr/domain/insurance-signup';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const holderDetailsPath = (policyId: string) =>
  `/insurance/policies/${encodeURIComponent(policyId)}/holder-details`;

/**
 * GET /insurance/policies/{id}/holder-details as the insurer's staff: the holder's checkout details
 * with the national id masked (each read audited); 404 until the holder gave them.
 */
export function useAdminHolderDetails(policyId: string) {
  return useQuery({
    queryKey: ['insurer-admin', 'holder-details', policyId],
    queryFn: ({ signal }) =>
      api.get<HolderDetails>(holderDetailsPath(policyId), { schema: HolderDetailsSchema, signal }),
    retry: false,
    // 404 is an ordinary answer here (no checkout yet), not the 404 page.
    meta: { pageData: false },
  });
}

/**
 * POST /insurance/policies/{id}/holder-details/national-id-reveal — the national id in full, asked
 * for with a reason that is kept in the audit event. The answer is kept only in the component's
 * state, never in the query cache.
 */
export function useRevealNationalId(policyId: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<HolderDetails>(
        `${holderDetailsPath(policyId)}/national-id-reveal`,
        { reason },
        { schema: HolderDetailsSchema },
      ),
  });
}
