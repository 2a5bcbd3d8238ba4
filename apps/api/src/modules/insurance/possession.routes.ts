import {
  InsuredItemParamsSchema,
  PossessionSchema,
  PossessionUploadInputSchema,
  PossessionUploadParamsSchema,
} from '@nbr/domain/insurance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import * as service from './possession.service.ts';

const TAGS = ['insurance'];

/**
 * The holder's proof of possession of an insured bike (issue 16 §2). Files are uploaded through the
 * bike's own calls (POST /api/bikes/{bike_id}/pictures | documents) and linked here by id.
 */
export const possessionRoutes: FastifyPluginAsyncZod<{ deps: InsuranceDeps }> = async (app, options) => {
  const { deps } = options;

  app.get(
    '/insurance/insured-items/:item_id/possession',
    {
      schema: {
        tags: TAGS,
        summary:
          'The proof of possession of an insured bike: its uploads (signed addresses), what is still missing, its status and the reason when sent back. To the holder, the insurer’s staff and our staff; 404 for anyone else',
        params: InsuredItemParamsSchema,
        response: { 200: PossessionSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getPossession(deps, requireAuth(request), request.params.item_id),
  );

  app.post(
    '/insurance/insured-items/:item_id/possession/uploads',
    {
      schema: {
        tags: TAGS,
        summary:
          'Holder: link a picture or document of the insured bike as one kind of upload (main_image, other_images, frame_number, receipt, lock_proof); a kind holds one file (a new one replaces it), other_images up to 5. 422 file_not_found, upload_kind_mismatch; 409 possession_not_editable once sent',
        params: InsuredItemParamsSchema,
        body: PossessionUploadInputSchema,
        response: { 200: PossessionSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) => service.addUpload(deps, requireAuth(request), request.params.item_id, request.body),
  );

  app.delete(
    '/insurance/insured-items/:item_id/possession/uploads/:upload_id',
    {
      schema: {
        tags: TAGS,
        summary: 'Holder: remove an upload from the proof (the file stays among the bike’s files)',
        params: PossessionUploadParamsSchema,
        response: { 200: PossessionSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) =>
      service.removeUpload(deps, requireAuth(request), request.params.item_id, request.params.upload_id),
  );

  app.post(
    '/insurance/insured-items/:item_id/possession/submit',
    {
      schema: {
        tags: TAGS,
        summary:
          'Holder: send the proof to our staff (needs_uploads or rejected → pending) once every required upload is there and the bike has its category and type; else 409 possession_incomplete',
        params: InsuredItemParamsSchema,
        response: { 200: PossessionSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) => service.submitPossession(deps, requireAuth(request), request.params.item_id),
  );
};
