import { PolicyParamsSchema } from '@nbr/domain/insurance';
import {
  HolderDetailsBodySchema,
  HolderDetailsSchema,
  NationalIdRevealSchema,
} from '@nbr/domain/insurance-signup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import * as service from './checkout.service.ts';
import type { InsuranceDeps } from './insurance.deps.ts';

const TAGS = ['insurance'];

/** The holder's checkout details of a policy (issue 16 §2, SPEC §3 insurance purchase checkout). */
export const checkoutRoutes: FastifyPluginAsyncZod<{ deps: InsuranceDeps }> = async (app, options) => {
  const { deps } = options;

  app.get(
    '/insurance/policies/:id/holder-details',
    {
      schema: {
        tags: TAGS,
        summary:
          'The holder’s checkout details: to the holder with the national id masked (pre-filled from the profile until given); to the staff of the policy’s insurer and ours masked (audited); 404 for anyone else',
        params: PolicyParamsSchema,
        response: { 200: HolderDetailsSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getHolderDetails(deps, requireAuth(request), request.params.id),
  );

  app.post(
    '/insurance/policies/:id/holder-details/national-id-reveal',
    {
      schema: {
        tags: TAGS,
        summary:
          'The staff of the policy’s insurer or ours: the holder’s details with the national id in full, on an explicit ask with a reason (audited with the reason); 403 to the holder, 404 to anyone else or before a number was given',
        params: PolicyParamsSchema,
        body: NationalIdRevealSchema,
        response: { 200: HolderDetailsSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.revealNationalId(deps, requireAuth(request), request.params.id, request.body),
  );

  app.put(
    '/insurance/policies/:id/holder-details',
    {
      schema: {
        tags: TAGS,
        summary:
          'Holder: your checkout details while the policy is an application or active — national id (CPR in dk, fødselsnummer or D-number in no) and bank account checked by the insurer’s region; the national id is stored encrypted and answered masked',
        params: PolicyParamsSchema,
        body: HolderDetailsBodySchema,
        response: { 200: HolderDetailsSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) => service.saveHolderDetails(deps, requireAuth(request), request.params.id, request.body),
  );
};
