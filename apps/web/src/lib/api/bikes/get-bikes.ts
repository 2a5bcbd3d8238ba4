import { BikeListSchema, type BikeSummary } from '@nbr/domain/bikes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

export const bikesQueryKey = ['bikes'] as const;

/** GET /bikes/ — the acting party's bikes, newest first. */
export function getBikes(signal?: AbortSignal): Promise<BikeSummary[]> {
  return api.get('/bikes/', { schema: BikeListSchema, signal });
}

export const bikesQueryOptions = queryOptions({
  queryKey: bikesQueryKey,
  queryFn: ({ signal }) => getBikes(signal),
});

export function useBikes() {
  return useQuery(bikesQueryOptions);
}
