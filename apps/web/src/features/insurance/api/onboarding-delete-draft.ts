import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { onboardingDraftQueryKey } from './onboarding-get-draft.ts';

/**
 * DELETE /insurance/onboarding-draft — throws the sign-up in progress away and, with it, withdraws
 * the consents given in it (the API logs each as revoked).
 */
export function useWithdrawOnboardingConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/insurance/onboarding-draft'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingDraftQueryKey }),
  });
}
