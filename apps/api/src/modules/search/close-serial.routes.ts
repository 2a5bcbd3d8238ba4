import { StaffCloseSerialQuerySchema, StaffCloseSerialResponseSchema } from '@nbr/domain/close-serial';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import * as service from './close-serial.service.ts';

export interface CloseSerialRoutesOptions {
  db: Database;
}

/** /backoffice/close-serial-search (issue 32 §3): our staff find misread or scratched frame numbers. */
export const closeSerialRoutes: FastifyPluginAsyncZod<CloseSerialRoutesOptions> = async (app, options) => {
  app.get(
    '/backoffice/close-serial-search',
    {
      schema: {
        tags: ['backoffice', 'search'],
        summary:
          'Staff: frame numbers within edit distance 2 of the typed one (misread or scratched), closest and same-prefix first, with the distance of each',
        querystring: StaffCloseSerialQuerySchema,
        response: { 200: StaffCloseSerialResponseSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.searchCloseSerialsForStaff(options.db, request.query),
  );
};
