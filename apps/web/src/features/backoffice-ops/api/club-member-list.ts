import { type ClubMemberList, ClubMemberListSchema } from '@nbr/domain/club';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const clubMemberListQueryKey = ['backoffice', 'club-member-list'] as const;

/** GET /backoffice/clubs/{club}/member-list — admins: its size, upload time and whether it is fresh. */
export function getClubMemberList(club: string, signal?: AbortSignal): Promise<ClubMemberList> {
  return api.get(`/backoffice/clubs/${encodeURIComponent(club)}/member-list`, {
    schema: ClubMemberListSchema,
    signal,
  });
}

export function useClubMemberList(club: string) {
  return useQuery(
    queryOptions({
      queryKey: [...clubMemberListQueryKey, club],
      queryFn: ({ signal }) => getClubMemberList(club, signal),
    }),
  );
}

/** PUT /backoffice/clubs/{club}/member-list — replaces the club's member list with its CSV export. */
export function uploadClubMemberList(input: { club: string; csv: string }): Promise<ClubMemberList> {
  return api.put(
    `/backoffice/clubs/${encodeURIComponent(input.club)}/member-list`,
    { csv: input.csv },
    { schema: ClubMemberListSchema },
  );
}

export function useUploadClubMemberList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadClubMemberList,
    onSuccess: (list) => {
      queryClient.setQueryData([...clubMemberListQueryKey, list.club], list);
    },
  });
}
