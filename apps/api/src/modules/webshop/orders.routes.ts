import { OrderListSchema, OrderParamsSchema, OrderSchema } from '@nbr/domain/webshop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import * as service from './orders.service.ts';
import type { WebshopDeps } from './webshop.service.ts';

const TAGS = ['webshop'];
const BEARER: Record<string, string[]>[] = [{ bearer: [] }];

/** Orders (issue 15 §2). */
export const orderRoutes: FastifyPluginAsyncZod<{ deps: WebshopDeps }> = async (app, { deps }) => {
  app.get(
    '/webshop/orders',
    {
      schema: {
        tags: TAGS,
        security: BEARER,
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
        security: BEARER,
        summary:
          'One of your orders (the return page polls it: only the provider makes it paid, never the return address)',
        params: OrderParamsSchema,
        response: { 200: OrderSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getOrder(deps, requireAuth(request), request.params.order_id),
  );
};
