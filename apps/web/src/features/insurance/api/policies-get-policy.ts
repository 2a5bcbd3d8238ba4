import { type Policy, PolicySchema } from '@nbr/domain/insurance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { policiesQueryKey } from '../../../lib/api/insurance/get-policies.ts';
import { api } from '../../../lib/api-client.ts';

export const policyQueryKey = (policyId: string) => [...policiesQueryKey, policyId] as const;

/** GET /insurance/policies/{id}/ — one policy; anyone but its holder and insurer gets 404 (the 404 page). */
export function getPolicy(policyId: string, signal?: AbortSignal): Promise<Policy> {
  return api.get(`/insurance/policies/${encodeURIComponent(policyId)}/`, { schema: PolicySchema, signal });
}

export function policyQueryOptions(policyId: string) {
  return queryOptions({
    queryKey: policyQueryKey(policyId),
    queryFn: ({ signal }) => getPolicy(policyId, signal),
  });
}

export function usePolicy(policyId: string) {
  return useQuery(policyQueryOptions(policyId));
}
