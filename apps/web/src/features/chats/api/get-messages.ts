import { type ChatMessagePage, ChatMessagePageSchema } from '@nbr/domain/chats';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { chatsQueryKey } from './get-chats.ts';

export const messagesQueryKey = (chatId: string) => [...chatsQueryKey, 'messages', chatId] as const;

/**
 * GET /chats/{id}/messages?before= — the newest page, or the page written before a message. The
 * first page of the infinite query is the newest; "Vis ældre" fetches the next (older) one.
 */
export function getMessages(
  chatId: string,
  before: string | null,
  signal?: AbortSignal,
): Promise<ChatMessagePage> {
  return api.get(`/chats/${encodeURIComponent(chatId)}/messages`, {
    schema: ChatMessagePageSchema,
    query: { before },
    signal,
  });
}

export const messagesQueryOptions = (chatId: string) =>
  infiniteQueryOptions({
    queryKey: messagesQueryKey(chatId),
    queryFn: ({ pageParam, signal }) => getMessages(chatId, pageParam, signal),
    // null, not undefined: the page params are kept in the persisted cache as JSON, which has no undefined.
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_before,
    // Live events keep it current; a refetch (focus, reconnect) reloads only what is needed.
    staleTime: 60_000,
  });

export function useMessages(chatId: string) {
  return useInfiniteQuery(messagesQueryOptions(chatId));
}
