import {
  PolicyApplicationSchema,
  PolicyBikeAddSchema,
  PolicyBikesUpdateSchema,
  PolicyListSchema,
  PolicyParamsSchema,
  PolicySchema,
  PreRegistrationLookupParamsSchema,
  PreRegistrationLookupSchema,
} from '@nbr/domain/insurance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import * as service from './policies.service.ts';
import * as preRegistrations from './pre-registrations.service.ts';

const TAGS = ['insurance'];

/** Per-person budgets of the insurance writes (tests raise them). */
export interface InsuranceRateLimits {
  /** Applications per person per hour. */
  applicationsPerHour: number;
  /** Pre-registration lookups per person per hour: enough for a person, too few to try insurer policy ids. */
  lookupsPerHour: number;
}

export const DEFAULT_INSURANCE_RATE_LIMITS: InsuranceRateLimits = {
  applicationsPerHour: 20,
  lookupsPerHour: 20,
};

/**
 * The insurance calls of SPEC §7 (issue 16 §1). The router ignores a trailing slash, so each path
 * answers both as SPEC writes it (`/insurance/policies/`) and without the slash.
 */
export const policiesRoutes: FastifyPluginAsyncZod<{
  deps: InsuranceDeps;
  rateLimits?: Partial<InsuranceRateLimits> | undefined;
}> = async (app, options) => {
  const { deps } = options;
  const rateLimits = { ...DEFAULT_INSURANCE_RATE_LIMITS, ...options.rateLimits };
  app.get(
    '/insurance/policies',
    {
      schema: {
        tags: TAGS,
        summary: 'Your insurance policies, newest first, each with its insured bikes and their check',
        response: { 200: PolicyListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listPolicies(deps, requireAuth(request)),
  );

  app.post(
    '/insurance/policies',
    {
      schema: {
        tags: TAGS,
        summary:
          'Apply for a policy at an insurer: its cover (bike_theft or contents_addon), the number of bikes and the registered bikes to insure now; priced by the insurer’s tariff. Someone the insurer pre-registered (by their confirmed address) who asks for bike_theft gets 400 pre_registered_policy with JSON {pre_registered_policy, insurer_party_id} as detail (SPEC §8)',
        headers: IdempotencyHeadersSchema,
        body: PolicyApplicationSchema,
        response: { 201: PolicySchema },
      },
      config: { access: 'signed_in_self', idempotent: true },
      preHandler: perAccountBudget(app, rateLimits.applicationsPerHour, '1 hour'),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.applyForPolicy(deps, requireAuth(request), request.body, idempotencyClaim(request)),
        ),
  );

  app.get(
    '/insurance/policies/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'One policy: to its holder, to the staff of its insurer and to our staff (who also see the holder’s name and address); 404 for anyone else',
        params: PolicyParamsSchema,
        response: { 200: PolicySchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getPolicy(deps, requireAuth(request), request.params.id),
  );

  app.patch(
    '/insurance/policies/:id/bikes',
    {
      schema: {
        tags: TAGS,
        summary:
          'Change how many bikes your policy covers (never below the bikes on it) while it is an application or active; the premium follows the tariff',
        params: PolicyParamsSchema,
        body: PolicyBikesUpdateSchema,
        response: { 200: PolicySchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) => service.updatePolicyBikes(deps, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/insurance/policies/:id/insured-bikes',
    {
      schema: {
        tags: TAGS,
        summary:
          'Put one more of your registered bikes on your open policy, within its number of bikes (raise it first when the policy is full); the named bike is priced by the tariff',
        params: PolicyParamsSchema,
        body: PolicyBikeAddSchema,
        response: { 200: PolicySchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) => service.addBikeToPolicy(deps, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/insurance/:insurer/policies/pre-registration-lookup/:insurerPolicyId',
    {
      schema: {
        tags: TAGS,
        summary:
          'Link the insurer’s pre-registered policy to your open policy at that insurer when it was uploaded for your confirmed address: the policy takes the insurer’s number and is active. Anything else answers 404 alike',
        params: PreRegistrationLookupParamsSchema,
        body: PreRegistrationLookupSchema,
        response: { 200: PolicySchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: perAccountBudget(app, rateLimits.lookupsPerHour, '1 hour'),
    },
    async (request) =>
      preRegistrations.linkPreRegisteredPolicy(
        deps,
        requireAuth(request),
        request.params.insurer,
        request.params.insurerPolicyId,
        request.body,
      ),
  );
};
