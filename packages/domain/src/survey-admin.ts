import { z } from 'zod';
import { SurveyInvitedCountSchema, SurveySchema } from './surveys.ts';

/*
 * The survey's admin panel (issue 29 §1, /survey/admin-panel): the organisation's admins set how many
 * people they invited (so the panel shows a response rate), backoffice staff pick any organisation's
 * survey, and the figures download as CSV or XLSX with the same filters and the same privacy rule as
 * the panel (SURVEY_MIN_GROUP_SIZE in ./surveys.ts).
 */

/** A survey as its admins see it: with its finished answers and the number invited. */
export const SurveyAdminSchema = SurveySchema.extend({
  finished_answers: z.number().int(),
  invited_count: z.number().int().nullable(),
});
export type SurveyAdmin = z.infer<typeof SurveyAdminSchema>;

/** PATCH /api/operator/surveys/{id}: the number invited (null: not said). */
export const SurveyInvitedUpdateSchema = z.object({ invited_count: SurveyInvitedCountSchema.nullable() });
export type SurveyInvitedUpdate = z.infer<typeof SurveyInvitedUpdateSchema>;

/** GET /api/backoffice/surveys: every organisation's surveys, for staff to pick one. */
export const StaffSurveyListSchema = z.object({
  surveys: z.array(
    SurveyAdminSchema.extend({
      organisation: z.object({ party_id: z.uuid(), name: z.string() }),
    }),
  ),
});
export type StaffSurveyList = z.infer<typeof StaffSurveyListSchema>;
export type StaffSurvey = StaffSurveyList['surveys'][number];

/** The share of the invited who finished an answer; null when the number invited is not said. */
export function surveyResponseRate(finished: number, invited: number | null): number | null {
  if (invited === null || invited <= 0) return null;
  return finished / invited;
}

/** The download formats of GET /api/operator/surveys/{id}/figures.{format}. */
export const SURVEY_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type SurveyExportFormat = (typeof SURVEY_EXPORT_FORMATS)[number];
