import {
  StaffAccessReasonSchema,
  StaffOwnerMessageAnswerSchema,
  StaffOwnerMessageSchema,
  StaffTheftReportDetailSchema,
  StaffTheftReportListSchema,
  StaffTheftReportParamsSchema,
  StaffTheftReportQuerySchema,
  StaffTheftReportSummarySchema,
  TheftFoundLinkSchema,
  TheftSuspicionSchema,
} from '@nbr/domain/theft';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import type { TheftDeps } from './theft.deps.ts';
import * as service from './theft-review.service.ts';

const TAGS = ['backoffice', 'theft'];

/** /api/backoffice/theft-reports (issue 17 §1): our staff's review of stolen-bike reports. */
export const theftReviewRoutes: FastifyPluginAsyncZod<{ deps: TheftDeps }> = async (app, { deps }) => {
  app.get(
    '/backoffice/theft-reports',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: sent theft reports to review (new: oldest first), suspicious or reviewed; the bike’s public facts only, never the owner',
        querystring: StaffTheftReportQuerySchema,
        response: { 200: StaffTheftReportListSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.listTheftReportsForReview(deps, request.query.filter),
  );

  app.get(
    '/backoffice/theft-reports/:reportId',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: a report’s private data with the reason given (audited; shown in the owner’s access log), and the pickups of its bike',
        params: StaffTheftReportParamsSchema,
        querystring: StaffAccessReasonSchema,
        response: { 200: StaffTheftReportDetailSchema },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      service.openTheftReport(deps, requireAuth(request), request.params.reportId, request.query.reason),
  );

  app.post(
    '/backoffice/theft-reports/:reportId/review',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: mark a report reviewed (audited)',
        params: StaffTheftReportParamsSchema,
        response: { 200: StaffTheftReportSummarySchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.reviewTheftReport(deps, requireAuth(request), request.params.reportId),
  );

  app.put(
    '/backoffice/theft-reports/:reportId/suspicion',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: mark a report suspicious with a note, or clear it (audited with before/after)',
        params: StaffTheftReportParamsSchema,
        body: TheftSuspicionSchema,
        response: { 200: StaffTheftReportSummarySchema },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      service.setTheftReportSuspicion(deps, requireAuth(request), request.params.reportId, request.body),
  );

  app.put(
    '/backoffice/theft-reports/:reportId/found-link',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: link the pickup of the found bike to the report, or unlink it (null; audited)',
        params: StaffTheftReportParamsSchema,
        body: TheftFoundLinkSchema,
        response: { 200: StaffTheftReportSummarySchema },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      service.linkFoundPickup(deps, requireAuth(request), request.params.reportId, request.body.pickup_id),
  );

  app.post(
    '/backoffice/theft-reports/:reportId/messages',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: write to the report’s owner through the register (a chat about the bike; their address is never shown; audited)',
        params: StaffTheftReportParamsSchema,
        body: StaffOwnerMessageSchema,
        response: { 201: StaffOwnerMessageAnswerSchema },
      },
      config: { access: 'staff' },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.messageTheftReportOwner(
            deps,
            requireAuth(request),
            request.params.reportId,
            request.body.text,
            request.log,
          ),
        ),
  );
};
