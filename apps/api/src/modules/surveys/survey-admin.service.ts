import type { StaffSurveyList, SurveyAdmin, SurveyInvitedUpdate } from '@nbr/domain/survey-admin';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { presentSurveyAdmin } from './survey-admin.presenter.ts';
import * as adminRepository from './survey-admin.repository.ts';
import * as repository from './surveys.repository.ts';
import type { Auth, SurveysDeps } from './surveys.service.ts';
import { requireSurveyAdmin } from './surveys.service.ts';

/*
 * The survey's admin panel (issue 29 §1): the organisation's admins say how many people they invited
 * (the response rate's denominator; every change audited), and backoffice staff list every
 * organisation's surveys to pick one. The figures and their downloads are in surveys.service.ts and
 * survey-export.service.ts.
 */

/** PATCH /api/operator/surveys/{id}: the number invited, by an admin of the survey's organisation (404 for another's). */
export async function updateInvitedCount(
  deps: SurveysDeps,
  auth: Auth,
  surveyId: string,
  input: SurveyInvitedUpdate,
): Promise<SurveyAdmin> {
  return deps.db.transaction(async (tx) => {
    const organisationId = await requireSurveyAdmin(tx, auth);
    const survey = isUuid(surveyId) ? await repository.findSurvey(tx, surveyId.toLowerCase()) : null;
    if (!survey || survey.organisationPartyId !== organisationId) throw new AppError('survey_not_found');
    const updated = await adminRepository.updateInvitedCount(tx, survey.id, input.invited_count);
    if (survey.invitedCount !== updated.invitedCount) {
      await recordAuditEventBy(tx, auth, {
        action: 'survey.invited_count_changed',
        targetPartyId: null,
        details: {
          organisation_party_id: organisationId,
          survey_id: survey.id,
          from: survey.invitedCount,
          to: updated.invitedCount,
        },
      });
    }
    return presentSurveyAdmin(updated, await repository.countFinishedAnswers(tx, survey.id));
  });
}

/** GET /api/backoffice/surveys: every organisation's surveys (newest first), for staff to pick one. */
export async function listAllSurveys(deps: SurveysDeps): Promise<StaffSurveyList> {
  const rows = await adminRepository.listAllSurveys(deps.db);
  return {
    surveys: rows.map(({ survey, organisationName, finished }) => ({
      ...presentSurveyAdmin(survey, finished),
      organisation: { party_id: survey.organisationPartyId, name: organisationName ?? '' },
    })),
  };
}
