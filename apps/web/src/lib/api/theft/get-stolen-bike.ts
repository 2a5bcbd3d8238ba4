import { type StolenBike, StolenBikeSchema } from '@nbr/domain/stolen-map';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

/*
 * Shared (lib/api/theft): the stolen-bike map's page of one bike reads it, and so does the public view
 * of a stolen bike (the sticker page, search's public page) for what its theft report says it looks
 * like. Its key sits under the map's ['stolen-map'] so whatever refreshes the map refreshes it too.
 */

/** GET /api/stolen-bikes/{bike_id} — one stolen bike as the public map shows it; 404 unless stolen now. */
export function getStolenBike(bikeId: string, signal?: AbortSignal): Promise<StolenBike> {
  return api.get(`/stolen-bikes/${encodeURIComponent(bikeId)}`, {
    schema: StolenBikeSchema,
    signal,
    auth: false,
  });
}

/**
 * One stolen bike's query: what the map's bike page's loader asks for (on the server, to paint the
 * page) and what the screens read, so hydration finds it.
 */
export function stolenBikeQuery(bikeId: string) {
  return queryOptions({
    queryKey: ['stolen-map', 'bike', bikeId] as const,
    queryFn: ({ signal }) => getStolenBike(bikeId, signal),
    // A bike no longer stolen answers 404: the page says so itself, with the way back to the map.
    meta: { pageData: false },
  });
}

export function useStolenBike(bikeId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...stolenBikeQuery(bikeId), enabled: options.enabled ?? true });
}
