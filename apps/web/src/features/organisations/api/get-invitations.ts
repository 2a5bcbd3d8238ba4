import { type Invitation, InvitationListSchema } from '@nbr/domain/organisations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { organisationsQueryKey } from '../../../lib/api/organisations/get-organisations.ts';
import { api } from '../../../lib/api-client.ts';

export const invitationsQueryKey = (organisationId: string) =>
  [...organisationsQueryKey, organisationId, 'invitations'] as const;

/** GET /organisations/{id}/invitations — open invitations (admins only). */
export function getInvitations(organisationId: string, signal?: AbortSignal): Promise<Invitation[]> {
  return api.get(`/organisations/${encodeURIComponent(organisationId)}/invitations`, {
    schema: InvitationListSchema,
    signal,
  });
}

export const invitationsQueryOptions = (organisationId: string) =>
  queryOptions({
    queryKey: invitationsQueryKey(organisationId),
    queryFn: ({ signal }) => getInvitations(organisationId, signal),
  });

export function useInvitations(organisationId: string) {
  return useQuery(invitationsQueryOptions(organisationId));
}
