import { type Ticket, TicketListSchema } from '@nbr/domain/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every query of this feature starts with this key: a live event or a reconnect refetches them. */
export const supportQueryKey = ['support'] as const;
export const myTicketsQueryKey = [...supportQueryKey, 'mine'] as const;

/** GET /support/tickets — my tickets, newest activity first. */
export function getMyTickets(signal?: AbortSignal): Promise<Ticket[]> {
  return api.get('/support/tickets', { schema: TicketListSchema, signal });
}

export function useMyTickets(isEnabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: myTicketsQueryKey,
      queryFn: ({ signal }) => getMyTickets(signal),
      enabled: isEnabled,
    }),
  );
}
