import { type SurveyAdmin, SurveyAdminSchema } from '@nbr/domain/survey-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { surveyFiguresQueryKey } from './get-survey-figures.ts';
import { surveysQueryKey } from './get-surveys.ts';

/** PATCH /operator/surveys/{id} — how many people the survey invited (null: not said). */
export function updateInvitedCount(surveyId: string, invitedCount: number | null): Promise<SurveyAdmin> {
  return api.patch(
    `/operator/surveys/${encodeURIComponent(surveyId)}`,
    { invited_count: invitedCount },
    { schema: SurveyAdminSchema },
  );
}

export function useUpdateInvitedCount(surveyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitedCount: number | null) => updateInvitedCount(surveyId, invitedCount),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: surveysQueryKey });
      void queryClient.invalidateQueries({ queryKey: surveyFiguresQueryKey(surveyId) });
    },
  });
}
