import { SURVEY_EXPORT_FORMATS, type SurveyExportFormat } from '@nbr/domain/survey-admin';
import { SurveyFiguresQuerySchema } from '@nbr/domain/surveys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { fileAnswer } from '../../platform/http/openapi.ts';
import * as service from './survey-export.service.ts';
import type { SurveysDeps } from './surveys.service.ts';

const TAGS = ['surveys'];
const SurveyParamsSchema = z.object({ survey_id: z.string() });

/** The admin panel's downloads of a survey's figures (issue 29 §1): CSV and XLSX, same filters and access. */
export const surveyExportRoutes: FastifyPluginAsyncZod<{ deps: SurveysDeps }> = async (app, { deps }) => {
  const download = (format: SurveyExportFormat) =>
    app.get(
      `/operator/surveys/:survey_id/figures.${format}`,
      {
        schema: {
          tags: TAGS,
          summary: `The figures as a ${format.toUpperCase()} download, with the same filters; only groups of 5 or more answers, no addresses`,
          params: SurveyParamsSchema,
          querystring: SurveyFiguresQuerySchema,
          response: {
            200: fileAnswer([service.EXPORT_CONTENT_TYPES[format]], `The figures (${format.toUpperCase()})`),
          },
        },
        config: { access: 'signed_in' },
      },
      async (request, reply) => {
        const file = await service.exportSurveyFigures(
          deps,
          requireAuth(request),
          request.params.survey_id,
          request.query,
          format,
        );
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.body.length))
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .send(file.body);
      },
    );
  for (const format of SURVEY_EXPORT_FORMATS) download(format);
};
