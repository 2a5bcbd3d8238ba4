import { type SurveyAdmin, surveyResponseRate } from '@nbr/domain/survey-admin';
import {
  groupSurveyAnswers,
  modalShareChange,
  postalAreaOf,
  type SurveyCreate,
  type SurveyFigures,
  type SurveyFiguresQuery,
  summariseSurveySubset,
} from '@nbr/domain/surveys';
import type { Database, Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { findActingOrganisation } from '../identity/identity.facade.ts';
import { presentSurveyAdmin } from './survey-admin.presenter.ts';
import { answerFacts, presentSummary } from './surveys.presenter.ts';
import * as repository from './surveys.repository.ts';

/*
 * The commuter survey (issue 29 §1). The organisation's admins, in a session acting for it, create
 * surveys and read their figures (backoffice staff read any survey's figures too); people and
 * visitors answer them (survey-answers.service.ts). Figures follow the privacy rule of
 * @nbr/domain/surveys: no address or position leaves the server, groups under
 * SURVEY_MIN_GROUP_SIZE never appear. A survey of another organisation answers 404 survey_not_found.
 */

export interface SurveysDeps {
  db: Database;
}

export type Auth = Pick<
  RequestAuth,
  'partyId' | 'identityPartyId' | 'sessionId' | 'switchedBy' | 'staffRole'
>;

/** The organisation the session acts for as its admin; 403 for anyone else. */
export async function requireSurveyAdmin(executor: Executor, auth: Auth): Promise<string> {
  const acting = await findActingOrganisation(executor, auth);
  if (acting?.role !== 'admin') throw new AppError('forbidden');
  return acting.partyId;
}

/** The survey by id; 404 survey_not_found for an unknown one or an id that is no uuid. */
export async function requireSurvey(executor: Executor, surveyId: string): Promise<repository.SurveyRow> {
  if (!isUuid(surveyId)) throw new AppError('survey_not_found');
  const survey = await repository.findSurvey(executor, surveyId.toLowerCase());
  if (!survey) throw new AppError('survey_not_found');
  return survey;
}

/**
 * A survey of the organisation the session administers; 404 for another's. Backoffice staff in
 * their own session read any survey's figures.
 */
export async function requireOwnSurvey(executor: Executor, auth: Auth, surveyId: string) {
  if (auth.staffRole !== null && auth.partyId === auth.identityPartyId)
    return requireSurvey(executor, surveyId);
  const organisationId = await requireSurveyAdmin(executor, auth);
  const survey = await requireSurvey(executor, surveyId);
  if (survey.organisationPartyId !== organisationId) throw new AppError('survey_not_found');
  return survey;
}

/** POST /api/operator/surveys. */
export async function createSurvey(deps: SurveysDeps, auth: Auth, input: SurveyCreate): Promise<SurveyAdmin> {
  return deps.db.transaction(async (tx) => {
    const organisationId = await requireSurveyAdmin(tx, auth);
    const survey = await repository.insertSurvey(tx, {
      id: uuidv7(),
      organisationPartyId: organisationId,
      title: input.title,
      opensOn: input.opens_on,
      closesOn: input.closes_on,
      workplaces: input.workplaces.map((workplace) => ({ id: uuidv7(), name: workplace.name })),
      invitedCount: input.invited_count,
      createdAt: new Date(),
    });
    await recordAuditEventBy(tx, auth, {
      action: 'survey.created',
      targetPartyId: null,
      details: {
        organisation_party_id: organisationId,
        survey_id: survey.id,
        invited_count: survey.invitedCount,
      },
    });
    return presentSurveyAdmin(survey, 0);
  });
}

/** GET /api/operator/surveys. */
export async function listSurveys(deps: SurveysDeps, auth: Auth) {
  const organisationId = await requireSurveyAdmin(deps.db, auth);
  const rows = await repository.listSurveysOfOrganisation(deps.db, organisationId);
  return {
    surveys: rows.map(({ survey, finished }) => presentSurveyAdmin(survey, finished)),
  };
}

/**
 * GET /api/operator/surveys/{id}/figures: the figures of the finished answers the filters pick,
 * against the survey's finished total (summariseSurveySubset), those answers grouped by workplace
 * and by postal area (groupSurveyAnswers), and with a compared period the change of the modal split
 * (modalShareChange). Only counts and shares leave the server.
 */
export async function surveyFigures(
  deps: SurveysDeps,
  auth: Auth,
  surveyId: string,
  query: SurveyFiguresQuery,
): Promise<SurveyFigures> {
  const survey = await requireOwnSurvey(deps.db, auth, surveyId);
  const comparing = query.compare_from !== undefined || query.compare_to !== undefined;
  const [total, inPeriod, inComparedPeriod] = await Promise.all([
    repository.countFinishedAnswers(deps.db, survey.id),
    repository.listFinishedAnswers(deps.db, survey.id, { from: query.from ?? null, to: query.to ?? null }),
    comparing
      ? repository.listFinishedAnswers(deps.db, survey.id, {
          from: query.compare_from ?? null,
          to: query.compare_to ?? null,
        })
      : Promise.resolve([]),
  ]);
  const workplaceId = query.workplace_id?.toLowerCase();
  const pick = (rows: repository.SurveyAnswerRow[]) =>
    rows
      .map(answerFacts)
      .filter(
        (answer) =>
          (workplaceId === undefined || answer.workplaceId === workplaceId) &&
          (query.postal_area === undefined || postalAreaOf(answer.homePostcode) === query.postal_area),
      );
  const result = summariseSurveySubset(pick(inPeriod), total);
  // The groups of a withheld subset are withheld with it: one group holding all of it would show
  // what the subset's own figures may not.
  const picked = result.withheld ? [] : pick(inPeriod);
  const names = new Map(survey.workplaces.map((workplace) => [workplace.id, workplace.name]));
  return {
    finished_answers: total,
    invited_count: survey.invitedCount,
    response_rate: surveyResponseRate(total, survey.invitedCount),
    summary: result.withheld ? null : presentSummary(result.summary),
    by_workplace: groupSurveyAnswers(picked, (answer) =>
      answer.workplaceId !== null && names.has(answer.workplaceId) ? answer.workplaceId : null,
    ).map((group) => ({
      workplace_id: group.key,
      name: names.get(group.key) ?? '',
      summary: presentSummary(group.summary),
    })),
    by_postal_area: groupSurveyAnswers(picked, (answer) => postalAreaOf(answer.homePostcode)).map(
      (group) => ({
        postal_area: group.key,
        summary: presentSummary(group.summary),
      }),
    ),
    modal_share_change: comparing
      ? modalShareChange(summariseSurveySubset(pick(inComparedPeriod), total), result)
      : null,
  };
}
