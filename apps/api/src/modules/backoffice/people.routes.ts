import { IdentityPartyParamsSchema } from '@nbr/domain/backoffice';
import {
  DashboardSchema,
  NationalIdentityChecksSchema,
  PersonDetailSchema,
  PersonMailBodySchema,
  PersonProfileSchema,
  PersonUpdateSchema,
  StaffReasonBodySchema,
} from '@nbr/domain/backoffice-people';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { NO_CONTENT } from '../../platform/http/openapi.ts';
import { sensitiveRateLimit } from '../../platform/http/rate-limit.ts';
import type { BackofficeDeps } from './backoffice.service.ts';
import { getDashboard } from './dashboard.service.ts';
import * as service from './people.service.ts';

const TAGS = ['backoffice'];

/**
 * The backoffice dashboard and staff work on one person (issue 17 §1). Every route is for staff in
 * their own session; what each role may do is people.policy.ts, checked by the service.
 */
export const peopleRoutes: FastifyPluginAsyncZod<{ deps: BackofficeDeps }> = async (app, options) => {
  const { deps } = options;

  app.get(
    '/backoffice/dashboard',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: how many wait in each queue (counts only)',
        response: { 200: DashboardSchema },
      },
      config: { access: 'staff' },
    },
    async () => getDashboard(deps),
  );

  app.get(
    '/backoffice/identities/:identityPartyId',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: a person’s profile, bikes, orders, consents, sessions and (admins) audit trail; audited',
        params: IdentityPartyParamsSchema,
        response: { 200: PersonDetailSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.getPerson(deps, requireAuth(request), request.params.identityPartyId),
  );

  app.patch(
    '/backoffice/identities/:identityPartyId',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: correct a person’s name, phone, address or language (admins also the e-mail), with a reason; audited before/after',
        params: IdentityPartyParamsSchema,
        body: PersonUpdateSchema,
        response: { 200: PersonProfileSchema },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      service.updatePerson(deps, requireAuth(request), request.params.identityPartyId, request.body),
  );

  app.post(
    '/backoffice/identities/:identityPartyId/block',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: block a person (no sign-in; their sessions end), with a reason; audited',
        params: IdentityPartyParamsSchema,
        body: StaffReasonBodySchema,
        response: { 200: PersonProfileSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) =>
      service.setBlocked(
        deps,
        requireAuth(request),
        request.params.identityPartyId,
        true,
        request.body.reason,
      ),
  );

  app.post(
    '/backoffice/identities/:identityPartyId/unblock',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: lift a block, with a reason; audited',
        params: IdentityPartyParamsSchema,
        body: StaffReasonBodySchema,
        response: { 200: PersonProfileSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) =>
      service.setBlocked(
        deps,
        requireAuth(request),
        request.params.identityPartyId,
        false,
        request.body.reason,
      ),
  );

  app.post(
    '/backoffice/identities/:identityPartyId/mails',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: mail the e-mail verification link or a password reset link again; audited',
        params: IdentityPartyParamsSchema,
        body: PersonMailBodySchema,
        response: { 204: NO_CONTENT },
      },
      // Every call mails someone.
      config: { ...sensitiveRateLimit(), access: 'staff' },
    },
    async (request, reply) => {
      await service.resendMail(deps, requireAuth(request), request.params.identityPartyId, request.body.mail);
      return reply.code(204).send();
    },
  );

  app.post(
    '/backoffice/identities/:identityPartyId/national-identity',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: read a person’s national identity checks, giving a reason; audited',
        params: IdentityPartyParamsSchema,
        body: StaffReasonBodySchema,
        response: { 200: NationalIdentityChecksSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) =>
      service.readNationalIdentity(
        deps,
        requireAuth(request),
        request.params.identityPartyId,
        request.body.reason,
      ),
  );
};
