import {
  StickerAssigneeQuerySchema,
  StickerAssigneeSchema,
  StickerBatchAssignmentSchema,
  StickerBatchCreateSchema,
  StickerBatchListSchema,
  StickerBatchParamsSchema,
  StickerBatchSchema,
  StickerCodeParamsSchema,
  StickerHistorySchema,
  StickerVoidSchema,
} from '@nbr/domain/plates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { fileAnswer } from '../../platform/http/openapi.ts';
import * as service from './sticker-batches.service.ts';

const TAGS = ['backoffice', 'plates'];

/**
 * /api/backoffice/sticker-batches and /api/backoffice/stickers (issue 17 §1): printed stickers.
 * Support staff list, print, look up and void; making new codes and handing batches to an
 * organisation are admins' (they are stock of value).
 */
export const stickerBatchRoutes: FastifyPluginAsyncZod<{ deps: service.StickerBatchesDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    '/backoffice/sticker-batches',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: the newest 50 sticker batches with how many codes are free, registered and void',
        response: { 200: StickerBatchListSchema },
      },
      config: { access: 'staff' },
    },
    async () => service.listStickerBatches(deps),
  );

  app.post(
    '/backoffice/sticker-batches',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: generate a batch of new sticker codes of a kind (audited)',
        body: StickerBatchCreateSchema,
        response: { 201: StickerBatchSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request, reply) =>
      reply.code(201).send(await service.generateStickerBatch(deps, requireAuth(request), request.body)),
  );

  app.get(
    '/backoffice/sticker-batches/assignees',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: organisations (dealers, businesses, insurers…) whose name contains the query',
        querystring: StickerAssigneeQuerySchema,
        response: { 200: z.array(StickerAssigneeSchema) },
      },
      config: { access: 'staff' },
    },
    async (request) => service.searchAssignees(deps, request.query.query),
  );

  app.put(
    '/backoffice/sticker-batches/:batchId/assignment',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff admins: hand a batch to an organisation or an insurer, or take it back (null; audited)',
        params: StickerBatchParamsSchema,
        body: StickerBatchAssignmentSchema,
        response: { 200: StickerBatchSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) =>
      service.assignStickerBatch(
        deps,
        requireAuth(request),
        request.params.batchId,
        request.body.organisation_party_id,
      ),
  );

  app.get(
    '/backoffice/sticker-batches/:batchId/sheet',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: the batch as a print-ready A4 PDF of QR labels (4 × 6 a page), each the sticker’s GS1 Digital Link with its code under it',
        params: StickerBatchParamsSchema,
        response: { 200: fileAnswer(['application/pdf'], 'The label sheet (PDF)') },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.stickerBatchSheet(deps, request.params.batchId);
      reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.length))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.send(pdf);
    },
  );

  app.get(
    '/backoffice/stickers/:code',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: a sticker code’s history (created in a batch, assigned, activated, voided); never the owner',
        params: StickerCodeParamsSchema,
        response: { 200: StickerHistorySchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.stickerHistory(deps, request.params.code),
  );

  app.post(
    '/backoffice/stickers/:code/void',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: void a lost or damaged free code with a reason; it can never be registered (audited)',
        params: StickerCodeParamsSchema,
        body: StickerVoidSchema,
        response: { 200: StickerHistorySchema },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      service.voidSticker(deps, requireAuth(request), request.params.code, request.body.reason),
  );
};
