import { type ClubMembership, ClubMembershipSchema } from '@nbr/domain/club';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const clubMembershipQueryKey = ['webshop', 'club-membership'] as const;

/**
 * GET /webshop/{club}/membership — the person's membership number and whether it gets the member
 * price now: confirmed only while it is on the club's fresh member list.
 */
export function getClubMembership(club: string, signal?: AbortSignal): Promise<ClubMembership> {
  return api.get(`/webshop/${encodeURIComponent(club)}/membership`, { schema: ClubMembershipSchema, signal });
}

export function clubMembershipQueryOptions(club: string) {
  return queryOptions({
    queryKey: [...clubMembershipQueryKey, club],
    queryFn: ({ signal }) => getClubMembership(club, signal),
  });
}

export function useClubMembership(club: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...clubMembershipQueryOptions(club), enabled: options.enabled ?? true });
}
