import {
  OrgBikeDetailSchema,
  OrgBikeParamsSchema,
  OrgBikeSearchQuerySchema,
  OrgBikeSearchResponseSchema,
  OrgMessageResultSchema,
  OrgMessageSchema,
  OwnerContactRequestSchema,
  OwnerContactSchema,
} from '@nbr/domain/org-search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import * as service from './org-bike-search.service.ts';

export interface OrgBikeSearchRoutesOptions {
  deps: service.OrgSearchDeps;
}

/** Searches and messages a member may send per hour: a busy shift, not a harvest of the register. */
export const ORG_SEARCHES_PER_HOUR = 600;
export const ORG_MESSAGES_PER_HOUR = 60;

const TAGS = ['search', 'organisations'];
const WHO =
  'Members acting for a police, municipality or insurance organisation (403 organisation_search_not_allowed otherwise; never staff switched into an account)';

/** /org-bike-search (issue 17 §3): the register as the police, municipalities and insurers use it. */
export const orgBikeSearchRoutes: FastifyPluginAsyncZod<OrgBikeSearchRoutesOptions> = async (
  app,
  options,
) => {
  const { deps } = options;

  app.get(
    '/org-bike-search',
    {
      schema: {
        tags: TAGS,
        summary: `Search every registered bike by frame number or plate (exact or look-alike), brand, model, colour or stolen status; never the owner. ${WHO}`,
        querystring: OrgBikeSearchQuerySchema,
        response: { 200: OrgBikeSearchResponseSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: perAccountBudget(app, ORG_SEARCHES_PER_HOUR, '1 hour'),
    },
    async (request) => service.searchBikes(deps, requireAuth(request), request.query),
  );

  app.get(
    '/org-bike-search/bikes/:bike_id',
    {
      schema: {
        tags: TAGS,
        summary: `One bike with its status history, whether stolen and since when, whether the owner is verified, and what the caller may do; audited and shown in the owner's access log. ${WHO}`,
        params: OrgBikeParamsSchema,
        response: { 200: OrgBikeDetailSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) => service.getBike(deps, requireAuth(request), request.params.bike_id),
  );

  app.post(
    '/org-bike-search/bikes/:bike_id/owner-contact',
    {
      schema: {
        tags: TAGS,
        summary: `The owner's contact details for the police, after stating a case number (403 owner_contact_police_only for others); audited with the case number and shown in the owner's access log. ${WHO}`,
        params: OrgBikeParamsSchema,
        body: OwnerContactRequestSchema,
        response: { 200: OwnerContactSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) =>
      service.revealOwnerContact(
        deps,
        requireAuth(request),
        request.params.bike_id,
        request.body.case_number,
      ),
  );

  app.post(
    '/org-bike-search/bikes/:bike_id/messages',
    {
      schema: {
        tags: TAGS,
        summary: `Write to the bike's owner through the register (a chat between the organisation and the owner; the owner is mailed while away). ${WHO}`,
        params: OrgBikeParamsSchema,
        body: OrgMessageSchema,
        response: { 201: OrgMessageResultSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: perAccountBudget(app, ORG_MESSAGES_PER_HOUR, '1 hour'),
    },
    async (request, reply) => {
      const result = await service.messageOwner(
        deps,
        requireAuth(request),
        request.params.bike_id,
        request.body.content,
        request.log,
      );
      return reply.code(201).send(result);
    },
  );
};
