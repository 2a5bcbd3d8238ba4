import { type OrgBikeDetail, OrgBikeDetailSchema } from '@nbr/domain/org-search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const orgBikeQueryKey = (bikeId: string) => ['org-bike-search', 'bike', bikeId] as const;

/** GET /org-bike-search/bikes/{bike_id} — one bike with its history (audited for its owner). */
export function getOrgBike(bikeId: string, signal?: AbortSignal): Promise<OrgBikeDetail> {
  return api.get(`/org-bike-search/bikes/${encodeURIComponent(bikeId)}`, {
    schema: OrgBikeDetailSchema,
    signal,
  });
}

export function useOrgBike(bikeId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: orgBikeQueryKey(bikeId),
      queryFn: ({ signal }) => getOrgBike(bikeId, signal),
      meta: { pageData: false },
    }),
    enabled,
  });
}
