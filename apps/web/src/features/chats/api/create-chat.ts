import { type ChatCreate, type ChatCreated, ChatCreatedSchema } from '@nbr/domain/chats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { chatQueryKey } from './get-chat.ts';
import { chatListQueryKey } from './get-chats.ts';

/**
 * POST /chats/ — sends a draft: a subject id (a bike, transfer or request) and the content (SPEC §3).
 * Writing about the same subject again continues the same chat.
 */
export function createChat(input: ChatCreate): Promise<ChatCreated> {
  return api.post('/chats/', input, { schema: ChatCreatedSchema });
}

export function useCreateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChat,
    onSuccess: ({ chat }) => {
      queryClient.setQueryData(chatQueryKey(chat.id), chat);
      void queryClient.invalidateQueries({ queryKey: chatListQueryKey });
    },
  });
}
