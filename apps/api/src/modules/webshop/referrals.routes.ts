import { IdentityPartyParamsSchema } from '@nbr/domain/backoffice';
import { ReferralOverviewSchema, StaffReferralsSchema } from '@nbr/domain/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { NO_CONTENT } from '../../platform/http/openapi.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import * as service from './referrals.service.ts';
import type { WebshopDeps } from './webshop.service.ts';

const TAGS = ['referrals'];

/** Referrals (issue 30 §1): the person's own invitation and what it earned; staff's view of a person's. */
export const referralRoutes: FastifyPluginAsyncZod<{ deps: WebshopDeps & { publicUrl: string } }> = async (
  app,
  { deps },
) => {
  // The first look makes the person's code: a budget per person bounds the writes.
  const budget = perAccountBudget(app, 120, '1 hour');

  app.get(
    '/referrals/me',
    {
      schema: {
        tags: TAGS,
        summary:
          'Your referral code and invitation link, the people who signed up with it (first name and status only), the free credits it earned you and the news you have not seen',
        response: { 200: ReferralOverviewSchema },
      },
      config: { access: 'signed_in' },
      preHandler: budget,
    },
    async (request) => service.referralOverview(deps, requireAuth(request)),
  );

  app.post(
    '/referrals/me/notices/seen',
    {
      schema: {
        tags: TAGS,
        summary: 'You have seen the news of your referral rewards: they are no longer shown as new',
        response: { 204: NO_CONTENT },
      },
      // Staff switched into the account must not hide the person's news from them.
      config: { access: 'signed_in_self' },
      preHandler: budget,
    },
    async (request, reply) => {
      await service.markReferralNoticesSeen(deps, requireAuth(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/backoffice/identities/:identityPartyId/referrals',
    {
      schema: {
        tags: TAGS,
        summary:
          'Backoffice staff: who invited the person and whom they invited, with the reward decided for each (audited)',
        params: IdentityPartyParamsSchema,
        response: { 200: StaffReferralsSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.staffReferralsOf(deps, requireAuth(request), request.params.identityPartyId),
  );
};
