import { type PublicBike, PublicBikeSchema } from '@nbr/domain/bikes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

export const publicBikeQueryKey = (bikeId: string, viewer: string | null) =>
  ['bikes', bikeId, 'public', viewer] as const;

/**
 * GET /bikes/{bike_id}/public — what anyone may see of a bike; with a token, is_owner says whether
 * the caller owns it. 404 for an unknown bike and for a private one seen by someone else.
 */
export function getPublicBike(bikeId: string, signal?: AbortSignal): Promise<PublicBike> {
  return api.get(`/bikes/${encodeURIComponent(bikeId)}/public`, { schema: PublicBikeSchema, signal });
}

/** `viewer` (the acting party, or null for a visitor) is part of the key: is_owner depends on it. */
export const publicBikeQueryOptions = (bikeId: string, viewer: string | null) =>
  queryOptions({
    queryKey: publicBikeQueryKey(bikeId, viewer),
    queryFn: ({ signal }) => getPublicBike(bikeId, signal),
    // 'Not found' is an answer the page explains itself (the bike may be private), not the 404 page.
    meta: { pageData: false },
  });

export function usePublicBike(bikeId: string, viewer: string | null) {
  return useQuery(publicBikeQueryOptions(bikeId, viewer));
}
