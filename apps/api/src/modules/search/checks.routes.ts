import {
  CheckAnswerSchema,
  CheckBatchAnswerSchema,
  CheckBatchSchema,
  CheckQuerySchema,
} from '@nbr/domain/checks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireApiKey } from '../../platform/auth/access.ts';
import { routeBudget } from '../../platform/http/rate-limit.ts';
import { type ChecksDeps, checkIdentifier, checkIdentifiers } from './checks.service.ts';

/**
 * Budgets of the check routes, per API key and per organisation (all its keys together), counted on
 * the matched route so every spelling of the path counts the same. A batch holds up to 1,000
 * identifiers, so it has budgets of its own.
 */
export interface CheckRateLimits {
  checksPerKeyPerMinute: number;
  checksPerOrganisationPerMinute: number;
  batchesPerKeyPerMinute: number;
  batchesPerOrganisationPerMinute: number;
}

export const DEFAULT_CHECK_RATE_LIMITS: CheckRateLimits = {
  checksPerKeyPerMinute: 300,
  checksPerOrganisationPerMinute: 600,
  batchesPerKeyPerMinute: 10,
  batchesPerOrganisationPerMinute: 30,
};

export interface ChecksRoutesOptions {
  deps: ChecksDeps;
  rateLimits?: Partial<CheckRateLimits> | undefined;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

function keyAndOrganisationBudgets(app: FastifyInstance, perKey: number, perOrganisation: number): Hook[] {
  return [
    ...routeBudget(app, 'api key', perKey, '1 minute', (request) => requireApiKey(request).keyId),
    ...routeBudget(
      app,
      'organisation',
      perOrganisation,
      '1 minute',
      (request) => requireApiKey(request).organisationPartyId,
    ),
  ];
}

const TAGS = ['checks'];

/** Issue 32 §1: the police, marketplaces and dealers check identifiers with their organisation's API key. */
export const checksRoutes: FastifyPluginAsyncZod<ChecksRoutesOptions> = async (app, options) => {
  const { deps } = options;
  const limits = { ...DEFAULT_CHECK_RATE_LIMITS, ...options.rateLimits };

  app.get(
    '/v1/checks',
    {
      schema: {
        tags: TAGS,
        summary:
          'Check one frame number or plate ID: registered, stolen or unknown (the police also get the theft case reference and since-date); never anything of the owner',
        querystring: CheckQuerySchema,
        response: { 200: CheckAnswerSchema },
      },
      config: { access: 'api_key_check' },
      preHandler: keyAndOrganisationBudgets(
        app,
        limits.checksPerKeyPerMinute,
        limits.checksPerOrganisationPerMinute,
      ),
    },
    async (request) => checkIdentifier(deps, requireApiKey(request), request.query.identifier),
  );

  app.post(
    '/v1/checks',
    {
      schema: {
        tags: TAGS,
        summary:
          'Check up to 1,000 frame numbers or plate IDs at once (a marketplace screening its listings); answered in the order sent',
        body: CheckBatchSchema,
        response: { 200: CheckBatchAnswerSchema },
      },
      config: { access: 'api_key_check' },
      preHandler: keyAndOrganisationBudgets(
        app,
        limits.batchesPerKeyPerMinute,
        limits.batchesPerOrganisationPerMinute,
      ),
    },
    async (request) => ({
      results: await checkIdentifiers(deps, requireApiKey(request), request.body.identifiers),
    }),
  );
};
