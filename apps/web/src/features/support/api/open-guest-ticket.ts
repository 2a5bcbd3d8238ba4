import { type GuestTicketCreate, GuestTicketCreatedSchema } from '@nbr/domain/support';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /support/guest-tickets — a visitor's question; it waits for the link mailed to the address. */
export function openGuestTicket(input: GuestTicketCreate) {
  return api.post('/support/guest-tickets', input, { schema: GuestTicketCreatedSchema });
}

export function useOpenGuestTicket() {
  return useMutation({ mutationFn: openGuestTicket });
}
