import type { Region } from '@nbr/domain/locale';
import { type TheftPlace, TheftPlaceSchema } from '@nbr/domain/theft';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

/**
 * GET /api/theft-places — where a typed address is: the national address register's point, else its
 * postcode's centre, else `place: null`. Asked when the person presses "Place on the map", so it is
 * a mutation (nothing to cache or refetch).
 */
export function getTheftPlace(q: string, region: Region): Promise<TheftPlace> {
  return api.get('/theft-places', { schema: TheftPlaceSchema, query: { q, region } });
}

export function usePlaceTheftAddress() {
  return useMutation({
    mutationFn: ({ q, region }: { q: string; region: Region }) => getTheftPlace(q, region),
  });
}
