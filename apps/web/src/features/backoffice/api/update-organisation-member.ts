import { type Member, MemberSchema, type OrganisationRole } from '@nbr/domain/organisations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organisationQueryKey } from './get-organisation.ts';

/** PATCH /backoffice/organisations/{id}/members/{identityPartyId} — a member's role (admins). */
export function updateOrganisationMember(
  partyId: string,
  memberPartyId: string,
  role: OrganisationRole,
): Promise<Member> {
  return api.patch(
    `/backoffice/organisations/${encodeURIComponent(partyId)}/members/${encodeURIComponent(memberPartyId)}`,
    { role },
    { schema: MemberSchema },
  );
}

export function useUpdateOrganisationMember(partyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { memberPartyId: string; role: OrganisationRole }) =>
      updateOrganisationMember(partyId, input.memberPartyId, input.role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationQueryKey(partyId) }),
  });
}
