import { BikeParamsSchema } from '@nbr/domain/bikes';
import {
  FoundResultSchema,
  TheftReportDraftInputSchema,
  TheftReportDraftSchema,
  TheftReportSchema,
} from '@nbr/domain/theft';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import { fileAnswer } from '../../platform/http/openapi.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import type { TheftDeps } from './theft.deps.ts';
import * as service from './theft-reports.service.ts';

/** Per-account budgets (tests lower them to reach them). */
export interface TheftReportRateLimits {
  /** Draft saves: the wizard saves as the owner goes, so this is generous. */
  draftSavesPerHour: number;
  /** Submissions mail the owner. */
  submitsPerHour: number;
}

const DEFAULT_LIMITS: TheftReportRateLimits = { draftSavesPerHour: 600, submitsPerHour: 20 };

export interface TheftReportsRoutesOptions {
  deps: TheftDeps;
  rateLimits?: Partial<TheftReportRateLimits>;
}

const TAGS = ['theft'];

const PdfQuerySchema = z.object({
  report_id: z.string().max(64),
  lang: z.enum(['da', 'en', 'no']),
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});

function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The theft report of one bike (issue 6 §1–2, §5): draft, submit, the sent report and its PDF, and
 * found. Only the bike's owner reaches the draft and submit; the sent report only its maker.
 */
export const theftReportsRoutes: FastifyPluginAsyncZod<TheftReportsRoutesOptions> = async (app, options) => {
  const { deps } = options;
  const limits = { ...DEFAULT_LIMITS, ...options.rateLimits };

  app.get(
    '/bikes/:bike_id/theft-report/draft',
    {
      schema: {
        tags: TAGS,
        summary:
          "Owner: the bike's theft report draft, or one pre-filled from your profile and the bike (saved_at null); 409 bike_already_stolen once reported",
        params: BikeParamsSchema,
        response: { 200: TheftReportDraftSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getDraft(deps, requireAuth(request), request.params.bike_id),
  );

  app.put(
    '/bikes/:bike_id/theft-report/draft',
    {
      schema: {
        tags: TAGS,
        summary:
          'Owner: save the whole draft as the wizard holds it (empty means not filled; a national id number in cpr_number is refused: the register keeps none)',
        params: BikeParamsSchema,
        body: TheftReportDraftInputSchema,
        response: { 200: TheftReportDraftSchema },
      },
      config: { access: 'signed_in' },
      preHandler: perAccountBudget(app, limits.draftSavesPerHour, '1 hour'),
    },
    async (request) => service.saveDraft(deps, requireAuth(request), request.params.bike_id, request.body),
  );

  app.post(
    '/bikes/:bike_id/theft-report/submit',
    {
      schema: {
        tags: TAGS,
        summary:
          'Owner: send the report; 422 lists every missing field (loc [section, field]); the bike is then reported stolen',
        headers: IdempotencyHeadersSchema,
        params: BikeParamsSchema,
        response: { 200: TheftReportSchema },
      },
      // The three acknowledgements are the owner's own declaration: staff switched in cannot give them.
      config: { access: 'signed_in_self', idempotent: true },
      preHandler: perAccountBudget(app, limits.submitsPerHour, '1 hour'),
    },
    async (request) =>
      service.submitReport(deps, requireAuth(request), request.params.bike_id, idempotencyClaim(request)),
  );

  app.get(
    '/bikes/:bike_id/theft-report',
    {
      schema: {
        tags: TAGS,
        summary:
          'Your newest sent (submitted or closed) theft report of the bike, with a signed PDF address; 404 when you made none',
        params: BikeParamsSchema,
        response: { 200: TheftReportSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getReport(deps, requireAuth(request), request.params.bike_id),
  );

  app.get(
    '/bikes/:bike_id/theft-report/pdf',
    {
      schema: {
        tags: TAGS,
        summary:
          'A sent theft report as a PDF at its signed address (pdf_url of the report); 403 when the signature is wrong or expired',
        params: BikeParamsSchema,
        querystring: PdfQuerySchema,
        response: { 200: fileAnswer(['application/pdf'], 'The theft report (PDF)') },
      },
      // The signature is the access check: only the report's owner is given the address.
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.renderReportPdf(deps, request.params.bike_id, request.query);
      reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.length))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(fileName));
      return reply.send(pdf);
    },
  );

  app.post(
    '/bikes/:bike_id/theft-report/withdraw-data-share',
    {
      schema: {
        tags: TAGS,
        summary:
          'Maker of the sent report: withdraw the acknowledgement that it may be shared with your insurer; no insurer is shown it from then on (404 when you made no sent report of the bike)',
        params: BikeParamsSchema,
        response: { 200: TheftReportSchema },
      },
      // Consent is the person's own: staff switched in cannot withdraw it for them.
      config: { access: 'signed_in_self' },
    },
    async (request) => service.withdrawDataShare(deps, requireAuth(request), request.params.bike_id),
  );

  app.post(
    '/bikes/:bike_id/found',
    {
      schema: {
        tags: TAGS,
        summary:
          'Owner: the stolen bike is found (needs a national identity approval report_found of this bike); the report is closed and kept in your history',
        headers: IdempotencyHeadersSchema,
        params: BikeParamsSchema,
        response: { 200: FoundResultSchema },
      },
      config: { access: 'signed_in_self', idempotent: true },
    },
    async (request) =>
      service.reportFound(deps, requireAuth(request), request.params.bike_id, idempotencyClaim(request)),
  );
};
