import {
  InsuranceOfferListSchema,
  OnboardingDraftInputSchema,
  OnboardingDraftSchema,
  ProductListQuerySchema,
} from '@nbr/domain/insurance-signup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { NO_CONTENT } from '../../platform/http/openapi.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import * as service from './onboarding.service.ts';

const TAGS = ['insurance'];

/** Draft saves per person per hour: the wizard saves on every step, so this is generous. */
const DRAFT_SAVES_PER_HOUR = 600;

/**
 * Signing up for insurance (issue 16 §2): the covers to choose from and the onboarding draft the
 * wizard keeps on the server (SPEC §3). The router ignores a trailing slash.
 */
export const onboardingRoutes: FastifyPluginAsyncZod<{ deps: InsuranceDeps }> = async (app, options) => {
  const { deps } = options;

  app.get(
    '/insurance/products',
    {
      schema: {
        tags: TAGS,
        summary:
          'The covers insurers offer now (of a region when asked), each with its insurer, terms and tariff as data to price a basket of bikes',
        querystring: ProductListQuerySchema,
        response: { 200: InsuranceOfferListSchema },
      },
      config: { access: 'public' },
    },
    async (request) => service.listOffers(deps, request.query.region),
  );

  app.get(
    '/insurance/onboarding-draft',
    {
      schema: {
        tags: TAGS,
        summary:
          'Your insurance onboarding draft, or one pre-filled from your profile (saved_at null); 403 for an organisation or insurer session',
        response: { 200: OnboardingDraftSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getOnboardingDraft(deps, requireAuth(request)),
  );

  app.put(
    '/insurance/onboarding-draft',
    {
      schema: {
        tags: TAGS,
        summary:
          'Save the whole onboarding draft as the wizard holds it (empty means not filled; no national id or bank account: those are asked at checkout)',
        body: OnboardingDraftInputSchema,
        response: { 200: OnboardingDraftSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: perAccountBudget(app, DRAFT_SAVES_PER_HOUR, '1 hour'),
    },
    async (request) => service.saveOnboardingDraft(deps, requireAuth(request), request.body),
  );

  app.delete(
    '/insurance/onboarding-draft',
    {
      schema: {
        tags: TAGS,
        summary: 'Throw the onboarding draft away to start over (204 also when there was none)',
        response: { 204: NO_CONTENT },
      },
      config: { access: 'signed_in_self' },
    },
    async (request, reply) => {
      await service.deleteOnboardingDraft(deps, requireAuth(request));
      return reply.code(204).send();
    },
  );
};
