import { type HolderDetails, HolderDetailsSchema } from '@nbr/domain/insurance-signup';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { policyQueryKey } from './policies-get-policy.ts';

export const holderDetailsQueryKey = (policyId: string) =>
  [...policyQueryKey(policyId), 'holder-details'] as const;

/** GET /insurance/policies/{id}/holder-details — to the holder with the national id masked. */
export function getHolderDetails(policyId: string, signal?: AbortSignal): Promise<HolderDetails> {
  return api.get(`/insurance/policies/${encodeURIComponent(policyId)}/holder-details`, {
    schema: HolderDetailsSchema,
    signal,
  });
}

export function useHolderDetails(policyId: string) {
  return useQuery(
    queryOptions({
      queryKey: holderDetailsQueryKey(policyId),
      queryFn: ({ signal }) => getHolderDetails(policyId, signal),
    }),
  );
}
