import { type InsurerBike, InsurerBikeSchema } from '@nbr/domain/insurance-admin';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /insurance/{insurer}/admin/policies/{policyId}/bikes/{bikeId} — one insured bike as the insurer sees it. */
export function getAdminBike(
  insurerPartyId: string,
  policyId: string,
  bikeId: string,
  signal?: AbortSignal,
): Promise<InsurerBike> {
  const path = [insurerPartyId, 'admin', 'policies', policyId, 'bikes', bikeId]
    .map(encodeURIComponent)
    .join('/');
  return api.get(`/insurance/${path}`, { schema: InsurerBikeSchema, signal });
}

export const adminBikeQueryOptions = (insurerPartyId: string, policyId: string, bikeId: string) =>
  queryOptions({
    queryKey: ['insurer-admin', 'bike', insurerPartyId, policyId, bikeId],
    queryFn: ({ signal }) => getAdminBike(insurerPartyId, policyId, bikeId, signal),
  });

export function useAdminBike(insurerPartyId: string, policyId: string, bikeId: string) {
  return useSuspenseQuery(adminBikeQueryOptions(insurerPartyId, policyId, bikeId));
}
