import {
  InsuranceVerificationQueueQuerySchema,
  InsuranceVerificationQueueSchema,
  InsuranceVerificationRejectSchema,
  InsuranceVerificationSchema,
  InsuredItemParamsSchema,
  VerificationStepsUpdateSchema,
} from '@nbr/domain/insurance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import * as service from './verification.service.ts';

const TAGS = ['insurance', 'backoffice'];

/** Our staff's check of the holders' proofs of possession (issue 16 §5); backoffice staff only. */
export const insuranceVerificationRoutes: FastifyPluginAsyncZod<{ deps: InsuranceDeps }> = async (
  app,
  options,
) => {
  const { deps } = options;

  app.get(
    '/backoffice/insurance-verifications',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: insured bikes sent for checking (pending), oldest first, optionally of one insurer (?insurer=), with the count waiting per insurer',
        querystring: InsuranceVerificationQueueQuerySchema,
        response: { 200: InsuranceVerificationQueueSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.listVerificationQueue(deps, request.query.insurer ?? null),
  );

  app.get(
    '/backoffice/insurance-verifications/:item_id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: one insured bike’s check: the holder’s uploads beside the register’s frame number, plate, price and purchase date, with the step decisions (the look is audited)',
        params: InsuredItemParamsSchema,
        response: { 200: InsuranceVerificationSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.getVerification(deps, requireAuth(request), request.params.item_id),
  );

  app.put(
    '/backoffice/insurance-verifications/:item_id/steps',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: decide steps of a pending check (frame_number, plate, receipt: true, false or null); the steps not given are kept. 409 conflict unless pending',
        params: InsuredItemParamsSchema,
        body: VerificationStepsUpdateSchema,
        response: { 200: InsuranceVerificationSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.decideSteps(deps, requireAuth(request), request.params.item_id, request.body),
  );

  app.post(
    '/backoffice/insurance-verifications/:item_id/approve',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: approve a pending check (verified) once every step that applies is confirmed, else 409 verification_steps_open; the holder is mailed',
        params: InsuredItemParamsSchema,
        response: { 200: InsuranceVerificationSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.approveVerification(deps, requireAuth(request), request.params.item_id),
  );

  app.post(
    '/backoffice/insurance-verifications/:item_id/reject',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: send a pending check back to the holder (rejected) with the reason they are shown; the holder is mailed and may send it again',
        params: InsuredItemParamsSchema,
        body: InsuranceVerificationRejectSchema,
        response: { 200: InsuranceVerificationSchema },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      service.rejectVerification(deps, requireAuth(request), request.params.item_id, request.body.reason),
  );
};
