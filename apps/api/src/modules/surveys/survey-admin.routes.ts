import {
  StaffSurveyListSchema,
  SurveyAdminSchema,
  SurveyInvitedUpdateSchema,
} from '@nbr/domain/survey-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import * as service from './survey-admin.service.ts';
import type { SurveysDeps } from './surveys.service.ts';

const TAGS = ['surveys'];
const SurveyParamsSchema = z.object({ survey_id: z.string() });

/** The survey's admin panel (issue 29 §1): the number invited, and backoffice staff's list of surveys. */
export const surveyAdminRoutes: FastifyPluginAsyncZod<{ deps: SurveysDeps }> = async (app, { deps }) => {
  app.patch(
    '/operator/surveys/:survey_id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Set how many people the survey invited (the response rate’s denominator); its organisation’s admins, audited',
        params: SurveyParamsSchema,
        body: SurveyInvitedUpdateSchema,
        response: { 200: SurveyAdminSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) =>
      service.updateInvitedCount(deps, requireAuth(request), request.params.survey_id, request.body),
  );

  app.get(
    '/backoffice/surveys',
    {
      schema: {
        tags: TAGS,
        summary: 'Every organisation’s commuter surveys, newest first (at most 500), for staff to pick one',
        response: { 200: StaffSurveyListSchema },
      },
      config: { access: 'staff' },
    },
    async () => service.listAllSurveys(deps),
  );
};
