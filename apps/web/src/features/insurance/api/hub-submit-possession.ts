import { type Possession, PossessionSchema } from '@nbr/domain/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { possessionPath, possessionQueryKey } from './hub-get-possession.ts';
import { policyQueryKey } from './policies-get-policy.ts';

/** POST …/possession/submit/ — to our staff's check (409 possession_incomplete while something is missing). */
export function submitPossession(itemId: string): Promise<Possession> {
  return api.post(`${possessionPath(itemId)}submit/`, undefined, { schema: PossessionSchema });
}

export function useSubmitPossession(itemId: string, policyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => submitPossession(itemId),
    onSuccess: (possession) => {
      queryClient.setQueryData(possessionQueryKey(itemId), possession);
      void queryClient.invalidateQueries({ queryKey: policyQueryKey(policyId) });
    },
  });
}
