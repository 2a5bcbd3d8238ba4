import { OrderCheckoutSchema } from '@nbr/domain/webshop';
import {
  OrganisationOrderStateSchema,
  OrganisationSubscriptionCreateSchema,
} from '@nbr/domain/webshop-receipts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import * as service from './organisation-subscriptions.service.ts';
import { OrganisationParamsSchema } from './organisations.schema.ts';

const OrganisationOrderParamsSchema = OrganisationParamsSchema.extend({ orderId: z.string().max(64) });

const TAGS = ['organisations'];

/** The organisation's subscription (issue 15 §6): its admins buy credits for the members' bikes. */
export const organisationSubscriptionRoutes: FastifyPluginAsyncZod<{
  deps: service.OrganisationSubscriptionDeps;
}> = async (app, { deps }) => {
  // Every purchase opens a session at the provider; the return page polls the order.
  const purchaseBudget = perAccountBudget(app, 30, '1 hour');
  const pollBudget = perAccountBudget(app, 600, '1 hour');

  app.post(
    '/organisations/:organisationId/subscriptions/sessions',
    {
      schema: {
        tags: TAGS,
        summary:
          'Organisation admins: the ORGANISATION subscription with `quantity` credits for the members’ bikes, paid with a card stored at the provider (payment_url); the provider returns to /organisation-payment-complete-redirect. Members who are not admins 403, others 404',
        params: OrganisationParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: OrganisationSubscriptionCreateSchema,
        response: { 201: OrderCheckoutSchema },
      },
      config: { access: 'signed_in_self', idempotent: true },
      preHandler: purchaseBudget,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.startSubscription(
            deps,
            requireAuth(request),
            request.params.organisationId,
            request.body.quantity,
            request.language,
            idempotencyClaim(request),
          ),
        ),
  );

  app.get(
    '/organisations/:organisationId/orders/:orderId',
    {
      schema: {
        tags: TAGS,
        summary:
          'An order of the organisation as the provider left it (the return page polls it; the return address is never trusted) and the organisation’s credits; members and staff, others 404',
        params: OrganisationOrderParamsSchema,
        response: { 200: OrganisationOrderStateSchema },
      },
      config: { access: 'signed_in' },
      preHandler: pollBudget,
    },
    async (request) =>
      service.orderState(deps, requireAuth(request), request.params.organisationId, request.params.orderId),
  );
};
