import { FLOW_WALK_TOKEN_HEADER, type FlowWalk, FlowWalkSchema } from '@nbr/domain/flows';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { StoredWalk } from '../lib/walk-store.ts';

export const walkQueryKey = (walkId: string) => ['flows', 'walks', walkId] as const;

/** GET /flows/walks/{walkId} — the walk as its token left it (404 flow_walk_not_found). */
export function getWalk(walk: StoredWalk, signal?: AbortSignal): Promise<FlowWalk> {
  return api.get(`/flows/walks/${encodeURIComponent(walk.walkId)}`, {
    schema: FlowWalkSchema,
    headers: { [FLOW_WALK_TOKEN_HEADER]: walk.token },
    signal,
  });
}

export const walkQueryOptions = (walk: StoredWalk) =>
  queryOptions({
    queryKey: walkQueryKey(walk.walkId),
    queryFn: ({ signal }) => getWalk(walk, signal),
    // A walk changes only by this tab's own saves, which put their answer in the cache.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useWalk(walk: StoredWalk | null) {
  return useQuery({
    ...walkQueryOptions(walk ?? { walkId: '', token: '' }),
    enabled: walk !== null,
  });
}
