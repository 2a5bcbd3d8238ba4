import { type DockLocks, DockLocksSchema } from '@nbr/domain/docks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const dockLocksQueryKey = (dockId: string) => ['docks', dockId, 'locks'] as const;

/** GET /docks/{dockId}/locks — the dock and each lock's state now (404 dock_not_found if I may not use it). */
export function getDockLocks(dockId: string, signal?: AbortSignal): Promise<DockLocks> {
  return api.get(`/docks/${encodeURIComponent(dockId)}/locks`, { schema: DockLocksSchema, signal });
}

/** While the live channel is down the page asks every `pollMs` instead (false: it is live). */
export const dockLocksQueryOptions = (dockId: string, pollMs: number | false = false) =>
  queryOptions({
    queryKey: dockLocksQueryKey(dockId),
    queryFn: ({ signal }) => getDockLocks(dockId, signal),
    refetchInterval: pollMs,
  });

export function useDockLocks(dockId: string, pollMs: number | false = false) {
  return useQuery(dockLocksQueryOptions(dockId, pollMs));
}
