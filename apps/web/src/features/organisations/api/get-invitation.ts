import { type InvitationDetails, InvitationDetailsSchema } from '@nbr/domain/organisations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const invitationQueryKey = (code: string) => ['organisation-invitation', code] as const;

/** GET /organisations/invitations/{code} — what the link's holder is asked to accept. */
export function getInvitation(code: string, signal?: AbortSignal): Promise<InvitationDetails> {
  return api.get(`/organisations/invitations/${encodeURIComponent(code)}`, {
    schema: InvitationDetailsSchema,
    signal,
  });
}

export const invitationQueryOptions = (code: string) =>
  queryOptions({
    queryKey: invitationQueryKey(code),
    queryFn: ({ signal }) => getInvitation(code, signal),
    // An invalid code stays invalid: asking again only repeats the same answer.
    retry: false,
  });

export function useInvitation(code: string) {
  return useQuery(invitationQueryOptions(code));
}
