import {
  CustomerSessionCreateSchema,
  CustomerSessionSchema,
  OrderCheckoutSchema,
  PricingTableSchema,
  SubscriptionBikesCreateSchema,
  SubscriptionCreditsStartedSchema,
  SubscriptionSessionCreateSchema,
} from '@nbr/domain/webshop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import type { CheckoutDeps } from './checkout.service.ts';
import * as service from './subscriptions.service.ts';

const TAGS = ['webshop'];

/** Subscriptions at the card provider (issue 15 §3). */
export const subscriptionRoutes: FastifyPluginAsyncZod<{ deps: CheckoutDeps }> = async (app, { deps }) => {
  // Each call asks the provider: a budget per person keeps that bounded.
  const providerBudget = perAccountBudget(app, 60, '1 hour');

  app.post(
    '/webshop/subscriptions/sessions',
    {
      schema: {
        tags: TAGS,
        summary:
          'Subscribe to a plan of your region: an order and the provider’s subscription window (payment_url); credits and the paid period come with the provider’s word',
        headers: IdempotencyHeadersSchema,
        body: SubscriptionSessionCreateSchema,
        response: { 201: OrderCheckoutSchema },
      },
      config: { access: 'signed_in_self', idempotent: true },
      preHandler: providerBudget,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.startSubscriptionCheckout(
            deps,
            requireAuth(request),
            request.body,
            request.language,
            idempotencyClaim(request),
          ),
        ),
  );

  app.post(
    '/webshop/subscriptions/bikes',
    {
      schema: {
        tags: TAGS,
        summary:
          'More credits (bikes) in your active subscription: SINGLE/FAMILY at the plan’s price per credit for what is left of the period, paid at payment_url; ORGANISATION by raising the quantity at the provider, billed prorated to the stored card',
        headers: IdempotencyHeadersSchema,
        body: SubscriptionBikesCreateSchema,
        response: { 201: SubscriptionCreditsStartedSchema },
      },
      config: { access: 'signed_in_self', idempotent: true },
      preHandler: providerBudget,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.startSubscriptionCreditCheckout(
            deps,
            requireAuth(request),
            request.body.quantity,
            request.language,
            idempotencyClaim(request),
          ),
        ),
  );

  app.post(
    '/webshop/customers/sessions',
    {
      schema: {
        tags: TAGS,
        summary:
          'Your subscription at the provider and its page to change the card; action cancel ends it at the period’s end, resume undoes that',
        headers: IdempotencyHeadersSchema,
        body: CustomerSessionCreateSchema,
        response: { 200: CustomerSessionSchema },
      },
      config: { access: 'signed_in_self', idempotent: true },
      preHandler: providerBudget,
    },
    async (request) =>
      service.customerSession(deps, requireAuth(request), request.body.action, idempotencyClaim(request)),
  );

  app.post(
    '/webshop/customer-session-for-pricing-table',
    {
      schema: {
        tags: TAGS,
        summary:
          'What the pricing page needs for you: the plans of your region in its currency, your current plan and period, and whether it is cancelled',
        response: { 200: PricingTableSchema },
      },
      config: { access: 'signed_in' },
      preHandler: providerBudget,
    },
    async (request) => service.pricingTable(deps, requireAuth(request), request.language),
  );
};
