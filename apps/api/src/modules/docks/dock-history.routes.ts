import { BikeParamsSchema } from '@nbr/domain/bikes';
import { LastDockParkingSchema } from '@nbr/domain/docks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import * as service from './dock-history.service.ts';

export interface DockHistoryRoutesOptions {
  deps: service.DockHistoryDeps;
}

const TAGS = ['docks', 'bikes'];

/** Where a registered bike last stood in a dock (issue 28), for its owner. */
export const dockHistoryRoutes: FastifyPluginAsyncZod<DockHistoryRoutesOptions> = async (app, options) => {
  const { deps } = options;

  app.get(
    '/bikes/:bike_id/last-dock-parking',
    {
      schema: {
        tags: TAGS,
        summary:
          'Where the owner’s bike was last locked in a dock (dock, lock, when locked and unlocked), only while it is reported stolen (null otherwise, or when it never stood in a dock); 404 for anyone but the owner',
        params: BikeParamsSchema,
        response: { 200: LastDockParkingSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getLastDockParking(deps, requireAuth(request), request.params.bike_id),
  );
};
