import { ChatListSchema, type ChatSummary } from '@nbr/domain/chats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every query of this feature starts with this key: a reconnect refetches them all at once. */
export const chatsQueryKey = ['chats'] as const;
export const chatListQueryKey = [...chatsQueryKey, 'list'] as const;

/** GET /chats/ — my chats, the one with the newest message first. */
export function getChats(signal?: AbortSignal): Promise<ChatSummary[]> {
  return api.get('/chats/', { schema: ChatListSchema, signal });
}

export const chatListQueryOptions = queryOptions({
  queryKey: chatListQueryKey,
  queryFn: ({ signal }) => getChats(signal),
});

export function useChats() {
  return useQuery(chatListQueryOptions);
}
