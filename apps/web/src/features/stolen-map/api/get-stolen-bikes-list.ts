import { type StolenBikesPage, StolenBikesPageSchema } from '@nbr/domain/stolen-map';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { filterQuery, type MapFilters } from '../lib/map-search-params.ts';
import { stolenMapQueryKey } from './get-stolen-bikes-map.ts';

/** GET /api/stolen-bikes/list — the stolen bikes, newest theft first, a page at a time (public). */
export function getStolenBikesList(
  filters: MapFilters,
  page: number,
  place: string | null,
  signal?: AbortSignal,
): Promise<StolenBikesPage> {
  return api.get('/stolen-bikes/list', {
    schema: StolenBikesPageSchema,
    signal,
    auth: false,
    query: { ...filterQuery(filters), page: page > 1 ? page : undefined, bbox: place ?? undefined },
  });
}

/**
 * The list's query: what the page's loader asks for (on the server, to paint the list and its count)
 * and what the screen reads, so hydration finds it.
 */
export function stolenBikesListQuery(filters: MapFilters, page: number, place: string | null) {
  return queryOptions({
    queryKey: [...stolenMapQueryKey, 'list', filters, page, place],
    queryFn: ({ signal }) => getStolenBikesList(filters, page, place, signal),
    // A failed answer is shown in the list (with a retry), not as the error page.
    meta: { pageData: false },
    staleTime: 30_000,
  });
}

export function useStolenBikesList(filters: MapFilters, page: number, place: string | null) {
  return useQuery({ ...stolenBikesListQuery(filters, page, place), placeholderData: keepPreviousData });
}
