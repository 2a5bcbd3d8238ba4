import { type LockHistory, LockHistorySchema } from '@nbr/domain/docks';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const LOCK_HISTORY_PAGE_SIZE = 50;

/** GET /docks/{dockId}/locks/{lockId}/history — events and commands, newest first; older ones after `cursor`. */
export function getLockHistory(
  dockId: string,
  lockId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<LockHistory> {
  return api.get(`/docks/${encodeURIComponent(dockId)}/locks/${encodeURIComponent(lockId)}/history`, {
    schema: LockHistorySchema,
    query: { page_size: LOCK_HISTORY_PAGE_SIZE, cursor },
    signal,
  });
}

export const lockHistoryQueryOptions = (dockId: string, lockId: string) =>
  infiniteQueryOptions({
    queryKey: ['operator-docks', dockId, 'locks', lockId, 'history'] as const,
    queryFn: ({ pageParam, signal }) => getLockHistory(dockId, lockId, pageParam, signal),
    // null, not undefined: the page params are kept in the persisted cache as JSON, which has no undefined.
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** The pages read so far, the newest first; `fetchNextPage` reads older ones. */
export function useLockHistory(dockId: string, lockId: string) {
  return useInfiniteQuery(lockHistoryQueryOptions(dockId, lockId));
}
