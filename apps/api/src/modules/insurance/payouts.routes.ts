import { InsurerPolicyBikeParamsSchema, PayoutInputSchema, PayoutSchema } from '@nbr/domain/insurance-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { requireAuth } from '../../platform/auth/access.ts';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { payInsuranceClaim } from '../../use-cases/pay-insurance-claim.ts';

/** The insurer pays a claim (issue 16 §4): the use case above the modules does the work. */
export const payoutsRoutes: FastifyPluginAsyncZod<{
  deps: { db: Database; storage: FileStorage; log?: { error(details: object, message: string): void } };
}> = async (app, options) => {
  const { deps } = options;
  app.post(
    '/insurance/:insurer/admin/policies/:policyId/bikes/:bikeId/payout',
    {
      schema: {
        tags: ['insurance'],
        summary:
          'Mark the claim on a stolen insured bike paid (amount in minor units, the policy’s currency). When the owner acknowledged it in the theft report, the registration moves to the insurer; the bike stays stolen. 409 claim_not_payable / claim_already_paid. For the insurer’s staff only',
        headers: IdempotencyHeadersSchema,
        params: InsurerPolicyBikeParamsSchema,
        body: PayoutInputSchema,
        response: { 201: PayoutSchema },
      },
      config: { access: 'signed_in_self', idempotent: true },
    },
    async (request, reply) =>
      reply.code(201).send(
        await payInsuranceClaim(
          deps,
          requireAuth(request),
          {
            insurerPartyId: request.params.insurer,
            policyId: request.params.policyId,
            bikeId: request.params.bikeId,
          },
          request.body,
          idempotencyClaim(request),
          deps.log,
        ),
      ),
  );
};
