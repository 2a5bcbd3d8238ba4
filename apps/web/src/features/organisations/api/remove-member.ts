import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationsQueryKey } from '../../../lib/api/organisations/get-organisations.ts';
import { api } from '../../../lib/api-client.ts';
import { membersQueryKey } from './get-members.ts';

/** DELETE /organisations/{id}/members/{identityPartyId} — an admin removes someone, or a member leaves. */
export function removeMember(organisationId: string, identityPartyId: string): Promise<void> {
  return api.delete(
    `/organisations/${encodeURIComponent(organisationId)}/members/${encodeURIComponent(identityPartyId)}`,
  );
}

export function useRemoveMember(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identityPartyId: string) => removeMember(organisationId, identityPartyId),
    onSuccess: () => {
      // Not the organisation itself: after leaving it answers 404, which would replace the page
      // with the 404 screen before the user is taken to their list.
      void queryClient.invalidateQueries({ queryKey: membersQueryKey(organisationId) });
      void queryClient.invalidateQueries({ queryKey: organisationsQueryKey, exact: true });
    },
  });
}
