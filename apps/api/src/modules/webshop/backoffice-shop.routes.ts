import {
  ProductPriceUpdateSchema,
  StaffProductListSchema,
  StaffProductParamsSchema,
  StaffProductSchema,
  StaffVoucherBatchListSchema,
} from '@nbr/domain/webshop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import * as service from './backoffice-shop.service.ts';
import type { WebshopDeps } from './webshop.service.ts';

const TAGS = ['backoffice', 'webshop'];

/** /api/backoffice/products and /voucher-batches (issue 17 §1, /backoffice/v2/diverse). */
export const backofficeShopRoutes: FastifyPluginAsyncZod<{ deps: WebshopDeps }> = async (app, { deps }) => {
  app.get(
    '/backoffice/products',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: every product of both regions with its price, inactive ones too',
        response: { 200: StaffProductListSchema },
      },
      config: { access: 'staff' },
    },
    async () => service.listProductsForStaff(deps),
  );

  app.put(
    '/backoffice/products/:productId/price',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff admins: a product’s new price incl. VAT in whole kroner (orders keep the price they were sold at; audited)',
        params: StaffProductParamsSchema,
        body: ProductPriceUpdateSchema,
        response: { 200: StaffProductSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) =>
      service.changeProductPrice(
        deps,
        requireAuth(request),
        request.params.productId,
        request.body.price_minor,
      ),
  );

  app.get(
    '/backoffice/voucher-batches',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: the newest 100 voucher batches with their number of codes and uses',
        response: { 200: StaffVoucherBatchListSchema },
      },
      config: { access: 'staff_admin' },
    },
    async () => service.listVoucherBatchesForStaff(deps),
  );
};
