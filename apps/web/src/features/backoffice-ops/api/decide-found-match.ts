import { type FoundMatchDecisionInput, StaffFoundItemSchema } from '@nbr/domain/found-matching';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffFoundMatchesQueryKey } from './list-found-matches.ts';

/** PUT /backoffice/found-match-candidates/{matchId}/decision — dismiss or confirm a candidate. */
export function decideFoundMatch(input: { matchId: string } & FoundMatchDecisionInput) {
  return api.put(
    `/backoffice/found-match-candidates/${encodeURIComponent(input.matchId)}/decision`,
    { decision: input.decision },
    { schema: StaffFoundItemSchema },
  );
}

export function useDecideFoundMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideFoundMatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffFoundMatchesQueryKey }),
  });
}
