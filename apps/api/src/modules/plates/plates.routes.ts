import {
  DevStickerBatchResponseSchema,
  DevStickerBatchSchema,
  StickerLookupSchema,
  stickerDigitalLink,
} from '@nbr/domain/plates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { registerLookupRateLimit } from '../../platform/http/rate-limit.ts';
import * as bikes from '../bikes/bikes.service.ts';
import * as service from './plates.service.ts';

const StickerParamsSchema = z.object({ sticker_id: z.string().max(200) });

/** GET /api/stickers/{sticker_id}: what a scanned QR sticker leads to. */
export const platesRoutes: FastifyPluginAsyncZod<{ deps: { db: Database } }> = async (app, { deps }) => {
  app.get(
    '/stickers/:sticker_id',
    {
      schema: {
        tags: ['plates'],
        summary:
          'A scanned sticker: its kind and status, and the bike it is on when its owner lets it be seen (never who owns it)',
        params: StickerParamsSchema,
        response: { 200: StickerLookupSchema },
      },
      // Public, so limited per address: trying codes one after another must stay slow.
      config: { ...registerLookupRateLimit(), access: 'public' },
    },
    async (request) => bikes.lookupSticker(deps, request.auth, request.params.sticker_id),
  );
};

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
