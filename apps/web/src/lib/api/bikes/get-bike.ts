import { type Bike, BikeSchema } from '@nbr/domain/bikes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { bikesQueryKey } from './get-bikes.ts';

export const bikeQueryKey = (bikeId: string) => [...bikesQueryKey, bikeId] as const;

export const bikePath = (bikeId: string) => `/bikes/${encodeURIComponent(bikeId)}/`;

/** GET /bikes/{bike_id}/ — one bike as its owner sees it; someone else's answers 404 (the 404 page). */
export function getBike(bikeId: string, signal?: AbortSignal): Promise<Bike> {
  return api.get(bikePath(bikeId), { schema: BikeSchema, signal });
}

export function bikeQueryOptions(bikeId: string) {
  return queryOptions({ queryKey: bikeQueryKey(bikeId), queryFn: ({ signal }) => getBike(bikeId, signal) });
}

export function useBike(bikeId: string) {
  return useQuery(bikeQueryOptions(bikeId));
}
