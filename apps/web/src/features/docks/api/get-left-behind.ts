import { type LeftBehindList, LeftBehindListSchema } from '@nbr/domain/docks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const leftBehindQueryKey = (dockId: string) => ['operator-docks', dockId, 'left-behind'] as const;

/** GET /docks/{dockId}/left-behind — bikes parked longer than the dock allows, not yet handed over. */
export function getLeftBehind(dockId: string, signal?: AbortSignal): Promise<LeftBehindList> {
  return api.get(`/docks/${encodeURIComponent(dockId)}/left-behind`, {
    schema: LeftBehindListSchema,
    signal,
  });
}

export const leftBehindQueryOptions = (dockId: string) =>
  queryOptions({
    queryKey: leftBehindQueryKey(dockId),
    queryFn: ({ signal }) => getLeftBehind(dockId, signal),
  });

export function useLeftBehind(dockId: string) {
  return useQuery(leftBehindQueryOptions(dockId));
}
