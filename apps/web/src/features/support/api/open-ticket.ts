import { type TicketCreate, type TicketWithMessages, TicketWithMessagesSchema } from '@nbr/domain/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { myTicketQueryKey } from './get-my-ticket.ts';
import { myTicketsQueryKey } from './get-my-tickets.ts';

/** POST /support/tickets — a new conversation with support (201, with its first message). */
export function openTicket(input: TicketCreate): Promise<TicketWithMessages> {
  return api.post('/support/tickets', input, { schema: TicketWithMessagesSchema });
}

export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openTicket,
    onSuccess: (created) => {
      queryClient.setQueryData(myTicketQueryKey(created.ticket.id), created);
      void queryClient.invalidateQueries({ queryKey: myTicketsQueryKey });
    },
  });
}
