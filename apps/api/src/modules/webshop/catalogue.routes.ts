import {
  BikeServicesParamsSchema,
  BikeServicesSchema,
  ProductListSchema,
  ProductsQuerySchema,
} from '@nbr/domain/webshop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import * as service from './catalogue.service.ts';
import type { WebshopDeps } from './webshop.service.ts';

const TAGS = ['webshop'];

/** The catalogue (issue 15 §1). */
export const catalogueRoutes: FastifyPluginAsyncZod<{ deps: WebshopDeps }> = async (app, { deps }) => {
  app.get(
    '/webshop/products',
    {
      schema: {
        tags: TAGS,
        summary:
          'What the shop sells in a region (default: the signed-in person’s, else dk), prices in whole kroner incl. 25 % VAT with the VAT amount',
        querystring: ProductsQuerySchema,
        response: { 200: ProductListSchema },
      },
      config: { access: 'public' },
    },
    async (request) => service.listProducts(deps, request.auth, request.query.region, request.language),
  );

  app.post(
    '/webshop/bike-services/:bike_id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Whether something can still be bought for this bike of yours (a registration while it has none, the BikeDNA marking once)',
        params: BikeServicesParamsSchema,
        response: { 200: BikeServicesSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getBikeServices(deps, requireAuth(request), request.params.bike_id),
  );
};
