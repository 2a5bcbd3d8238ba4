import { FLOW_WALK_TOKEN_HEADER, type FlowAnswers, type FlowWalk, FlowWalkSchema } from '@nbr/domain/flows';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { StoredWalk } from '../lib/walk-store.ts';
import { walkQueryKey } from './get-walk.ts';

/** PUT /flows/walks/{walkId}/steps/{stepMemo} {answers} — saves one step's answers (422 per answer). */
export function answerStep(walk: StoredWalk, stepMemo: string, answers: FlowAnswers): Promise<FlowWalk> {
  return api.put(
    `/flows/walks/${encodeURIComponent(walk.walkId)}/steps/${encodeURIComponent(stepMemo)}`,
    { answers },
    { schema: FlowWalkSchema, headers: { [FLOW_WALK_TOKEN_HEADER]: walk.token } },
  );
}

export function useAnswerStep(walk: StoredWalk) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stepMemo, answers }: { stepMemo: string; answers: FlowAnswers }) =>
      answerStep(walk, stepMemo, answers),
    onSuccess: (updated) => queryClient.setQueryData(walkQueryKey(walk.walkId), updated),
  });
}
