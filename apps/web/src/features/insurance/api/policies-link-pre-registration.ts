import { type Policy, PolicySchema } from '@nbr/domain/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { policiesQueryKey } from '../../../lib/api/insurance/get-policies.ts';
import { api } from '../../../lib/api-client.ts';
import { policyQueryKey } from './policies-get-policy.ts';

export interface PreRegistrationLink {
  insurerPartyId: string;
  insurerPolicyId: string;
  policyId: string;
}

/**
 * POST /insurance/{insurer}/policies/pre-registration-lookup/{insurerPolicyId}/ — links the insurer's
 * pre-registered contents policy to the person's open policy there, which becomes active.
 */
export function linkPreRegistration(link: PreRegistrationLink): Promise<Policy> {
  return api.post(
    `/insurance/${encodeURIComponent(link.insurerPartyId)}/policies/pre-registration-lookup/${encodeURIComponent(link.insurerPolicyId)}/`,
    { policy_id: link.policyId },
    { schema: PolicySchema },
  );
}

export function useLinkPreRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkPreRegistration,
    onSuccess: (policy) => {
      queryClient.setQueryData(policyQueryKey(policy.id), policy);
      void queryClient.invalidateQueries({ queryKey: policiesQueryKey, exact: true });
    },
  });
}
