import { type SurveyFigures, type SurveyFiguresQuery, SurveyFiguresSchema } from '@nbr/domain/surveys';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const surveyFiguresQueryKey = (surveyId: string) => ['survey-admin', 'figures', surveyId] as const;

export const surveyFiguresPath = (surveyId: string) =>
  `/operator/surveys/${encodeURIComponent(surveyId)}/figures`;

/** GET /operator/surveys/{id}/figures — the figures the filters pick; groups under 5 never appear. */
export function getSurveyFigures(
  surveyId: string,
  query: SurveyFiguresQuery,
  signal?: AbortSignal,
): Promise<SurveyFigures> {
  return api.get(surveyFiguresPath(surveyId), { schema: SurveyFiguresSchema, signal, query: { ...query } });
}

export function useSurveyFigures(surveyId: string, query: SurveyFiguresQuery) {
  return useQuery({
    queryKey: [...surveyFiguresQueryKey(surveyId), query],
    queryFn: ({ signal }) => getSurveyFigures(surveyId, query, signal),
    placeholderData: keepPreviousData,
  });
}
