import {
  type GuestTicketKey,
  type SupportMessage,
  SupportMessageSchema,
  type TicketWithMessages,
} from '@nbr/domain/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { withMessage } from '../lib/ticket-cache.ts';
import { guestTicketQueryKey } from './open-guest-conversation.ts';

/** POST /support/guest-tickets/{id}/messages — a visitor writes again through their link. */
export function sendGuestMessage(
  ticketId: string,
  key: GuestTicketKey,
  content: string,
): Promise<SupportMessage> {
  return api.post(
    `/support/guest-tickets/${encodeURIComponent(ticketId)}/messages`,
    { ...key, content },
    { schema: SupportMessageSchema },
  );
}

export function useSendGuestMessage(ticketId: string, key: GuestTicketKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => sendGuestMessage(ticketId, key, content),
    onSuccess: (message) => {
      queryClient.setQueryData<TicketWithMessages>(guestTicketQueryKey(ticketId), (data) =>
        data ? { ...withMessage(data, message), ticket: { ...data.ticket, status: 'open' } } : data,
      );
    },
  });
}
