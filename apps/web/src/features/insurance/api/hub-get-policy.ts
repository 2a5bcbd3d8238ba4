import { type Policy, PolicySchema } from '@nbr/domain/insurance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const hubPolicyQueryKey = (policyId: string) => ['insurance', 'policies', policyId] as const;

/** GET /insurance/policies/{id}/ — the policy with each insured bike and what it still needs. */
export function getHubPolicy(policyId: string, signal?: AbortSignal): Promise<Policy> {
  return api.get(`/insurance/policies/${encodeURIComponent(policyId)}/`, { schema: PolicySchema, signal });
}

export function hubPolicyQueryOptions(policyId: string) {
  return queryOptions({
    queryKey: hubPolicyQueryKey(policyId),
    queryFn: ({ signal }) => getHubPolicy(policyId, signal),
  });
}

export function useHubPolicy(policyId: string) {
  return useQuery(hubPolicyQueryOptions(policyId));
}
