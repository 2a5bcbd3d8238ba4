import { type SearchResponse, SearchResponseSchema } from '@nbr/domain/search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const searchQueryKey = (query: string) => ['search', query] as const;

/** GET /search?q= — the public search by frame number or plate ID (exact first, then look-alikes). */
export function searchRegister(query: string, signal?: AbortSignal): Promise<SearchResponse> {
  return api.get('/search', { query: { q: query }, schema: SearchResponseSchema, signal });
}

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchQueryKey(query),
    queryFn: ({ signal }) => searchRegister(query, signal),
    enabled: query !== '',
    // A search is not page data: a failure is shown beside the form, never as the error page.
    meta: { pageData: false },
    // The register changes slowly; the same search within a minute answers from the cache.
    staleTime: 60_000,
  });

export function useRegisterSearch(query: string) {
  return useQuery(searchQueryOptions(query));
}
