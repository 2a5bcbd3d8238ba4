import { UnreadCountSchema } from '@nbr/domain/chats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRealtimeStatus } from '../../../lib/realtime.ts';
import { chatsQueryKey } from './get-chats.ts';

export const unreadCountQueryKey = [...chatsQueryKey, 'unread'] as const;

/** While the live connection is down the badge is polled this often, so nothing is missed for long. */
export const UNREAD_POLL_INTERVAL_MS = 30_000;

/** GET /chats/unread — unread messages over all my chats (the sidebar's badge). */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const answer = await api.get('/chats/unread', { schema: UnreadCountSchema, signal });
  return answer.unread_count;
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: unreadCountQueryKey,
  queryFn: ({ signal }) => getUnreadCount(signal),
  // A badge is not page data: a failure leaves it out, never shows the error page.
  meta: { pageData: false },
});

/** The unread count: kept current by the websocket, polled while it is not connected. */
export function useUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  const status = useRealtimeStatus();
  return useQuery({
    ...unreadCountQueryOptions,
    enabled,
    refetchInterval: status === 'open' ? false : UNREAD_POLL_INTERVAL_MS,
  });
}
