import { OperatorDockListSchema, type OperatorDockSummary } from '@nbr/domain/docks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const operatorDocksQueryKey = ['operator-docks'] as const;

/** GET /operator/docks — the docks the organisation the session acts for runs, with occupancy now. */
export async function getOperatorDocks(signal?: AbortSignal): Promise<OperatorDockSummary[]> {
  const answer = await api.get('/operator/docks', { schema: OperatorDockListSchema, signal });
  return answer.docks;
}

export const operatorDocksQueryOptions = queryOptions({
  queryKey: operatorDocksQueryKey,
  queryFn: ({ signal }) => getOperatorDocks(signal),
});

export function useOperatorDocks(enabled = true) {
  return useQuery({ ...operatorDocksQueryOptions, enabled });
}
