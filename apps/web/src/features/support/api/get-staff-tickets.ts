import { type StaffTicketList, StaffTicketListSchema, type TicketStatus } from '@nbr/domain/support';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { supportQueryKey } from './get-my-tickets.ts';

export const staffTicketsQueryKey = (status: TicketStatus | null) =>
  [...supportQueryKey, 'staff', 'list', status ?? 'all'] as const;

/** GET /backoffice/tickets — the queue (of one status), newest activity first, with counts. */
export function getStaffTickets(status: TicketStatus | null, signal?: AbortSignal): Promise<StaffTicketList> {
  return api.get('/backoffice/tickets', {
    schema: StaffTicketListSchema,
    signal,
    ...(status ? { query: { status } } : {}),
  });
}

export function useStaffTickets(status: TicketStatus | null) {
  return useQuery({
    queryKey: staffTicketsQueryKey(status),
    queryFn: ({ signal }) => getStaffTickets(status, signal),
    placeholderData: keepPreviousData,
  });
}
