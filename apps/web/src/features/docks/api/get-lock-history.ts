import { type LockHistory, LockHistorySchema } from '@nbr/domain/docks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const LOCK_HISTORY_PAGE_SIZE = 50;

/** GET /docks/{dockId}/locks/{lockId}/history — events and commands, newest first, a page at a time. */
export function getLockHistory(
  dockId: string,
  lockId: string,
  page: number,
  signal?: AbortSignal,
): Promise<LockHistory> {
  return api.get(`/docks/${encodeURIComponent(dockId)}/locks/${encodeURIComponent(lockId)}/history`, {
    schema: LockHistorySchema,
    query: { page, page_size: LOCK_HISTORY_PAGE_SIZE },
    signal,
  });
}

export const lockHistoryQueryOptions = (dockId: string, lockId: string, page: number) =>
  queryOptions({
    queryKey: ['operator-docks', dockId, 'locks', lockId, 'history', page] as const,
    queryFn: ({ signal }) => getLockHistory(dockId, lockId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useLockHistory(dockId: string, lockId: string, page: number) {
  return useQuery(lockHistoryQueryOptions(dockId, lockId, page));
}
