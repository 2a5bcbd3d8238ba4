import multipart from '@fastify/multipart';
import { PICTURE_MAX_BYTES } from '@nbr/domain/bikes';
import { FlowImageSchema } from '@nbr/domain/flows';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { fileAnswer } from '../../platform/http/openapi.ts';
import { readSingleUpload } from '../../platform/http/single-upload.ts';
import * as service from './flow-images.service.ts';

/** The images of flows' image blocks (issue 29 §2): staff admins upload them; everyone sees them. */
export const flowImagesRoutes: FastifyPluginAsyncZod<{ deps: service.FlowImagesDeps }> = async (
  app,
  { deps },
) => {
  await app.register(multipart, { limits: { files: 1, fields: 0, parts: 1, headerPairs: 50 } });

  app.post(
    '/backoffice/flows/images',
    {
      schema: {
        tags: ['backoffice', 'flows'],
        summary:
          'Staff admins: an image for a flow’s image block (multipart/form-data, one JPEG, PNG or WebP in `file`, at most 15 MB; re-encoded without metadata; audited)',
        response: { 201: FlowImageSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const bytes = await readSingleUpload(request, PICTURE_MAX_BYTES);
      return reply.code(201).send(await service.uploadFlowImage(deps, auth, bytes));
    },
  );

  app.get(
    '/flows/images/:file_id',
    {
      schema: {
        tags: ['flows'],
        summary: 'An image of a flow’s image block (WebP; never changes under its id, so cacheable for good)',
        params: z.object({ file_id: z.string().max(64) }),
        response: { 200: fileAnswer(['image/webp'], 'The image (WebP)') },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const file = await service.openFlowImage(deps, request.params.file_id);
      reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('content-disposition', 'inline');
      return reply.send(file.body);
    },
  );
};
