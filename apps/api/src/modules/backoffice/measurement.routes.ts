import { MeasurementQuerySchema, MeasurementReportSchema } from '@nbr/domain/measurement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BackofficeDeps } from './backoffice.service.ts';
import { getMeasurementReport } from './measurement.service.ts';

/** Issue 30 §2: staff's view of the funnel per day and the web vitals per page. */
export const measurementRoutes: FastifyPluginAsyncZod<{ deps: BackofficeDeps }> = async (app, options) => {
  app.get(
    '/backoffice/measurement',
    {
      schema: {
        tags: ['backoffice'],
        summary:
          'Staff: per day sign-ups, first bikes, purchases and theft reports; web-vitals p50/p75/p95 per page (from, to: at most 92 days)',
        querystring: MeasurementQuerySchema,
        response: { 200: MeasurementReportSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => getMeasurementReport(options.deps, request.query),
  );
};
