import { type Member, type MemberAdd, MemberSchema } from '@nbr/domain/organisations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { membersQueryKey } from './get-members.ts';

/** POST /organisations/{id}/members — an unknown address becomes a business user, invited by mail. */
export function addMember(organisationId: string, input: MemberAdd): Promise<Member> {
  return api.post(`/organisations/${encodeURIComponent(organisationId)}/members`, input, {
    schema: MemberSchema,
  });
}

export function useAddMember(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemberAdd) => addMember(organisationId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(organisationId) }),
  });
}
