import { SurveyListSchema } from '@nbr/domain/surveys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type AdminSurvey = z.infer<typeof SurveyListSchema>['surveys'][number];

export const surveysQueryKey = ['survey-admin', 'surveys'] as const;

/** GET /operator/surveys — the surveys of the organisation the session acts for (its admins). */
export async function getSurveys(signal?: AbortSignal): Promise<AdminSurvey[]> {
  const answer = await api.get('/operator/surveys', { schema: SurveyListSchema, signal });
  return answer.surveys;
}

export const surveysQueryOptions = queryOptions({
  queryKey: surveysQueryKey,
  queryFn: ({ signal }) => getSurveys(signal),
});

export function useSurveys(enabled = true) {
  return useQuery({ ...surveysQueryOptions, enabled });
}
