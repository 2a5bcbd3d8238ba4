import { type InvitationAccepted, InvitationAcceptedSchema } from '@nbr/domain/organisations';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /organisations/invitations/{code}/accept — answers a token acting for the organisation. */
export function acceptInvitation(code: string): Promise<InvitationAccepted> {
  return api.post(`/organisations/invitations/${encodeURIComponent(code)}/accept`, undefined, {
    schema: InvitationAcceptedSchema,
  });
}

/** POST /organisations/invitations/{code}/decline. */
export function declineInvitation(code: string): Promise<void> {
  return api.post(`/organisations/invitations/${encodeURIComponent(code)}/decline`, undefined);
}

export function useAcceptInvitation(code: string) {
  return useMutation({ mutationFn: () => acceptInvitation(code) });
}

export function useDeclineInvitation(code: string) {
  return useMutation({ mutationFn: () => declineInvitation(code) });
}
