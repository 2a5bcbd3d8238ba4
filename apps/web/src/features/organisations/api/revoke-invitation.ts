import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invitationsQueryKey } from './get-invitations.ts';

/** DELETE /organisations/{id}/invitations/{invitationId} — the mailed link stops working. */
export function revokeInvitation(organisationId: string, invitationId: string): Promise<void> {
  return api.delete(
    `/organisations/${encodeURIComponent(organisationId)}/invitations/${encodeURIComponent(invitationId)}`,
  );
}

export function useRevokeInvitation(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => revokeInvitation(organisationId, invitationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(organisationId) }),
  });
}
