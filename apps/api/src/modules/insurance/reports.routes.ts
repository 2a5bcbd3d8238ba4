import {
  InsurerParamsSchema,
  InsurerReportSchema,
  ReportPdfQuerySchema,
  ReportPeriodSchema,
} from '@nbr/domain/insurance-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { fileAnswer } from '../../platform/http/openapi.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import * as service from './reports.service.ts';

const TAGS = ['insurance'];

const PeriodQuerySchema = ReportPeriodSchema;

function attachment(fileName: string): string {
  return `attachment; filename="${fileName}"`;
}

/** The insurer's reports (issue 16 §4) as JSON, CSV and PDF; its staff and our staff, 404 for anyone else. */
export const reportsRoutes: FastifyPluginAsyncZod<{ deps: Pick<InsuranceDeps, 'db'> }> = async (
  app,
  options,
) => {
  const { deps } = options;

  app.get(
    '/insurance/:insurer/admin/reports',
    {
      schema: {
        tags: TAGS,
        summary:
          'The insurer’s figures for a period of whole days (from, to: YYYY-MM-DD, UTC): thefts shared with it and payouts per month, recovery rate, thefts per postal town, verification backlog',
        params: InsurerParamsSchema,
        querystring: PeriodQuerySchema,
        response: { 200: InsurerReportSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) =>
      service.insurerReport(deps, requireAuth(request), request.params.insurer, request.query),
  );

  app.get(
    '/insurance/:insurer/admin/reports/csv',
    {
      schema: {
        tags: TAGS,
        summary: 'The same report as a CSV download',
        params: InsurerParamsSchema,
        querystring: PeriodQuerySchema,
        response: { 200: fileAnswer(['text/csv; charset=utf-8'], 'The report (CSV)') },
      },
      config: { access: 'signed_in' },
    },
    async (request, reply) => {
      const report = await service.insurerReport(
        deps,
        requireAuth(request),
        request.params.insurer,
        request.query,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(service.reportFileName(report, 'csv')))
        .header('x-content-type-options', 'nosniff')
        .send(service.reportCsv(report));
    },
  );

  app.get(
    '/insurance/:insurer/admin/reports/pdf',
    {
      schema: {
        tags: TAGS,
        summary: 'The same report as a PDF download, in lang (default: the caller’s language)',
        params: InsurerParamsSchema,
        querystring: ReportPdfQuerySchema,
        response: { 200: fileAnswer(['application/pdf'], 'The report (PDF)') },
      },
      config: { access: 'signed_in' },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { lang, ...period } = request.query;
      const report = await service.insurerReport(deps, auth, request.params.insurer, period);
      const pdf = await service.reportPdf(report, lang ?? mailLanguage(auth.language));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.length))
        .header('content-disposition', attachment(service.reportFileName(report, 'pdf')))
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
};
