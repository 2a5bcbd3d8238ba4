import type { ChatSummary } from '@nbr/domain/chats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setChatUnread } from '../lib/chat-cache.ts';
import { chatQueryKey } from './get-chat.ts';
import { chatListQueryKey } from './get-chats.ts';
import { unreadCountQueryKey } from './get-unread-count.ts';

/** POST /chats/{id}/read — everything up to this message is read (204). */
export function markChatRead(chatId: string, messageId: string): Promise<void> {
  return api.post(`/chats/${encodeURIComponent(chatId)}/read`, { message_id: messageId });
}

/** Marks a chat read when its messages are on screen; the inbox and the badge follow at once. */
export function useMarkChatRead(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => markChatRead(chatId, messageId),
    onSuccess: () => {
      const list = queryClient.getQueryData<ChatSummary[]>(chatListQueryKey);
      if (list) queryClient.setQueryData(chatListQueryKey, setChatUnread(list, chatId, 0));
      queryClient.setQueryData<ChatSummary>(chatQueryKey(chatId), (chat) =>
        chat ? { ...chat, unread_count: 0 } : chat,
      );
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
    },
  });
}
