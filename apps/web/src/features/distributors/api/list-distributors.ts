import { type Distributor, DistributorListSchema } from '@nbr/domain/distributors';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /distributors — listed dealers by town, postcode or name; every listed one when empty. */
export function listDistributors(query: string, signal?: AbortSignal): Promise<Distributor[]> {
  return api.get('/distributors', {
    schema: DistributorListSchema,
    query: { query: query || undefined },
    signal,
  });
}

/** The dealers of a search, for the page's loader and its screen. */
export const distributorsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['distributors', query] as const,
    queryFn: ({ signal }) => listDistributors(query, signal),
    staleTime: 60_000,
  });

export function useDistributors(query: string) {
  // While the next search's answer comes, the list shows the last one rather than a spinner.
  return useQuery({ ...distributorsQueryOptions(query), placeholderData: keepPreviousData });
}
