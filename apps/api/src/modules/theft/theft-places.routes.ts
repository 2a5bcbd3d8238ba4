import { TheftPlaceQuerySchema, TheftPlaceSchema } from '@nbr/domain/theft';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import type { TheftDeps } from './theft.deps.ts';
import { placeTheftAddress } from './theft-places.service.ts';

export interface TheftPlacesRoutesOptions {
  deps: TheftDeps;
  /** Look-ups per person and hour (tests lower it to reach it). */
  lookupsPerHour?: number;
}

/**
 * The theft wizard's "place the address on the map" (issue 27 walk 8). Signed in only: it asks a
 * public register on the caller's behalf, so each person has an hourly budget.
 */
export const theftPlacesRoutes: FastifyPluginAsyncZod<TheftPlacesRoutesOptions> = async (app, options) => {
  app.get(
    '/theft-places',
    {
      schema: {
        tags: ['theft'],
        summary:
          "Where a typed address is: the national address register's point (DAWA, Kartverket), else its postcode's centre, else place null",
        querystring: TheftPlaceQuerySchema,
        response: { 200: TheftPlaceSchema },
      },
      config: { access: 'signed_in' },
      preHandler: perAccountBudget(app, options.lookupsPerHour ?? 120, '1 hour'),
    },
    async (request) => placeTheftAddress(options.deps, request.query),
  );
};
