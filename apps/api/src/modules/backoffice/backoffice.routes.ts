import {
  AuditEventSchema,
  AuditEventsQuerySchema,
  IdentityPartyParamsSchema,
  IdentitySearchQuerySchema,
  IdentitySearchResponseSchema,
  StaffMemberSchema,
  StaffRoleUpdateSchema,
  SwitchUserParamsSchema,
  SwitchUserResponseSchema,
} from '@nbr/domain/backoffice';
import { StaffReasonBodySchema } from '@nbr/domain/backoffice-people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { NO_CONTENT } from '../../platform/http/openapi.ts';
import { sensitiveRateLimit } from '../../platform/http/rate-limit.ts';
import type { BackofficeDeps } from './backoffice.service.ts';
import * as service from './backoffice.service.ts';
import { measurementRoutes } from './measurement.routes.ts';
import { peopleRoutes } from './people.routes.ts';

export interface BackofficeRoutesOptions {
  deps: BackofficeDeps;
}

/** Staff work: switching into a person's account and back, the people search, staff roles, the audit trail. */
export const backofficeRoutes: FastifyPluginAsyncZod<BackofficeRoutesOptions> = async (app, options) => {
  const { deps } = options;

  app.post(
    '/identities/switch-user/:id',
    {
      schema: {
        tags: ['identities', 'backoffice'],
        summary:
          'Staff: continue as this person, giving a reason (audited; the token carries act.sub = the staff member)',
        params: SwitchUserParamsSchema,
        body: StaffReasonBodySchema,
        response: { 200: SwitchUserResponseSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'staff' },
    },
    async (request) => {
      const userAgent = request.headers['user-agent'];
      const token = await service.switchUser(deps, requireAuth(request), request.params.id, {
        userAgent: typeof userAgent === 'string' ? userAgent : null,
        reason: request.body.reason,
      });
      return { authentication_token: token };
    },
  );

  app.delete(
    '/identities/switch-user',
    {
      schema: {
        tags: ['identities', 'backoffice'],
        summary: 'End a switch-user session (audited) and answer a token of the staff member’s own session',
        response: { 200: SwitchUserResponseSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => ({ authentication_token: await service.endSwitch(deps, requireAuth(request)) }),
  );

  app.get(
    '/backoffice/identities',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Staff: find people by e-mail or name (20 per page); without a query, the newest sign-ups',
        querystring: IdentitySearchQuerySchema,
        response: { 200: IdentitySearchResponseSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.searchIdentities(deps, requireAuth(request), request.query),
  );

  app.get(
    '/backoffice/audit-events',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Staff admins: the newest 50 audit events, optionally of one target or one actor',
        querystring: AuditEventsQuerySchema,
        response: { 200: z.array(AuditEventSchema) },
      },
      config: { access: 'staff_admin' },
    },
    async (request) => service.listAuditEvents(deps, request.query),
  );

  app.put(
    '/backoffice/staff/:identityPartyId',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Staff admins: grant or change someone’s staff role (not one’s own)',
        params: IdentityPartyParamsSchema,
        body: StaffRoleUpdateSchema,
        response: { 200: StaffMemberSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) =>
      service.setStaffRole(deps, requireAuth(request), request.params.identityPartyId, request.body.role),
  );

  app.delete(
    '/backoffice/staff/:identityPartyId',
    {
      schema: {
        tags: ['backoffice'],
        summary:
          'Staff admins: remove someone’s staff role (not one’s own); takes effect on their next request',
        params: IdentityPartyParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'staff_admin' },
    },
    async (request, reply) => {
      await service.removeStaffRole(deps, requireAuth(request), request.params.identityPartyId);
      return reply.code(204).send();
    },
  );

  await app.register(peopleRoutes, { deps });
  await app.register(measurementRoutes, { deps });
};
