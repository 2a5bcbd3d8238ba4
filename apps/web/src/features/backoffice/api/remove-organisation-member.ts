import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organisationQueryKey } from './get-organisation.ts';

/** DELETE /backoffice/organisations/{id}/members/{identityPartyId} (admins). */
export function removeOrganisationMember(partyId: string, memberPartyId: string): Promise<void> {
  return api.delete(
    `/backoffice/organisations/${encodeURIComponent(partyId)}/members/${encodeURIComponent(memberPartyId)}`,
  );
}

export function useRemoveOrganisationMember(partyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberPartyId: string) => removeOrganisationMember(partyId, memberPartyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationQueryKey(partyId) }),
  });
}
