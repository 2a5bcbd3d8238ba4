import { type StaffTicketWithMessages, type SupportMessage, SupportMessageSchema } from '@nbr/domain/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { withMessage } from '../lib/ticket-cache.ts';
import { supportQueryKey } from './get-my-tickets.ts';
import { staffTicketQueryKey } from './get-staff-ticket.ts';

/** POST /backoffice/tickets/{id}/messages — staff answer; the ticket then waits for the person. */
export function answerTicket(ticketId: string, content: string): Promise<SupportMessage> {
  return api.post(
    `/backoffice/tickets/${encodeURIComponent(ticketId)}/messages`,
    { content },
    { schema: SupportMessageSchema },
  );
}

export function useAnswerTicket(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => answerTicket(ticketId, content),
    onSuccess: (message) => {
      queryClient.setQueryData<StaffTicketWithMessages>(staffTicketQueryKey(ticketId), (data) =>
        data ? withMessage(data, message) : data,
      );
      void queryClient.invalidateQueries({ queryKey: [...supportQueryKey, 'staff'] });
    },
  });
}
