import { SurveyAdminSchema } from '@nbr/domain/survey-admin';
import {
  SurveyCreateSchema,
  SurveyFiguresQuerySchema,
  SurveyFiguresSchema,
  SurveyListSchema,
} from '@nbr/domain/surveys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { surveyAnswerRoutes } from './survey-answers.routes.ts';
import type { SurveysDeps } from './surveys.service.ts';
import * as service from './surveys.service.ts';

const TAGS = ['surveys'];
const SurveyParamsSchema = z.object({ survey_id: z.string() });

/** The commuter survey (issue 29 §1): the organisation's admins' side and the person's answer. */
export const surveysRoutes: FastifyPluginAsyncZod<{ deps: SurveysDeps }> = async (app, { deps }) => {
  app.post(
    '/operator/surveys',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a commuter survey of the organisation the session acts for (its admins)',
        body: SurveyCreateSchema,
        response: { 201: SurveyAdminSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createSurvey(deps, requireAuth(request), request.body)),
  );

  app.get(
    '/operator/surveys',
    {
      schema: {
        tags: TAGS,
        summary: "The acting organisation's surveys, newest first, with their finished answers' count",
        response: { 200: SurveyListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listSurveys(deps, requireAuth(request)),
  );

  app.get(
    '/operator/surveys/:survey_id/figures',
    {
      schema: {
        tags: TAGS,
        summary:
          "A survey's figures, filtered by period, workplace or postal area; groups under 5 never shown",
        params: SurveyParamsSchema,
        querystring: SurveyFiguresQuerySchema,
        response: { 200: SurveyFiguresSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) =>
      service.surveyFigures(deps, requireAuth(request), request.params.survey_id, request.query),
  );

  // The person's side: answering, signed in or as a visitor (survey-answers.routes.ts).
  await app.register(surveyAnswerRoutes, { deps });
};
