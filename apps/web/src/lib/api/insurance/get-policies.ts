import { type Policy, PolicyListSchema } from '@nbr/domain/insurance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

export const policiesQueryKey = ['insurance', 'policies'] as const;

/** GET /insurance/policies/ — the person's own policies, newest first. */
export function getPolicies(signal?: AbortSignal): Promise<Policy[]> {
  return api.get('/insurance/policies/', { schema: PolicyListSchema, signal });
}

export const policiesQueryOptions = queryOptions({
  queryKey: policiesQueryKey,
  queryFn: ({ signal }) => getPolicies(signal),
});

export function usePolicies() {
  return useQuery(policiesQueryOptions);
}
