import { type OnboardingDraft, OnboardingDraftSchema } from '@nbr/domain/insurance-signup';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const onboardingDraftQueryKey = ['insurance', 'onboarding-draft'] as const;

/** GET /insurance/onboarding-draft — the saved draft, or one pre-filled from the profile (saved_at null). */
export function getOnboardingDraft(signal?: AbortSignal): Promise<OnboardingDraft> {
  return api.get('/insurance/onboarding-draft', { schema: OnboardingDraftSchema, signal });
}

export const onboardingDraftQueryOptions = queryOptions({
  queryKey: onboardingDraftQueryKey,
  queryFn: ({ signal }) => getOnboardingDraft(signal),
});

export function useOnboardingDraft() {
  return useQuery(onboardingDraftQueryOptions);
}
