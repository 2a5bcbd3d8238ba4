import { type Member, MemberListSchema } from '@nbr/domain/organisations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { organisationsQueryKey } from '../../../lib/api/organisations/get-organisations.ts';
import { api } from '../../../lib/api-client.ts';

export const membersQueryKey = (organisationId: string) =>
  [...organisationsQueryKey, organisationId, 'members'] as const;

/** GET /organisations/{id}/members. */
export function getMembers(organisationId: string, signal?: AbortSignal): Promise<Member[]> {
  return api.get(`/organisations/${encodeURIComponent(organisationId)}/members`, {
    schema: MemberListSchema,
    signal,
  });
}

export const membersQueryOptions = (organisationId: string) =>
  queryOptions({
    queryKey: membersQueryKey(organisationId),
    queryFn: ({ signal }) => getMembers(organisationId, signal),
  });

export function useMembers(organisationId: string) {
  return useQuery(membersQueryOptions(organisationId));
}
