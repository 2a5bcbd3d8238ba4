import { type ChatSummary, ChatSummarySchema } from '@nbr/domain/chats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { chatsQueryKey } from './get-chats.ts';

export const chatQueryKey = (chatId: string) => [...chatsQueryKey, 'detail', chatId] as const;

/** GET /chats/{id} — one chat of mine; someone else's answers 404 (the 404 page). */
export function getChat(chatId: string, signal?: AbortSignal): Promise<ChatSummary> {
  return api.get(`/chats/${encodeURIComponent(chatId)}`, { schema: ChatSummarySchema, signal });
}

export const chatQueryOptions = (chatId: string) =>
  queryOptions({ queryKey: chatQueryKey(chatId), queryFn: ({ signal }) => getChat(chatId, signal) });

export function useChat(chatId: string) {
  return useQuery(chatQueryOptions(chatId));
}
