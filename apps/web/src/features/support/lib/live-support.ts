import type { RealtimeEvent } from '@nbr/domain/chats';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtime, startRealtime } from '../../../lib/realtime.ts';
import { supportQueryKey } from '../api/get-my-tickets.ts';

/** Whether a live event concerns support (a new message or a status change of a ticket). */
export function isSupportEvent(event: RealtimeEvent): boolean {
  return event.type === 'support.message' || event.type === 'support.ticket';
}

/** A support event came (or the connection came back and events may have been missed): fetch again. */
export function refreshSupport(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: supportQueryKey });
}

/** What a live event does to the support screens: a support event, or `resync` (events lost), fetches again. */
export function applySupportEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  if (isSupportEvent(event) || event.type === 'resync') refreshSupport(queryClient);
}

/**
 * Keeps the support screens live while they are open: starts the tab's connection (the public
 * /support/chat is outside the signed-in area, which starts it otherwise) and fetches tickets again
 * on every support event, on `resync` and after every reconnect.
 */
export function useSupportLive(isSignedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn) return;
    startRealtime();
    const unsubscribe = realtime.subscribe((event) => applySupportEvent(queryClient, event));
    const unsubscribeStatus = realtime.onStatus((status) => {
      // Every (re)connection may follow missed events; the first also covers the gap since the page loaded.
      if (status === 'open') refreshSupport(queryClient);
    });
    return () => {
      unsubscribe();
      unsubscribeStatus();
    };
  }, [queryClient, isSignedIn]);
}
