import {
  OrderCheckoutSchema,
  OrderCreateSchema,
  OrderInitiationQuerySchema,
  OrderInitiationSchema,
  OrderListSchema,
  OrderParamsSchema,
  OrderSchema,
  ShipmentUpdateSchema,
  StaffOrderListSchema,
  StaffOrderQuerySchema,
  WebhookAnswerSchema,
} from '@nbr/domain/webshop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import * as checkout from './checkout.service.ts';
import * as staff from './order-staff.service.ts';
import * as service from './orders.service.ts';
import type { VippsCheckoutDeps } from './vipps-checkout.service.ts';
import { type VoucherRateLimits, voucherGuessBudget, voucherRateLimits } from './vouchers.routes.ts';

const TAGS = ['webshop'];

/** Orders (issue 15 §2). */
export const orderRoutes: FastifyPluginAsyncZod<{
  deps: VippsCheckoutDeps;
  voucherRateLimits?: Partial<VoucherRateLimits> | undefined;
}> = async (app, { deps, voucherRateLimits: voucherLimits }) => {
  // Every checkout opens a session at the provider: a budget per person keeps that bounded. A
  // checkout with a voucher code is also a guess at a code: it counts in the redemptions' budget.
  const checkoutBudget = [
    ...perAccountBudget(app, 30, '1 hour'),
    ...voucherGuessBudget(app, voucherRateLimits(voucherLimits), (request) =>
      Boolean((request.body as { voucher_code?: unknown } | undefined)?.voucher_code),
    ),
  ];

  app.post(
    '/webshop/orders/reepay',
    {
      schema: {
        tags: TAGS,
        summary:
          'Order and pay by card: priced on the server, a charge session at the card provider; send the browser to payment_url. Paid only on the provider’s word (webhook or reconciliation), never the return address',
        headers: IdempotencyHeadersSchema,
        body: OrderCreateSchema,
        response: { 201: OrderCheckoutSchema },
      },
      config: { access: 'signed_in_self', idempotent: true },
      preHandler: checkoutBudget,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await checkout.startReepayCheckout(
            deps,
            requireAuth(request),
            request.body,
            request.language,
            idempotencyClaim(request),
          ),
        ),
  );

  app.post(
    '/webshop/orders/initiations',
    {
      schema: {
        tags: TAGS,
        summary:
          'Order a configured bundle (config_id: register-bike = a registration for the bike plus plates; single-with-plates) from your region’s catalogue, then pay as POST /webshop/orders/reepay',
        headers: IdempotencyHeadersSchema,
        querystring: OrderInitiationQuerySchema,
        body: OrderInitiationSchema,
        response: { 201: OrderCheckoutSchema },
      },
      config: { access: 'signed_in_self', idempotent: true },
      preHandler: checkoutBudget,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await checkout.startBundleCheckout(
            deps,
            requireAuth(request),
            request.query.config_id,
            request.body,
            request.language,
            idempotencyClaim(request),
          ),
        ),
  );

  app.post(
    '/webshop/webhooks/reepay',
    {
      schema: {
        tags: TAGS,
        summary:
          'The card provider’s webhook: signed (HMAC of timestamp + id); a bad or stale signature answers 401 and changes nothing; each event is processed once, from the invoice re-read at the provider',
        body: z.unknown(),
        response: { 200: WebhookAnswerSchema },
      },
      // The provider is no user: the signature in the body is the authentication.
      config: { access: 'public' },
    },
    async (request) => checkout.receiveReepayWebhook(deps, request.body),
  );

  app.get(
    '/webshop/orders',
    {
      schema: {
        tags: TAGS,
        summary:
          'Your orders, newest first, with their lines, totals, VAT, receipt number and shipping state',
        response: { 200: OrderListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listOrders(deps, requireAuth(request)),
  );

  app.get(
    '/webshop/orders/:order_id',
    {
      schema: {
        tags: TAGS,
        summary:
          'One of your orders (the return page polls it: only the provider makes it paid, never the return address)',
        params: OrderParamsSchema,
        response: { 200: OrderSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getOrder(deps, requireAuth(request), request.params.order_id),
  );

  app.get(
    '/backoffice/orders',
    {
      schema: {
        tags: ['backoffice', ...TAGS],
        summary:
          'Backoffice staff: the shop’s orders, newest first (50 a page), by order number, order id or buyer’s e-mail, status and shipment status (audited)',
        querystring: StaffOrderQuerySchema,
        response: { 200: StaffOrderListSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => staff.searchOrders(deps, requireAuth(request), request.query),
  );

  app.post(
    '/webshop/orders/:order_id/shipment',
    {
      schema: {
        tags: TAGS,
        summary:
          'Backoffice staff: move a fulfilled order’s plate shipment on, waiting → packed → shipped; shipping may give the carrier’s tracking_number',
        params: OrderParamsSchema,
        body: ShipmentUpdateSchema,
        response: { 200: OrderSchema },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      staff.moveShipment(
        deps,
        requireAuth(request),
        request.params.order_id,
        request.body.status,
        request.body.tracking_number,
      ),
  );

  app.post(
    '/webshop/orders/:order_id/refunds',
    {
      schema: {
        tags: TAGS,
        summary:
          'Backoffice admins: refund an order in full through the provider that took it, card or Vipps MobilePay (withdrawal); its unused credits are withdrawn, registered bikes stay',
        params: OrderParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: { 200: OrderSchema },
      },
      config: { access: 'staff_admin', idempotent: true },
    },
    async (request) =>
      staff.refundOrder(deps, requireAuth(request), request.params.order_id, idempotencyClaim(request)),
  );
};
