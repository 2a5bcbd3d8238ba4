import multipart from '@fastify/multipart';
import { BikeParamsSchema, PICTURE_MAX_BYTES } from '@nbr/domain/bikes';
import {
  HeldBikeCreateSchema,
  PickupCreateSchema,
  PickupListSchema,
  PickupParamsSchema,
  PickupSchema,
} from '@nbr/domain/finds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import { fileAnswer } from '../../platform/http/openapi.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import { readSingleUpload } from '../../platform/http/single-upload.ts';
import { pickupPhotoPath } from './item-pickups.presenter.ts';
import * as service from './item-pickups.service.ts';
import type { TheftDeps } from './theft.deps.ts';

/** Pickups a person or organisation may register per hour: plenty for a busy bike shop or police station. */
export const PICKUPS_PER_HOUR = 30;

export interface ItemPickupsRoutesOptions {
  deps: TheftDeps;
}

const TAGS = ['theft'];

/**
 * Bikes held for their owners (SPEC §2 /app/item-pickup). Registering and closing are the caller's own
 * acts (not staff switched into an account); organisations act through a member's session.
 */
export const itemPickupsRoutes: FastifyPluginAsyncZod<ItemPickupsRoutesOptions> = async (app, options) => {
  const { deps } = options;

  app.post(
    '/bikes/:bike_id/pickups',
    {
      schema: {
        tags: TAGS,
        summary:
          'I hold this bike for its owner: where and until when to collect it. For a person with a verified national identity, also when acting for a business, club or dealer (anyone can found one), or for a member of an organisation the registry checked (police, insurer) (403 identity_verification_required); not for my own bike (409 own_bike); one waiting pickup per bike (409 conflict)',
        params: BikeParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: PickupCreateSchema,
        response: { 201: PickupSchema },
      },
      config: { access: 'signed_in_self', idempotent: true },
      preHandler: perAccountBudget(app, PICKUPS_PER_HOUR, '1 hour'),
    },
    async (request, reply) => {
      const pickup = await service.createPickup(
        deps,
        requireAuth(request),
        request.params.bike_id,
        request.body,
        idempotencyClaim(request),
        request.log,
      );
      return reply.code(201).send(pickup);
    },
  );

  app.post(
    '/item-pickups',
    {
      schema: {
        tags: TAGS,
        summary:
          "The police or a municipality took in a found or abandoned bike: name it by frame number or plate, where and until when its owner can collect it. The owner is mailed and told in a chat; a stolen bike's theft report is linked. Members acting for a police or municipality organisation only (403); 404 bike_not_registered when no registered bike has the identifier and no `unregistered` description is given; with one (or without an identifier), a bike the register does not know is held without an owner (no chat, no mail) and matched against open theft reports (issue 32 §2); `location` is where it was found; 409 conflict when the bike already waits somewhere",
        headers: IdempotencyHeadersSchema,
        body: HeldBikeCreateSchema,
        response: { 201: PickupSchema },
      },
      config: { access: 'signed_in_self', idempotent: true },
      preHandler: perAccountBudget(app, PICKUPS_PER_HOUR, '1 hour'),
    },
    async (request, reply) => {
      const pickup = await service.createHeldBike(
        deps,
        requireAuth(request),
        request.body,
        idempotencyClaim(request),
        request.log,
      );
      return reply.code(201).send(pickup);
    },
  );

  app.get(
    '/item-pickups',
    {
      schema: {
        tags: TAGS,
        summary:
          'Bikes waiting for me (waiting ones first, soonest last day first, then recently closed) and bikes I hold for others',
        response: { 200: PickupListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listPickups(deps, requireAuth(request)),
  );

  app.post(
    '/item-pickups/:pickup_id/collected',
    {
      schema: {
        tags: TAGS,
        summary: 'The owner has the bike back (owner or holder); 409 pickup_not_waiting once closed',
        params: PickupParamsSchema,
        response: { 200: PickupSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) =>
      service.closePickup(deps, requireAuth(request), request.params.pickup_id, 'collected', request.log),
  );

  app.post(
    '/item-pickups/:pickup_id/cancel',
    {
      schema: {
        tags: TAGS,
        summary: 'I no longer hold the bike for its owner (holder only); 409 pickup_not_waiting once closed',
        params: PickupParamsSchema,
        response: { 200: PickupSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) =>
      service.closePickup(deps, requireAuth(request), request.params.pickup_id, 'cancel', request.log),
  );

  app.post(
    '/item-pickups/:pickup_id/released',
    {
      schema: {
        tags: TAGS,
        summary:
          'Unclaimed after the last day, the police or municipality holding the bike releases it (to reuse or auction); the owner is told. Holder only (403); 409 pickup_not_due before the last day has passed, pickup_not_waiting once closed',
        params: PickupParamsSchema,
        response: { 200: PickupSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) =>
      service.releasePickup(deps, requireAuth(request), request.params.pickup_id, request.log),
  );

  await app.register(multipart, { limits: { files: 1, fields: 0, parts: 1, headerPairs: 50 } });

  app.put(
    '/item-pickups/:pickup_id/photo',
    {
      schema: {
        tags: TAGS,
        summary:
          "The holder's photo of the bike as taken in (multipart/form-data, one JPEG, PNG or WebP in `file`, at most 15 MB; re-encoded without metadata), replacing an earlier one while the bike waits. Holder only (403); 409 pickup_not_waiting once closed",
        params: PickupParamsSchema,
        response: { 200: PickupSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) => {
      const auth = requireAuth(request);
      await service.checkPhotoHolder(deps, auth, request.params.pickup_id);
      const bytes = await readSingleUpload(request, PICTURE_MAX_BYTES);
      return service.setPickupPhoto(deps, auth, request.params.pickup_id, bytes, request.log);
    },
  );

  app.get(
    '/item-pickups/:pickup_id/photo',
    {
      schema: {
        tags: TAGS,
        summary:
          'The photo of a held bike at its signed address (as found in pickup answers); 403 when the signature is wrong or expired',
        params: PickupParamsSchema,
        querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
        response: { 200: fileAnswer(['image/webp'], 'The photo (WebP)') },
      },
      // The signature is the access check: addresses are only handed to the owner and the holder.
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { pickup_id: pickupId } = request.params;
      const { expires, signature } = request.query;
      if (!deps.fileUrls.verify(pickupPhotoPath(pickupId), expires, signature))
        throw new AppError('forbidden');
      const file = await service.openPickupPhoto(deps, pickupId);
      const maxAge = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
      reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('content-disposition', 'inline');
      return reply.send(file.body);
    },
  );
};
