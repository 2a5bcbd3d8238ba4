import { createHash, randomBytes } from 'node:crypto';
import { todayInRegisterZone } from '@nbr/domain/bikes';
import {
  type SurveyAddressesInput,
  type SurveyAnswerSaved,
  type SurveyAnswerView,
  type SurveyCommutingDaysInput,
  type SurveyTravelInput,
  surveyGridCell,
} from '@nbr/domain/surveys';
import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { uuidv7 } from '../../platform/ids.ts';
import * as answers from './survey-answers.repository.ts';
import { presentAnswer, presentSurvey } from './surveys.presenter.ts';
import * as repository from './surveys.repository.ts';
import { requireSurvey, type SurveysDeps } from './surveys.service.ts';

/*
 * The person's side of the commuter survey (issue 29 §1): the three steps, saved one by one into one
 * answer while the survey is open.
 *
 * - A signed-in person's answer is theirs by account: one per person per survey (the unique
 *   (survey_id, party_id) index), in their export and gone with their account.
 * - A visitor's first saved step starts an answer and answers an answer token (random; only its
 *   SHA-256 is stored). The browser keeps it and sends it back (SURVEY_ANSWER_TOKEN_HEADER) to read
 *   and continue that answer; without it, or with another, the answer is out of reach. A token the
 *   survey does not know answers 404 survey_answer_not_found on a save (the browser forgets it and
 *   starts again), and no answer on a read.
 * - A visitor who signs in while holding a token claims the answer: it becomes theirs by account and
 *   the token opens nothing any more; if they already have an answer of their own, 409
 *   survey_answer_exists and both stay as they were (theirs is kept; the visitor's stays anonymous).
 * - Staff switched into a person's account may read the answer but never answer for them.
 */

type Auth = Pick<RequestAuth, 'identityPartyId' | 'switchedBy'>;

/** Who answers: a signed-in person (auth), or a visitor with or without the token of their answer. */
export interface AnswerCaller {
  auth: Auth | null;
  token: string | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A survey open today (opens_on ≤ today ≤ closes_on, Europe/Copenhagen). */
function isOpen(survey: repository.SurveyRow, now: Date): boolean {
  const today = todayInRegisterZone(now);
  return today >= survey.opensOn && today <= survey.closesOn;
}

/** 409 survey_not_open unless the survey takes answers today. */
function requireOpen(survey: repository.SurveyRow, now: Date): void {
  if (!isOpen(survey, now)) throw new AppError('survey_not_open');
}

async function answerView(
  executor: Executor,
  survey: repository.SurveyRow,
  answer: repository.SurveyAnswerRow | null,
  now: Date,
): Promise<SurveyAnswerView> {
  const { created_at: _createdAt, ...shown } = presentSurvey(survey);
  return {
    survey: {
      ...shown,
      organisation_name: await answers.findOrganisationName(executor, survey.organisationPartyId),
      open: isOpen(survey, now),
    },
    answer: answer ? presentAnswer(answer) : null,
  };
}

/** GET /api/surveys/{id}/answer: the survey and the caller's own answer so far (null before the first step). */
export async function getAnswer(
  deps: SurveysDeps,
  caller: AnswerCaller,
  surveyId: string,
): Promise<SurveyAnswerView> {
  const survey = await requireSurvey(deps.db, surveyId);
  let answer: repository.SurveyAnswerRow | null = null;
  if (caller.auth)
    answer = await repository.findAnswerOfPerson(deps.db, survey.id, caller.auth.identityPartyId);
  else if (caller.token)
    answer = await answers.findAnswerByTokenHash(deps.db, survey.id, hashToken(caller.token));
  return answerView(deps.db, survey, answer, new Date());
}

type Step = Parameters<typeof answers.updateAnswerStep>[3];

/**
 * Saves one step of the caller's answer while the survey is open; `finish` finishes it once the
 * earlier steps are in. A visitor without a token starts an answer and gets its token.
 */
async function saveStep(
  deps: SurveysDeps,
  caller: AnswerCaller,
  survey: repository.SurveyRow,
  step: Step,
  finish = false,
): Promise<SurveyAnswerSaved> {
  if (caller.auth?.switchedBy) throw new AppError('not_allowed_while_switched');
  const now = new Date();
  requireOpen(survey, now);
  return deps.db.transaction(async (tx) => {
    let answer: repository.SurveyAnswerRow;
    let issued: string | null = null;
    if (caller.auth) {
      answer = await repository.upsertAnswerStep(tx, {
        id: uuidv7(),
        surveyId: survey.id,
        partyId: caller.auth.identityPartyId,
        now,
        step,
      });
    } else if (caller.token) {
      const found = await answers.findAnswerByTokenHash(tx, survey.id, hashToken(caller.token), true);
      if (!found) throw new AppError('survey_answer_not_found');
      answer = await answers.updateAnswerStep(tx, found.id, now, step);
    } else {
      issued = randomBytes(32).toString('base64url');
      answer = await answers.insertVisitorAnswer(tx, {
        id: uuidv7(),
        surveyId: survey.id,
        tokenHash: hashToken(issued),
        now,
        step,
      });
    }
    if (finish && answer.finishedAt === null && answer.homePostcode !== null && answer.days !== null)
      answer = await repository.markAnswerFinished(tx, answer.id, now);
    return { ...(await answerView(tx, survey, answer, now)), answer_token: issued };
  });
}

/** PUT /api/surveys/{id}/answer/addresses: postcodes, positions kept as grid cells only, the workplace. */
export async function saveAddresses(
  deps: SurveysDeps,
  caller: AnswerCaller,
  surveyId: string,
  input: SurveyAddressesInput,
): Promise<SurveyAnswerSaved> {
  const survey = await requireSurvey(deps.db, surveyId);
  const workplaceId = input.workplace_id?.toLowerCase() ?? null;
  if (workplaceId !== null && !survey.workplaces.some((workplace) => workplace.id === workplaceId))
    throw new ValidationError([{ loc: ['body', 'workplace_id'], type: 'invalid_value' }]);
  const cell = (position: SurveyAddressesInput['home_position']) =>
    position ? surveyGridCell(position.latitude, position.longitude) : null;
  return saveStep(deps, caller, survey, {
    homePostcode: input.home_postcode,
    workPostcode: input.work_postcode,
    homeGridCell: cell(input.home_position),
    workGridCell: cell(input.work_position),
    workplaceId,
  });
}

/** PUT /api/surveys/{id}/answer/commuting-days. */
export async function saveCommutingDays(
  deps: SurveysDeps,
  caller: AnswerCaller,
  surveyId: string,
  input: SurveyCommutingDaysInput,
): Promise<SurveyAnswerSaved> {
  const survey = await requireSurvey(deps.db, surveyId);
  return saveStep(deps, caller, survey, { days: [...input.days].sort((a, b) => a - b) });
}

/** PUT /api/surveys/{id}/answer/travel: the last step; finishes the answer once addresses and days are in. */
export async function saveTravel(
  deps: SurveysDeps,
  caller: AnswerCaller,
  surveyId: string,
  input: SurveyTravelInput,
): Promise<SurveyAnswerSaved> {
  const survey = await requireSurvey(deps.db, surveyId);
  return saveStep(
    deps,
    caller,
    survey,
    {
      legs: input.legs,
      wouldCycleMoreWithParking: input.would_cycle_more_with_parking,
      wouldCycleMoreWithDock: input.would_cycle_more_with_dock,
    },
    true,
  );
}

/**
 * POST /api/surveys/{id}/answer/claim: the signed-in person takes over the visitor's answer whose
 * token they send (answered before signing in). 404 survey_answer_not_found for a token the survey
 * does not know; 409 survey_answer_exists when they have an answer of their own (it is kept). Allowed
 * after the survey has closed: it changes whose the answer is, not what it says.
 */
export async function claimAnswer(
  deps: SurveysDeps,
  auth: Auth,
  surveyId: string,
  token: string | null,
): Promise<SurveyAnswerView> {
  const survey = await requireSurvey(deps.db, surveyId);
  if (!token) throw new AppError('survey_answer_not_found');
  try {
    return await deps.db.transaction(async (tx) => {
      const now = new Date();
      const visitors = await answers.findAnswerByTokenHash(tx, survey.id, hashToken(token), true);
      if (!visitors) throw new AppError('survey_answer_not_found');
      if (await repository.findAnswerOfPerson(tx, survey.id, auth.identityPartyId))
        throw new AppError('survey_answer_exists');
      const claimed = await answers.claimAnswer(tx, visitors.id, auth.identityPartyId, now);
      return answerView(tx, survey, claimed, now);
    });
  } catch (error) {
    // Their own answer was started in another tab at the same moment: theirs is kept.
    if (answers.isUniqueViolation(error)) throw new AppError('survey_answer_exists');
    throw error;
  }
}
