import { type SurveyAdmin, SurveyAdminSchema } from '@nbr/domain/survey-admin';
import type { SurveyCreate } from '@nbr/domain/surveys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { surveysQueryKey } from './get-surveys.ts';

/** POST /operator/surveys — a new survey of the organisation the session acts for. */
export function createSurvey(survey: SurveyCreate): Promise<SurveyAdmin> {
  return api.post('/operator/surveys', survey, { schema: SurveyAdminSchema });
}

export function useCreateSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSurvey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: surveysQueryKey }),
  });
}
