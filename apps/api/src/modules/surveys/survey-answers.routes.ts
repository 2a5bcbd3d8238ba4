import {
  SURVEY_ANSWER_TOKEN_HEADER,
  SurveyAddressesInputSchema,
  SurveyAnswerSavedSchema,
  SurveyAnswerViewSchema,
  SurveyCommutingDaysInputSchema,
  SurveyTravelInputSchema,
} from '@nbr/domain/surveys';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { routeBudget } from '../../platform/http/rate-limit.ts';
import * as service from './survey-answers.service.ts';
import type { SurveysDeps } from './surveys.service.ts';

const TAGS = ['surveys'];
const SurveyParamsSchema = z.object({ survey_id: z.string() });
const AnswerTokenHeadersSchema = z.object({
  [SURVEY_ANSWER_TOKEN_HEADER]: z
    .string()
    .max(200)
    .optional()
    .describe("A visitor's answer token, as the first saved step answered it"),
});

/**
 * New visitors' answers per client address and hour. Generous on purpose: a workplace's staff may
 * all answer from behind one address in the hour after the invitation goes out.
 */
export const VISITOR_ANSWERS_PER_HOUR = 100;

export interface SurveyAnswerRouteOptions {
  deps: SurveysDeps;
  visitorAnswersPerHour?: number;
}

function callerOf(request: FastifyRequest): service.AnswerCaller {
  const token = request.headers[SURVEY_ANSWER_TOKEN_HEADER];
  return { auth: request.auth ?? null, token: typeof token === 'string' && token !== '' ? token : null };
}

/**
 * The person's side of the commuter survey (issue 29 §1): read and save one's answer, signed in or as
 * a visitor holding the answer token; claim a visitor's answer after signing in. Registered by
 * surveysRoutes.
 */
export const surveyAnswerRoutes: FastifyPluginAsyncZod<SurveyAnswerRouteOptions> = async (app, options) => {
  const { deps } = options;
  // A visitor without a token starts a new answer (a row) on the first step: that is what is counted.
  const startsVisitorAnswer = (request: FastifyRequest) => {
    const caller = callerOf(request);
    return caller.auth === null && caller.token === null;
  };
  const visitorBudget = () =>
    routeBudget(
      app,
      'visitor',
      options.visitorAnswersPerHour ?? VISITOR_ANSWERS_PER_HOUR,
      '1 hour',
      (request) => request.ip,
      startsVisitorAnswer,
    );

  app.get(
    '/surveys/:survey_id/answer',
    {
      schema: {
        tags: TAGS,
        summary:
          "The survey (who runs it, its period, whether it is open) and the caller's own answer so far: a signed-in person's, or the visitor's whose token comes (positions as grid cells only)",
        params: SurveyParamsSchema,
        headers: AnswerTokenHeadersSchema,
        response: { 200: SurveyAnswerViewSchema },
      },
      config: { access: 'public' },
    },
    async (request) => service.getAnswer(deps, callerOf(request), request.params.survey_id),
  );

  app.put(
    '/surveys/:survey_id/answer/addresses',
    {
      schema: {
        tags: TAGS,
        summary:
          "Step 1: home and work postcodes, positions (kept as grid cells) and the workplace. A visitor's first step answers answer_token",
        params: SurveyParamsSchema,
        headers: AnswerTokenHeadersSchema,
        body: SurveyAddressesInputSchema,
        response: { 200: SurveyAnswerSavedSchema },
      },
      config: { access: 'public' },
      preHandler: visitorBudget(),
    },
    async (request) => service.saveAddresses(deps, callerOf(request), request.params.survey_id, request.body),
  );

  app.put(
    '/surveys/:survey_id/answer/commuting-days',
    {
      schema: {
        tags: TAGS,
        summary: 'Step 2: the weekdays the caller usually commutes on',
        params: SurveyParamsSchema,
        headers: AnswerTokenHeadersSchema,
        body: SurveyCommutingDaysInputSchema,
        response: { 200: SurveyAnswerSavedSchema },
      },
      config: { access: 'public' },
      preHandler: visitorBudget(),
    },
    async (request) =>
      service.saveCommutingDays(deps, callerOf(request), request.params.survey_id, request.body),
  );

  app.put(
    '/surveys/:survey_id/answer/travel',
    {
      schema: {
        tags: TAGS,
        summary: 'Step 3: the legs of a usual trip; finishes the answer once the earlier steps are in',
        params: SurveyParamsSchema,
        headers: AnswerTokenHeadersSchema,
        body: SurveyTravelInputSchema,
        response: { 200: SurveyAnswerSavedSchema },
      },
      config: { access: 'public' },
      preHandler: visitorBudget(),
    },
    async (request) => service.saveTravel(deps, callerOf(request), request.params.survey_id, request.body),
  );

  app.post(
    '/surveys/:survey_id/answer/claim',
    {
      schema: {
        tags: TAGS,
        summary:
          "Take over the visitor's answer whose token comes, after signing in (409 survey_answer_exists when one's own answer exists: it is kept)",
        params: SurveyParamsSchema,
        headers: AnswerTokenHeadersSchema,
        response: { 200: SurveyAnswerViewSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) =>
      service.claimAnswer(deps, requireAuth(request), request.params.survey_id, callerOf(request).token),
  );
};
