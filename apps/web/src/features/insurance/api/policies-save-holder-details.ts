import {
  type HolderDetails,
  type HolderDetailsBody,
  HolderDetailsSchema,
} from '@nbr/domain/insurance-signup';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { holderDetailsQueryKey } from './policies-get-holder-details.ts';

/** PUT /insurance/policies/{id}/holder-details — the holder's checkout; an empty national id keeps the stored one. */
export function saveHolderDetails(policyId: string, details: HolderDetailsBody): Promise<HolderDetails> {
  return api.put(`/insurance/policies/${encodeURIComponent(policyId)}/holder-details`, details, {
    schema: HolderDetailsSchema,
  });
}

export function useSaveHolderDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ policyId, details }: { policyId: string; details: HolderDetailsBody }) =>
      saveHolderDetails(policyId, details),
    onSuccess: (saved) => queryClient.setQueryData(holderDetailsQueryKey(saved.policy_id), saved),
  });
}
