import { type StolenBike, StolenBikeSchema } from '@nbr/domain/stolen-map';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { stolenMapQueryKey } from './get-stolen-bikes-map.ts';

/** GET /api/stolen-bikes/{bike_id} — one stolen bike as the public map shows it; 404 unless stolen now. */
export function getStolenBike(bikeId: string, signal?: AbortSignal): Promise<StolenBike> {
  return api.get(`/stolen-bikes/${encodeURIComponent(bikeId)}`, {
    schema: StolenBikeSchema,
    signal,
    auth: false,
  });
}

export function useStolenBike(bikeId: string) {
  return useQuery({
    queryKey: [...stolenMapQueryKey, 'bike', bikeId],
    queryFn: ({ signal }) => getStolenBike(bikeId, signal),
    // A bike no longer stolen answers 404: the page says so itself, with the way back to the map.
    meta: { pageData: false },
  });
}
