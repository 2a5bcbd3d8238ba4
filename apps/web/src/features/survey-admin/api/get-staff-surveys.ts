import { type StaffSurvey, StaffSurveyListSchema } from '@nbr/domain/survey-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const staffSurveysQueryKey = ['survey-admin', 'staff-surveys'] as const;

/** GET /backoffice/surveys — every organisation's surveys, for backoffice staff to pick one. */
export async function getStaffSurveys(signal?: AbortSignal): Promise<StaffSurvey[]> {
  const answer = await api.get('/backoffice/surveys', { schema: StaffSurveyListSchema, signal });
  return answer.surveys;
}

export const staffSurveysQueryOptions = queryOptions({
  queryKey: staffSurveysQueryKey,
  queryFn: ({ signal }) => getStaffSurveys(signal),
});

export function useStaffSurveys(enabled = true) {
  return useQuery({ ...staffSurveysQueryOptions, enabled });
}
