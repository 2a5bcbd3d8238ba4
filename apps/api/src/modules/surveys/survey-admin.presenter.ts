import type { SurveyAdmin } from '@nbr/domain/survey-admin';
import { presentSurvey } from './surveys.presenter.ts';
import type { SurveyRow } from './surveys.repository.ts';

/** A survey as its admins (and backoffice staff) see it: with its finished answers and the number invited. */
export function presentSurveyAdmin(row: SurveyRow, finished: number): SurveyAdmin {
  return { ...presentSurvey(row), finished_answers: finished, invited_count: row.invitedCount };
}
