import { FLOW_WALK_TOKEN_HEADER, type FlowWalk, FlowWalkSchema } from '@nbr/domain/flows';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { StoredWalk } from '../lib/walk-store.ts';
import { walkQueryKey } from './get-walk.ts';

/** POST /flows/walks/{walkId}/steps/{stepMemo}/action — the step's action came back done. */
export function completeStepAction(walk: StoredWalk, stepMemo: string): Promise<FlowWalk> {
  return api.post(
    `/flows/walks/${encodeURIComponent(walk.walkId)}/steps/${encodeURIComponent(stepMemo)}/action`,
    undefined,
    { schema: FlowWalkSchema, headers: { [FLOW_WALK_TOKEN_HEADER]: walk.token } },
  );
}

export function useCompleteStepAction(walk: StoredWalk) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stepMemo: string) => completeStepAction(walk, stepMemo),
    onSuccess: (updated) => queryClient.setQueryData(walkQueryKey(walk.walkId), updated),
  });
}
