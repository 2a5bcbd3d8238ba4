import { type TicketWithMessages, TicketWithMessagesSchema } from '@nbr/domain/support';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { supportQueryKey } from './get-my-tickets.ts';

export const myTicketQueryKey = (ticketId: string) => [...supportQueryKey, 'ticket', ticketId] as const;

/** GET /support/tickets/{id} — one of my tickets with its messages. */
export function getMyTicket(ticketId: string, signal?: AbortSignal): Promise<TicketWithMessages> {
  return api.get(`/support/tickets/${encodeURIComponent(ticketId)}`, {
    schema: TicketWithMessagesSchema,
    signal,
  });
}

export function useMyTicket(ticketId: string) {
  return useQuery({
    queryKey: myTicketQueryKey(ticketId),
    queryFn: ({ signal }) => getMyTicket(ticketId, signal),
  });
}
