import { type DockOperation, DockOperationSchema } from '@nbr/domain/docks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const dockOperationQueryKey = (dockId: string) => ['operator-docks', dockId] as const;

/** GET /docks/{dockId}/operation — the dock with its access lists, devices and each lock (never who parked). */
export function getDockOperation(dockId: string, signal?: AbortSignal): Promise<DockOperation> {
  return api.get(`/docks/${encodeURIComponent(dockId)}/operation`, { schema: DockOperationSchema, signal });
}

/** While the live channel is down the page asks every `pollMs` instead. */
export const dockOperationQueryOptions = (dockId: string, pollMs: number | false = false) =>
  queryOptions({
    queryKey: dockOperationQueryKey(dockId),
    queryFn: ({ signal }) => getDockOperation(dockId, signal),
    refetchInterval: pollMs,
  });

export function useDockOperation(
  dockId: string,
  options: { pollMs?: number | false; enabled?: boolean } = {},
) {
  return useQuery({
    ...dockOperationQueryOptions(dockId, options.pollMs ?? false),
    enabled: options.enabled ?? true,
  });
}
