import { type Policy, type PolicyApplication, PolicySchema } from '@nbr/domain/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { policiesQueryKey } from '../../../lib/api/insurance/get-policies.ts';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';
import { onboardingDraftQueryKey } from './onboarding-get-draft.ts';
import { policyQueryKey } from './policies-get-policy.ts';

/**
 * POST /insurance/policies/ — the application. A person the insurer pre-registered who asks for the
 * bike-theft cover gets the 400 of SPEC §8, and the API client sends them to the contents sign-up.
 */
export function applyForPolicy(application: PolicyApplication, idempotencyKey: string): Promise<Policy> {
  return api.post('/insurance/policies/', application, {
    schema: PolicySchema,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useApplyForPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (application: PolicyApplication) =>
      withIdempotencyKey(`insurance-apply:${application.insurer_party_id}`, (key) =>
        applyForPolicy(application, key),
      ),
    onSuccess: (policy) => {
      queryClient.setQueryData(policyQueryKey(policy.id), policy);
      void queryClient.invalidateQueries({ queryKey: policiesQueryKey, exact: true });
      // Applying at the draft's insurer takes the draft onto the policy and removes it. Marked stale,
      // not refetched now: the page that applied is on its way elsewhere, and a fresh (empty) draft
      // under it would send the wizard back to its first step first.
      void queryClient.invalidateQueries({ queryKey: onboardingDraftQueryKey, refetchType: 'none' });
    },
  });
}
