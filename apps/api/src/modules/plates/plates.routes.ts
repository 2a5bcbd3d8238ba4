import { DevStickerBatchResponseSchema, DevStickerBatchSchema, stickerDigitalLink } from '@nbr/domain/plates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import * as service from './plates.service.ts';

export interface DevPlatesDeps {
  db: Database;
  publicUrl: string;
  stickerGtin: string;
}

/** POST /dev/stickers: a printed batch of free stickers, registered outside production only (app.ts). */
export const devPlatesRoutes: FastifyPluginAsyncZod<{ deps: DevPlatesDeps }> = async (app, { deps }) => {
  app.post(
    '/stickers',
    {
      schema: { hide: true, body: DevStickerBatchSchema, response: { 201: DevStickerBatchResponseSchema } },
    },
    async (request, reply) => {
      const batch = await service.createBatch(deps.db, {
        count: request.body.count,
        kind: request.body.kind,
        note: 'dev',
      });
      return reply.code(201).send({
        batch_id: batch.batchId,
        sticker_ids: batch.codes,
        digital_links: batch.codes.map((code) => stickerDigitalLink(deps.publicUrl, deps.stickerGtin, code)),
      });
    },
  );
};
