import { type SupportMessage, SupportMessageSchema, type TicketWithMessages } from '@nbr/domain/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { withMessage } from '../lib/ticket-cache.ts';
import { myTicketQueryKey } from './get-my-ticket.ts';
import { myTicketsQueryKey } from './get-my-tickets.ts';

/** POST /support/tickets/{id}/messages — I write in my ticket; it waits for staff again. */
export function sendTicketMessage(ticketId: string, content: string): Promise<SupportMessage> {
  return api.post(
    `/support/tickets/${encodeURIComponent(ticketId)}/messages`,
    { content },
    { schema: SupportMessageSchema },
  );
}

export function useSendTicketMessage(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => sendTicketMessage(ticketId, content),
    onSuccess: (message) => {
      queryClient.setQueryData<TicketWithMessages>(myTicketQueryKey(ticketId), (data) =>
        data ? { ...withMessage(data, message), ticket: { ...data.ticket, status: 'open' } } : data,
      );
      void queryClient.invalidateQueries({ queryKey: myTicketsQueryKey });
    },
  });
}
