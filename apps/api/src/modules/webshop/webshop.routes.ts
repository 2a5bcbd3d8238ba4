import {
  BikeActivationSchema,
  CreditListSchema,
  CreditOverviewSchema,
  CreditParamsSchema,
  CreditSchema,
  DevCreditGrantSchema,
} from '@nbr/domain/credits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import { DevCreditGrantResponseSchema } from './webshop.schema.ts';
import type { WebshopDeps } from './webshop.service.ts';
import * as service from './webshop.service.ts';

const TAGS = ['webshop'];

/** Subscriptions and bike-ownership credits of the acting party (SPEC §7 Webshop). */
export const webshopRoutes: FastifyPluginAsyncZod<{ deps: WebshopDeps }> = async (app, { deps }) => {
  app.get(
    '/webshop/bike-ownership-credits/overview',
    {
      schema: {
        tags: TAGS,
        summary:
          'Subscription state and credit counts of the acting party; can_add_bike says whether a bike can be added now',
        response: { 200: CreditOverviewSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getOverview(deps, requireAuth(request)),
  );

  app.get(
    '/webshop/bike-activations',
    {
      schema: {
        tags: TAGS,
        summary:
          'The credits of the acting party, newest first; a credit is free while bike_ownership_id is null',
        response: { 200: CreditListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listCredits(deps, requireAuth(request)),
  );

  app.post(
    '/webshop/bike-activations/:credit_id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Use a free credit on an ownership of your bike that has none. Idempotent: repeating it (same Idempotency-Key or not) answers the same credit',
        params: CreditParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: BikeActivationSchema,
        response: { 200: CreditSchema },
      },
      config: { access: 'signed_in', idempotent: true },
    },
    async (request) =>
      service.activateBike(
        deps,
        requireAuth(request),
        request.params.credit_id,
        request.body.bike_ownership_id,
        idempotencyClaim(request),
      ),
  );
};

/** POST /dev/credits: the stand-in for buying, registered outside production only (app.ts). */
export const devWebshopRoutes: FastifyPluginAsyncZod<{ deps: WebshopDeps }> = async (app, { deps }) => {
  app.post(
    '/credits',
    {
      schema: {
        hide: true,
        body: DevCreditGrantSchema,
        response: { 201: DevCreditGrantResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.grantDevCredits(deps, request.body)),
  );
};
