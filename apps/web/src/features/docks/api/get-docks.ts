import { DockListSchema, type DockSummary } from '@nbr/domain/docks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const docksQueryKey = ['docks'] as const;

/** GET /docks — the docks I may use, with their free locks now. */
export async function getDocks(signal?: AbortSignal): Promise<DockSummary[]> {
  const answer = await api.get('/docks', { schema: DockListSchema, signal });
  return answer.docks;
}

export const docksQueryOptions = queryOptions({
  queryKey: docksQueryKey,
  queryFn: ({ signal }) => getDocks(signal),
  // Free locks change by the minute; the list is fetched again when the person comes back to it.
  staleTime: 15_000,
});

export function useDocks() {
  return useQuery(docksQueryOptions);
}
