import { type LastDockParking, LastDockParkingSchema } from '@nbr/domain/docks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bikeQueryKey } from '../../../lib/api/bikes/get-bike.ts';
import { api } from '../../../lib/api-client.ts';

export const lastDockParkingQueryKey = (bikeId: string) =>
  [...bikeQueryKey(bikeId), 'last-dock-parking'] as const;

/**
 * GET /bikes/{bike_id}/last-dock-parking — where the owner's stolen bike was last locked in a dock
 * (issue 28); null while it is not stolen or never stood in a dock.
 */
export function getLastDockParking(bikeId: string, signal?: AbortSignal): Promise<LastDockParking> {
  return api.get(`/bikes/${encodeURIComponent(bikeId)}/last-dock-parking`, {
    schema: LastDockParkingSchema,
    signal,
  });
}

/** Asked only while the bike is stolen (`enabled`): the answer is null otherwise. */
export function useLastDockParking(bikeId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: lastDockParkingQueryKey(bikeId),
      queryFn: ({ signal }) => getLastDockParking(bikeId, signal),
      meta: { pageData: false },
    }),
    enabled,
  });
}
