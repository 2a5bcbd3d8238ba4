import { type Policy, PolicySchema } from '@nbr/domain/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { policyQueryKey } from './policies-get-policy.ts';

/*
 * The holder's changes of which bikes a policy covers: one more registered bike on it
 * (POST /insurance/policies/{id}/insured-bikes), and room for one more (PATCH …/bikes/ with the
 * number of bikes, SPEC §7). Both answer the policy, which replaces the hub's copy.
 */

export function useAddBikeToPolicy(policyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bikeId: string): Promise<Policy> =>
      api.post(
        `/insurance/policies/${encodeURIComponent(policyId)}/insured-bikes`,
        { bike_id: bikeId },
        {
          schema: PolicySchema,
        },
      ),
    onSuccess: (policy) => queryClient.setQueryData(policyQueryKey(policyId), policy),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['insurance'] }),
  });
}

export function useSetNumberOfBikes(policyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (numberOfBikes: number): Promise<Policy> =>
      api.patch(
        `/insurance/policies/${encodeURIComponent(policyId)}/bikes/`,
        { number_of_bikes: numberOfBikes },
        {
          schema: PolicySchema,
        },
      ),
    onSuccess: (policy) => queryClient.setQueryData(policyQueryKey(policyId), policy),
  });
}
