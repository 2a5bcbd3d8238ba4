import { BikeServicesSchema } from '@nbr/domain/webshop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /webshop/bike-services/{bike_id} — whether something can still be bought for this bike (a
 * registration while it has none, the BikeDNA marking once). A read, so a query.
 */
export function getBikeServices(bikeId: string, signal?: AbortSignal): Promise<{ has_products: boolean }> {
  return api.post(`/webshop/bike-services/${encodeURIComponent(bikeId)}`, undefined, {
    schema: BikeServicesSchema,
    signal,
  });
}

export function bikeServicesQueryOptions(bikeId: string) {
  return queryOptions({
    queryKey: ['webshop', 'bike-services', bikeId],
    queryFn: ({ signal }) => getBikeServices(bikeId, signal),
  });
}

export function useBikeServices(bikeId: string) {
  return useQuery(bikeServicesQueryOptions(bikeId));
}
