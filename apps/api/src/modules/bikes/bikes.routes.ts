import type {} from '@fastify/rate-limit';
import { StaffReasonSchema } from '@nbr/domain/backoffice-people';
import {
  BikeCreateSchema,
  BikeListSchema,
  BikeParamsSchema,
  BikeSchema,
  BikeUpdateSchema,
  FrameNumberCollisionsSchema,
  IdentifierCheckRequestSchema,
  IdentifierCheckResponseSchema,
  PublicBikeSchema,
} from '@nbr/domain/bikes';
import { StickerLookupSchema } from '@nbr/domain/plates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import { NO_CONTENT } from '../../platform/http/openapi.ts';
import { perAccountBudget, registerLookupRateLimit } from '../../platform/http/rate-limit.ts';
import { deleteBike } from '../../use-cases/delete-bike.ts';
import type { BikesDeps } from './bikes.deps.ts';
import * as service from './bikes.service.ts';

/** Live identifier checks per signed-in account: enough for typing, too few to walk the register. */
export const IDENTIFIER_CHECKS_PER_ACCOUNT_PER_MINUTE = 60;

export interface BikesRoutesOptions {
  deps: BikesDeps;
}

/** Staff reading someone's bike say why (a ticket or free text); the owner needs no reason. */
const StaffReadQuerySchema = z.object({ reason: StaffReasonSchema.optional() });

const TAGS = ['bikes'];

const StickerParamsSchema = z.object({ sticker_id: z.string().max(200) });

/**
 * Bikes of the acting party: register, list, read, edit, delete; the public view; identifier checks;
 * what a scanned sticker leads to.
 */
export const bikesRoutes: FastifyPluginAsyncZod<BikesRoutesOptions> = async (app, options) => {
  const { deps } = options;

  const perAccount = (max: number, timeWindow: string) => perAccountBudget(app, max, timeWindow);

  app.post(
    '/bikes',
    {
      schema: {
        tags: TAGS,
        summary:
          'Register a bike for the acting party: needs a name, a frame number or plate ID, and a free credit of an active subscription',
        headers: IdempotencyHeadersSchema,
        body: BikeCreateSchema,
        response: { 201: BikeSchema },
      },
      // A registration uses a credit: a retried request with the same key must not use a second one.
      config: { access: 'signed_in', idempotent: true },
    },
    async (request, reply) => {
      const bike = await service.createBike(
        deps,
        requireAuth(request),
        request.body,
        idempotencyClaim(request),
      );
      return reply.code(201).send(bike);
    },
  );

  app.get(
    '/bikes',
    {
      schema: {
        tags: TAGS,
        summary: "The acting party's bikes, newest first",
        response: { 200: BikeListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listMyBikes(deps, requireAuth(request)),
  );

  app.post(
    '/bikes/identifier-checks',
    {
      schema: {
        tags: TAGS,
        summary:
          'Check a frame number and plate ID while typing: valid, invalid or already used, with the soft frame-number check',
        body: IdentifierCheckRequestSchema,
        response: { 200: IdentifierCheckResponseSchema },
      },
      config: { access: 'signed_in' },
      preHandler: perAccount(IDENTIFIER_CHECKS_PER_ACCOUNT_PER_MINUTE, '1 minute'),
    },
    async (request) => service.checkIdentifiers(deps, requireAuth(request), request.body),
  );

  app.get(
    '/bikes/:bike_id',
    {
      schema: {
        tags: TAGS,
        summary:
          'One bike as its owner sees it (staff may look, giving a reason: it shows private pictures and documents); 404 for anyone else',
        params: BikeParamsSchema,
        querystring: StaffReadQuerySchema,
        response: { 200: BikeSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) =>
      service.getBike(deps, requireAuth(request), request.params.bike_id, request.query.reason),
  );

  app.patch(
    '/bikes/:bike_id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Edit a bike (owner): absent fields stay, null or empty clears; the frame number is locked after a transfer',
        params: BikeParamsSchema,
        body: BikeUpdateSchema,
        response: { 200: BikeSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.updateBike(deps, requireAuth(request), request.params.bike_id, request.body),
  );

  app.delete(
    '/bikes/:bike_id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Delete a bike with its files and equipment (owner); one with a frame number or plate needs an identity approval (403 approval_required)',
        params: BikeParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'signed_in' },
    },
    async (request, reply) => {
      await deleteBike(deps, requireAuth(request), request.params.bike_id, request.log);
      return reply.code(204).send();
    },
  );

  app.get(
    '/bikes/:bike_id/public',
    {
      schema: {
        tags: TAGS,
        summary:
          'What anyone may see of a bike (by its visibility); 404 when it is private, except to its owner',
        params: BikeParamsSchema,
        response: { 200: PublicBikeSchema },
      },
      config: { access: 'public' },
    },
    async (request) => service.getPublicBike(deps, request.auth, request.params.bike_id),
  );

  // GET /api/stickers/{sticker_id}: what a scanned QR sticker leads to. Here rather than in plates:
  // the answer names the bike when the caller may see it, which is bikes' rule.
  app.get(
    '/stickers/:sticker_id',
    {
      schema: {
        tags: ['plates'],
        summary:
          'A scanned sticker: its kind and status, and the bike it is on when its owner lets it be seen (never who owns it)',
        params: StickerParamsSchema,
        response: { 200: StickerLookupSchema },
      },
      // Public, so limited per address: trying codes one after another must stay slow.
      config: { ...registerLookupRateLimit(), access: 'public' },
    },
    async (request) => service.lookupSticker(deps, request.auth, request.params.sticker_id),
  );

  app.get(
    '/backoffice/frame-number-collisions',
    {
      schema: {
        tags: ['backoffice', ...TAGS],
        summary:
          'Staff: frame numbers several bikes share once look-alike letters of other scripts are folded (left by migration 0011)',
        response: { 200: FrameNumberCollisionsSchema },
      },
      config: { access: 'staff' },
    },
    async () => service.listFrameNumberCollisions(deps),
  );
};
