import {
  type StaffTicketUpdate,
  type StaffTicketWithMessages,
  StaffTicketWithMessagesSchema,
} from '@nbr/domain/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { supportQueryKey } from './get-my-tickets.ts';
import { staffTicketQueryKey } from './get-staff-ticket.ts';

/** PATCH /backoffice/tickets/{id} — a new status and/or taking the ticket (audited). */
export function updateTicket(ticketId: string, input: StaffTicketUpdate): Promise<StaffTicketWithMessages> {
  return api.patch(`/backoffice/tickets/${encodeURIComponent(ticketId)}`, input, {
    schema: StaffTicketWithMessagesSchema,
  });
}

export function useUpdateTicket(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffTicketUpdate) => updateTicket(ticketId, input),
    onSuccess: (updated) => {
      queryClient.setQueryData(staffTicketQueryKey(ticketId), updated);
      void queryClient.invalidateQueries({ queryKey: [...supportQueryKey, 'staff', 'list'] });
    },
  });
}
