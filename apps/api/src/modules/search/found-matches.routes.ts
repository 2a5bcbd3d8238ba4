import {
  FoundItemParamsSchema,
  FoundMatchClaimResultSchema,
  FoundMatchDecisionInputSchema,
  FoundMatchParamsSchema,
  OwnerFoundNoticeListSchema,
  StaffFoundItemListSchema,
  StaffFoundItemSchema,
} from '@nbr/domain/found-matching';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import type { ChatsDeps } from '../chats/chats.facade.ts';
import * as service from './found-matches.service.ts';

/**
 * "Possibly yours" (issue 32 §2): our staff's found items with their ranked candidates, and the
 * owner's notices of a found bike like theirs, claimed into a chat with whoever holds it.
 */
export const foundMatchesRoutes: FastifyPluginAsyncZod<{ deps: ChatsDeps }> = async (app, { deps }) => {
  app.get(
    '/backoffice/found-matches',
    {
      schema: {
        tags: ['backoffice', 'theft'],
        summary:
          'Staff: found bikes (reported found, taken in, left in a dock) with the stolen bikes they may be, best first, with the reasons',
        response: { 200: StaffFoundItemListSchema },
      },
      config: { access: 'staff' },
    },
    async () => service.listFoundItemsForStaff(deps.db),
  );

  app.get(
    '/backoffice/found-matches/:pickupId',
    {
      schema: {
        tags: ['backoffice', 'theft'],
        summary: 'Staff: one found bike and its ranked candidates with the reasons',
        params: FoundItemParamsSchema,
        response: { 200: StaffFoundItemSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.getFoundItemForStaff(deps.db, request.params.pickupId),
  );

  app.post(
    '/backoffice/found-matches/:pickupId/rematch',
    {
      schema: {
        tags: ['backoffice', 'theft'],
        summary:
          'Staff: match a found bike again against the open theft reports; stored candidates and notices are never repeated',
        params: FoundItemParamsSchema,
        response: { 200: StaffFoundItemSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.rematchFoundItem(deps, request.params.pickupId),
  );

  app.put(
    '/backoffice/found-match-candidates/:matchId/decision',
    {
      schema: {
        tags: ['backoffice', 'theft'],
        summary: 'Staff: dismiss or confirm a candidate (audited with before and after)',
        params: FoundMatchParamsSchema,
        body: FoundMatchDecisionInputSchema,
        response: { 200: StaffFoundItemSchema },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      service.decideFoundMatch(deps, requireAuth(request), request.params.matchId, request.body),
  );

  app.get(
    '/found-matches',
    {
      schema: {
        tags: ['theft'],
        summary:
          'My notices: a found bike that may be my stolen one (who holds it when an organisation, when, and why); never the finder',
        response: { 200: OwnerFoundNoticeListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listOwnerNotices(deps, requireAuth(request)),
  );

  app.post(
    '/found-matches/:matchId/claim',
    {
      schema: {
        tags: ['theft'],
        summary:
          'Claim a found bike that may be mine: opens the chat about my bike with whoever holds it (404 unless the notice is mine)',
        params: FoundMatchParamsSchema,
        response: { 200: FoundMatchClaimResultSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) =>
      service.claimFoundMatch(deps, requireAuth(request), request.params.matchId, request.log),
  );
};
