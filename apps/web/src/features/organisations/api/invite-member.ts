import { type Invitation, type InvitationCreate, InvitationSchema } from '@nbr/domain/organisations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invitationsQueryKey } from './get-invitations.ts';

/** POST /organisations/{id}/invitations — mails the address a link; inviting it again renews the link. */
export function inviteMember(organisationId: string, input: InvitationCreate): Promise<Invitation> {
  return api.post(`/organisations/${encodeURIComponent(organisationId)}/invitations`, input, {
    schema: InvitationSchema,
  });
}

export function useInviteMember(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitationCreate) => inviteMember(organisationId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(organisationId) }),
  });
}
