import { type StaffTicketWithMessages, StaffTicketWithMessagesSchema } from '@nbr/domain/support';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { supportQueryKey } from './get-my-tickets.ts';

export const staffTicketQueryKey = (ticketId: string) =>
  [...supportQueryKey, 'staff', 'ticket', ticketId] as const;

/** GET /backoffice/tickets/{id} — a ticket with its messages and the person's name and address. */
export function getStaffTicket(ticketId: string, signal?: AbortSignal): Promise<StaffTicketWithMessages> {
  return api.get(`/backoffice/tickets/${encodeURIComponent(ticketId)}`, {
    schema: StaffTicketWithMessagesSchema,
    signal,
  });
}

export function useStaffTicket(ticketId: string) {
  return useQuery({
    queryKey: staffTicketQueryKey(ticketId),
    queryFn: ({ signal }) => getStaffTicket(ticketId, signal),
  });
}
