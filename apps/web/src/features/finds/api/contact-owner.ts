import {
  type ContactConfirmationResult,
  ContactConfirmationResultSchema,
  type ContactOwner,
  type ContactOwnerResult,
  ContactOwnerResultSchema,
} from '@nbr/domain/finds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';

/*
 * POST /bikes/{bike_id}/contact-owner (issue 6 §5): anyone who sees a bike writes to its owner. A
 * signed-in sender gets the chat id; a visitor (only for a stolen bike) gives an address the answers
 * are announced to, and gets null: their message waits until they follow the link mailed there
 * (POST /contact-owner/confirmations).
 */

export function contactOwner(input: { bikeId: string } & ContactOwner): Promise<ContactOwnerResult> {
  const { bikeId, ...body } = input;
  // A retried click after a network error must not send the message twice (signed in: the API keeps
  // the first answer for the key; a visitor's retry is budgeted per address instead).
  return withIdempotencyKey(`contact:${bikeId}:${JSON.stringify(body)}`, (key) =>
    api.post(`/bikes/${encodeURIComponent(bikeId)}/contact-owner`, body, {
      schema: ContactOwnerResultSchema,
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  );
}

export function useContactOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: contactOwner,
    onSuccess: (result) => {
      if (result.chat_id) void queryClient.invalidateQueries({ queryKey: ['chats'] });
    },
  });
}

/** POST /contact-owner/confirmations — the code of the link mailed to a visitor; works without a session. */
export function confirmContact(code: string): Promise<ContactConfirmationResult> {
  return api.post('/contact-owner/confirmations', { code }, { schema: ContactConfirmationResultSchema });
}

/**
 * Follows a confirmation link once per page load. The code is single-use, so this is a query keyed by
 * the code rather than an effect: StrictMode's double mount, re-renders and window focus must not
 * send it again (which would answer "already sent").
 */
export function useContactConfirmation(code: string) {
  return useQuery({
    queryKey: ['contact-owner', 'confirmations', code],
    queryFn: () => confirmContact(code),
    enabled: code !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
