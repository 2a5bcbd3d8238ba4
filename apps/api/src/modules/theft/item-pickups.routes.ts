import { BikeParamsSchema } from '@nbr/domain/bikes';
import {
  HeldBikeCreateSchema,
  PickupCreateSchema,
  PickupListSchema,
  PickupParamsSchema,
  PickupSchema,
} from '@nbr/domain/finds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { IdempotencyHeadersSchema } from '../../platform/http/idempotency.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import * as service from './item-pickups.service.ts';
import type { TheftDeps } from './theft.deps.ts';

/** Pickups a person or organisation may register per hour: plenty for a busy bike shop or police station. */
export const PICKUPS_PER_HOUR = 30;

export interface ItemPickupsRoutesOptions {
  deps: TheftDeps;
}

const TAGS = ['theft'];
const BEARER: Record<string, string[]>[] = [{ bearer: [] }];

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
        security: BEARER,
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
        security: BEARER,
        summary:
          "The police or a municipality took in a found or abandoned bike: name it by frame number or plate, where and until when its owner can collect it. The owner is mailed and told in a chat; a stolen bike's theft report is linked. Members acting for a police or municipality organisation only (403); 404 bike_not_registered when no registered bike has the identifier; 409 conflict when the bike already waits somewhere",
        headers: IdempotencyHeadersSchema,
        body: HeldBikeCreateSchema,
        response: { 201: PickupSchema },
      },
      config: { access: 'signed_in_self', idempotent: true },
      preHandler: perAccountBudget(app, PICKUPS_PER_HOUR, '1 hour'),
    },
    async (request, reply) => {
      const pickup = await service.createHeldBike(deps, requireAuth(request), request.body, request.log);
      return reply.code(201).send(pickup);
    },
  );

  app.get(
    '/item-pickups',
    {
      schema: {
        tags: TAGS,
        security: BEARER,
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
        security: BEARER,
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
        security: BEARER,
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
        security: BEARER,
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
};
