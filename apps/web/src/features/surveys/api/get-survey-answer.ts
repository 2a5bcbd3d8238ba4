import {
  SURVEY_ANSWER_TOKEN_HEADER,
  type SurveyAnswerView,
  SurveyAnswerViewSchema,
} from '@nbr/domain/surveys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { readAnswerToken } from '../lib/answer-token.ts';

/** Whose answer a cached view is: a signed-in person's (their party) or this browser's as a visitor. */
export const surveyAnswerQueryKey = (surveyId: string, who: string) =>
  ['survey-answer', surveyId, who] as const;

/** The answer token header of a visitor holding one for the survey. */
export function answerTokenHeaders(surveyId: string): Record<string, string> {
  const token = readAnswerToken(surveyId);
  return token ? { [SURVEY_ANSWER_TOKEN_HEADER]: token } : {};
}

/** GET /surveys/{id}/answer — the survey (who runs it, its period, whether it is open) and the caller's answer. */
export function getSurveyAnswer(surveyId: string, signal?: AbortSignal): Promise<SurveyAnswerView> {
  return api.get(`/surveys/${encodeURIComponent(surveyId)}/answer`, {
    schema: SurveyAnswerViewSchema,
    signal,
    headers: answerTokenHeaders(surveyId),
  });
}

/** Who the answer belongs to, for the query key: the signed-in person, else this browser. */
export function useAnswerOwner(): string {
  const { claims } = useSession();
  return claims?.identity_party_id ?? 'visitor';
}

export const surveyAnswerQueryOptions = (surveyId: string, who: string) =>
  queryOptions({
    queryKey: surveyAnswerQueryKey(surveyId, who),
    queryFn: ({ signal }) => getSurveyAnswer(surveyId, signal),
    retry: false,
  });

export function useSurveyAnswer(surveyId: string, options: { enabled?: boolean } = {}) {
  const who = useAnswerOwner();
  return useQuery({ ...surveyAnswerQueryOptions(surveyId, who), enabled: options.enabled ?? true });
}
