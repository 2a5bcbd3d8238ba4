import {
  ManufacturerCodeCreateSchema,
  ManufacturerCodeParamsSchema,
  ManufacturerCodeUpdateSchema,
  StaffManufacturerCodeListSchema,
  StaffManufacturerCodeSchema,
} from '@nbr/domain/manufacturer-code-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { requireAuth } from '../../platform/auth/access.ts';
import * as service from './manufacturer-codes.service.ts';

const TAGS = ['backoffice', 'bikes'];

/** /api/backoffice/manufacturer-codes (issue 17 §1, /backoffice/v2/diverse). */
export const manufacturerCodeRoutes: FastifyPluginAsyncZod<{ deps: { db: Database } }> = async (
  app,
  { deps },
) => {
  app.get(
    '/backoffice/manufacturer-codes',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: the manufacturer-code table the frame-number check reads',
        response: { 200: StaffManufacturerCodeListSchema },
      },
      config: { access: 'staff' },
    },
    async () => service.listManufacturerCodesForStaff(deps.db),
  );

  app.post(
    '/backoffice/manufacturer-codes',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: add a manufacturer code (audited; the frame-number check uses it at once)',
        body: ManufacturerCodeCreateSchema,
        response: { 201: StaffManufacturerCodeSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request, reply) =>
      reply.code(201).send(await service.addManufacturerCode(deps.db, requireAuth(request), request.body)),
  );

  app.put(
    '/backoffice/manufacturer-codes/:code',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: change a manufacturer code’s holder, brands, confidence and source (audited)',
        params: ManufacturerCodeParamsSchema,
        body: ManufacturerCodeUpdateSchema,
        response: { 200: StaffManufacturerCodeSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) =>
      service.changeManufacturerCode(deps.db, requireAuth(request), request.params.code, request.body),
  );
};
