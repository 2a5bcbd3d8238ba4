import { type SurveyAnswerView, SurveyAnswerViewSchema } from '@nbr/domain/surveys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client.ts';
import { writeAnswerToken } from '../lib/answer-token.ts';
import { answerTokenHeaders, surveyAnswerQueryKey, useAnswerOwner } from './get-survey-answer.ts';

/**
 * POST /surveys/{id}/answer/claim — the signed-in person takes over the answer this browser gave as a
 * visitor. The token is forgotten once settled: taken over, refused because they have their own
 * answer (409 survey_answer_exists: theirs is kept), or unknown (404); kept when the call failed.
 */
export async function claimSurveyAnswer(surveyId: string): Promise<SurveyAnswerView> {
  try {
    const view = await api.post(`/surveys/${encodeURIComponent(surveyId)}/answer/claim`, undefined, {
      schema: SurveyAnswerViewSchema,
      headers: answerTokenHeaders(surveyId),
    });
    writeAnswerToken(surveyId, null);
    return view;
  } catch (error) {
    if (isApiError(error) && ['survey_answer_exists', 'survey_answer_not_found'].includes(error.code))
      writeAnswerToken(surveyId, null);
    throw error;
  }
}

export function useClaimSurveyAnswer(surveyId: string) {
  const queryClient = useQueryClient();
  const who = useAnswerOwner();
  return useMutation({
    mutationFn: () => claimSurveyAnswer(surveyId),
    onSuccess: (view) => queryClient.setQueryData(surveyAnswerQueryKey(surveyId, who), view),
    onError: (error) => {
      // Their own answer stays: show it.
      if (isApiError(error) && error.code === 'survey_answer_exists')
        void queryClient.invalidateQueries({ queryKey: surveyAnswerQueryKey(surveyId, who) });
    },
  });
}
