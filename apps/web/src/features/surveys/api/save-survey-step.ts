import {
  type SurveyAddressesInput,
  type SurveyAnswerSaved,
  SurveyAnswerSavedSchema,
  type SurveyCommutingDaysInput,
  type SurveyTravelInput,
} from '@nbr/domain/surveys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client.ts';
import { readAnswerToken, writeAnswerToken } from '../lib/answer-token.ts';
import type { SurveyStep } from '../lib/steps.ts';
import { answerTokenHeaders, surveyAnswerQueryKey, useAnswerOwner } from './get-survey-answer.ts';

export type StepInput =
  | { step: 'addresses'; body: SurveyAddressesInput }
  | { step: 'commutingDays'; body: SurveyCommutingDaysInput }
  | { step: 'travel'; body: SurveyTravelInput };

const ENDPOINT: Record<SurveyStep, string> = {
  addresses: 'addresses',
  commutingDays: 'commuting-days',
  travel: 'travel',
};

/**
 * PUT /surveys/{id}/answer/{addresses|commuting-days|travel} — saves one step. A visitor's first
 * step answers the answer token, kept for the survey; a token the survey no longer knows (the answer
 * was taken over by an account, or is gone) is forgotten and the step saved as a new answer.
 */
export async function saveSurveyStep(surveyId: string, input: StepInput): Promise<SurveyAnswerSaved> {
  const put = () =>
    api.put(`/surveys/${encodeURIComponent(surveyId)}/answer/${ENDPOINT[input.step]}`, input.body, {
      schema: SurveyAnswerSavedSchema,
      headers: answerTokenHeaders(surveyId),
    });
  let saved: SurveyAnswerSaved;
  try {
    saved = await put();
  } catch (error) {
    if (!(isApiError(error) && error.code === 'survey_answer_not_found' && readAnswerToken(surveyId)))
      throw error;
    writeAnswerToken(surveyId, null);
    saved = await put();
  }
  if (saved.answer_token) writeAnswerToken(surveyId, saved.answer_token);
  return saved;
}

export function useSaveSurveyStep(surveyId: string) {
  const queryClient = useQueryClient();
  const who = useAnswerOwner();
  return useMutation({
    mutationFn: (input: StepInput) => saveSurveyStep(surveyId, input),
    onSuccess: ({ answer_token: _token, ...view }) => {
      queryClient.setQueryData(surveyAnswerQueryKey(surveyId, who), view);
    },
  });
}
