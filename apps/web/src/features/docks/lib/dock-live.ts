import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { channelClient, type RealtimeStatus } from '../../../lib/realtime.ts';
import { dockLocksQueryKey } from '../api/get-dock-locks.ts';
import { dockOperationQueryKey } from '../api/get-dock-operation.ts';
import { applyLockState, applyOperatorLockState } from './lock-cache.ts';

/** While the live channel is not open, the page asks the API this often instead. */
export const DOCK_POLL_MS = 10_000;

/** The dock's live channel: GET /api/docks/{dockId}/websocket?ticket=… (lib/realtime's tickets and backoff). */
export function dockChannelPath(dockId: string): string {
  return `/api/docks/${encodeURIComponent(dockId)}/websocket`;
}

/**
 * Follows one dock's live channel while the page is shown: each `dock.lock` event patches the lock's
 * state in the cached locks (the person's view, or the operator's with `view: 'operator'`); after a
 * reconnect (events may have been missed) and on `resync` the locks are fetched again. Answers the
 * channel's status, so the page can say whether it is live and poll while it is not.
 */
export function useDockLive(
  dockId: string | undefined,
  view: 'person' | 'operator' = 'person',
): RealtimeStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('idle');
  useEffect(() => {
    if (!dockId) return;
    const client = channelClient(dockChannelPath(dockId));
    const refetch = () =>
      void queryClient.invalidateQueries({
        queryKey: view === 'person' ? dockLocksQueryKey(dockId) : dockOperationQueryKey(dockId),
      });
    const offStatus = client.onStatus((next, { reconnected }) => {
      setStatus(next);
      if (next === 'open' && reconnected) refetch();
    });
    const offEvents = client.subscribe((event) => {
      if (event.type === 'dock.lock' && event.dock_id === dockId) {
        if (view === 'person') applyLockState(queryClient, dockId, event.lock_id, event.state);
        else {
          // The operator's view also shows since when a bike stands there: the state at once, the rest fetched.
          applyOperatorLockState(queryClient, dockId, event.lock_id, event.state);
          refetch();
        }
      } else if (event.type === 'resync') {
        refetch();
      }
    });
    const retryNow = () => {
      if (client.getStatus() === 'closed') client.restart();
    };
    window.addEventListener('online', retryNow);
    client.start();
    return () => {
      window.removeEventListener('online', retryNow);
      offStatus();
      offEvents();
      client.stop();
      setStatus('idle');
    };
  }, [dockId, queryClient, view]);
  return status;
}
