import {
  FoundMatchClaimResultSchema,
  type OwnerFoundNoticeList,
  OwnerFoundNoticeListSchema,
} from '@nbr/domain/found-matching';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/*
 * "Possibly yours" (issue 32 §2): my notices of a found bike that may be my stolen one, and claiming
 * one (the chat with whoever holds it opens).
 */

export const foundNoticesQueryKey = ['found-matches'] as const;

export function getFoundNotices(signal?: AbortSignal): Promise<OwnerFoundNoticeList> {
  return api.get('/found-matches', { schema: OwnerFoundNoticeListSchema, signal });
}

export const foundNoticesQueryOptions = queryOptions({
  queryKey: foundNoticesQueryKey,
  queryFn: ({ signal }) => getFoundNotices(signal),
});

export function useFoundNotices() {
  return useQuery(foundNoticesQueryOptions);
}

/** POST /found-matches/{matchId}/claim — answers the chat to continue in. */
export function claimFoundMatch(matchId: string) {
  return api.post(`/found-matches/${encodeURIComponent(matchId)}/claim`, undefined, {
    schema: FoundMatchClaimResultSchema,
  });
}

export function useClaimFoundMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimFoundMatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foundNoticesQueryKey }),
  });
}
