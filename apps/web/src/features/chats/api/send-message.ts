import { type ChatMessage, ChatMessageSchema, type ChatSummary } from '@nbr/domain/chats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import {
  appendMessage,
  applyMessageToChat,
  applyMessageToList,
  type MessagesData,
} from '../lib/chat-cache.ts';
import { chatQueryKey } from './get-chat.ts';
import { chatListQueryKey } from './get-chats.ts';
import { messagesQueryKey } from './get-messages.ts';

/** POST /chats/{id}/messages — answers the message as I see it (201). */
export function sendMessage(chatId: string, content: string): Promise<ChatMessage> {
  return api.post(
    `/chats/${encodeURIComponent(chatId)}/messages`,
    { content },
    { schema: ChatMessageSchema },
  );
}

/** Sends a message and shows it at once; the websocket's copy of it is recognised and not shown twice. */
export function useSendMessage(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => sendMessage(chatId, content),
    onSuccess: (message) => {
      queryClient.setQueryData<MessagesData>(messagesQueryKey(chatId), (data) =>
        data ? appendMessage(data, message) : data,
      );
      queryClient.setQueryData<ChatSummary>(chatQueryKey(chatId), (chat) =>
        chat ? applyMessageToChat(chat, message, { countsUnread: false }) : chat,
      );
      const list = queryClient.getQueryData<ChatSummary[]>(chatListQueryKey);
      if (list) {
        const result = applyMessageToList(list, message, { countsUnread: false });
        if (result.found) queryClient.setQueryData(chatListQueryKey, result.list);
        else void queryClient.invalidateQueries({ queryKey: chatListQueryKey });
      }
    },
  });
}
