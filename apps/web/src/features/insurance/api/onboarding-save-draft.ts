import {
  type OnboardingDraft,
  type OnboardingDraftInput,
  OnboardingDraftSchema,
} from '@nbr/domain/insurance-signup';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { onboardingDraftQueryKey } from './onboarding-get-draft.ts';

/** PUT /insurance/onboarding-draft — the whole draft as the screens hold it; answers it as stored. */
export function saveOnboardingDraft(draft: OnboardingDraftInput): Promise<OnboardingDraft> {
  return api.put('/insurance/onboarding-draft', draft, { schema: OnboardingDraftSchema });
}

/** The draft's fields as the PUT takes them (what only the server knows left out). */
export function draftInput(draft: OnboardingDraft): OnboardingDraftInput {
  const { party_id: _party, saved_at: _saved, ...fields } = draft;
  return fields;
}

export function useSaveOnboardingDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOnboardingDraft,
    onSuccess: (draft) => queryClient.setQueryData(onboardingDraftQueryKey, draft),
  });
}
