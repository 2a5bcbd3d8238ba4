import { type GuestTicketKey, type TicketWithMessages, TicketWithMessagesSchema } from '@nbr/domain/support';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { supportQueryKey } from './get-my-tickets.ts';

/** A visitor has no live connection: their conversation is asked for again this often. */
export const GUEST_REFRESH_MS = 15_000;

export const guestTicketQueryKey = (ticketId: string) => [...supportQueryKey, 'guest', ticketId] as const;

/**
 * POST /support/guest-tickets/{id}/open — the visitor's mailed link: the first time it confirms the
 * address (the question reaches staff); every time it answers the conversation.
 */
export function openGuestConversation(
  ticketId: string,
  key: GuestTicketKey,
  signal?: AbortSignal,
): Promise<TicketWithMessages> {
  return api.post(`/support/guest-tickets/${encodeURIComponent(ticketId)}/open`, key, {
    schema: TicketWithMessagesSchema,
    signal,
  });
}

export function useGuestConversation(ticketId: string, key: GuestTicketKey) {
  return useQuery({
    queryKey: guestTicketQueryKey(ticketId),
    queryFn: ({ signal }) => openGuestConversation(ticketId, key, signal),
    refetchInterval: GUEST_REFRESH_MS,
    retry: false,
  });
}
