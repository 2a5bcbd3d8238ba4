import {
  BikeParamsSchema,
  EquipmentInputSchema,
  EquipmentParamsSchema,
  EquipmentSchema,
  EquipmentUpdateSchema,
} from '@nbr/domain/bikes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { NO_CONTENT } from '../../platform/http/openapi.ts';
import * as service from './bike-equipment.service.ts';
import type { BikesDeps } from './bikes.deps.ts';

export interface BikeEquipmentRoutesOptions {
  deps: BikesDeps;
}

const TAGS = ['bikes'];

/** Batteries, locks and accessories of a bike; its owner only (404 for anyone else). */
export const bikeEquipmentRoutes: FastifyPluginAsyncZod<BikeEquipmentRoutesOptions> = async (
  app,
  options,
) => {
  const { deps } = options;

  app.get(
    '/bikes/:bike_id/equipment',
    {
      schema: {
        tags: TAGS,
        summary: "The bike's equipment with plates, pictures and documents, oldest first",
        params: BikeParamsSchema,
        response: { 200: z.array(EquipmentSchema) },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listEquipment(deps, requireAuth(request), request.params.bike_id),
  );

  app.post(
    '/bikes/:bike_id/equipment',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a battery, lock or accessory; plate_ids must be free stickers',
        params: BikeParamsSchema,
        body: EquipmentInputSchema,
        response: { 201: EquipmentSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request, reply) => {
      const item = await service.createEquipment(
        deps,
        requireAuth(request),
        request.params.bike_id,
        request.body,
      );
      return reply.code(201).send(item);
    },
  );

  app.patch(
    '/bikes/:bike_id/equipment/:equipment_id',
    {
      schema: {
        tags: TAGS,
        summary: 'Edit an item; absent fields are left as they are, plate_ids replaces its plates',
        params: EquipmentParamsSchema,
        body: EquipmentUpdateSchema,
        response: { 200: EquipmentSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) =>
      service.updateEquipment(
        deps,
        requireAuth(request),
        request.params.bike_id,
        request.params.equipment_id,
        request.body,
      ),
  );

  app.delete(
    '/bikes/:bike_id/equipment/:equipment_id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete an item: frees its plates and removes its pictures and documents',
        params: EquipmentParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'signed_in' },
    },
    async (request, reply) => {
      await service.deleteEquipment(
        deps,
        requireAuth(request),
        request.params.bike_id,
        request.params.equipment_id,
        request.log,
      );
      return reply.code(204).send();
    },
  );
};
