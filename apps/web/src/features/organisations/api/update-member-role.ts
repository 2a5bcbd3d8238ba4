import { type Member, MemberSchema, type OrganisationRole } from '@nbr/domain/organisations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationsQueryKey } from '../../../lib/api/organisations/get-organisations.ts';
import { api } from '../../../lib/api-client.ts';

/** PATCH /organisations/{id}/members/{identityPartyId} — admins only; the last admin cannot step down. */
export function updateMemberRole(
  organisationId: string,
  identityPartyId: string,
  role: OrganisationRole,
): Promise<Member> {
  return api.patch(
    `/organisations/${encodeURIComponent(organisationId)}/members/${encodeURIComponent(identityPartyId)}`,
    { role },
    { schema: MemberSchema },
  );
}

export function useUpdateMemberRole(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ identityPartyId, role }: { identityPartyId: string; role: OrganisationRole }) =>
      updateMemberRole(organisationId, identityPartyId, role),
    // The caller's own role may have changed too (an admin stepping down).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationsQueryKey }),
  });
}
