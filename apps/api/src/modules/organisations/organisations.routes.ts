import type {} from '@fastify/rate-limit';
import { AuthenticationResponseSchema } from '@nbr/domain/identity';
import {
  ActingPartyUpdateSchema,
  BackofficeOrganisationCreatedSchema,
  BackofficeOrganisationCreateSchema,
  InvitationAcceptedSchema,
  InvitationCreateSchema,
  InvitationDetailsSchema,
  InvitationListSchema,
  InvitationSchema,
  MemberListSchema,
  MemberRoleUpdateSchema,
  MemberSchema,
  OrganisationCreateSchema,
  OrganisationListSchema,
  OrganisationSchema,
} from '@nbr/domain/organisations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { NO_CONTENT } from '../../platform/http/openapi.ts';
import { perAccountBudget, sensitiveRateLimit } from '../../platform/http/rate-limit.ts';
import { organisationApiKeysRoutes } from './organisation-api-keys.routes.ts';
import {
  InvitationCodeParamsSchema,
  InvitationParamsSchema,
  MemberParamsSchema,
  OrganisationParamsSchema,
} from './organisations.schema.ts';
import type { OrganisationsDeps } from './organisations.service.ts';
import * as service from './organisations.service.ts';
import { organisationsBackofficeRoutes } from './organisations-backoffice.routes.ts';

/** Per-account budgets: every invitation mails a stranger, every organisation is a new party. */
export interface OrganisationRateLimits {
  invitationsPerAccountPerHour: number;
  organisationsPerAccountPerDay: number;
}

export const DEFAULT_ORGANISATION_RATE_LIMITS: OrganisationRateLimits = {
  invitationsPerAccountPerHour: 50,
  organisationsPerAccountPerDay: 5,
};

export interface OrganisationsRoutesOptions {
  deps: OrganisationsDeps;
  rateLimits?: Partial<OrganisationRateLimits>;
}

const TAGS = ['organisations'];

/** Organisations, their members and invitations, and acting for an organisation. */
export const organisationsRoutes: FastifyPluginAsyncZod<OrganisationsRoutesOptions> = async (
  app,
  options,
) => {
  const { deps } = options;
  const limits = { ...DEFAULT_ORGANISATION_RATE_LIMITS, ...options.rateLimits };

  const perAccount = (max: number, timeWindow: string) => perAccountBudget(app, max, timeWindow);

  app.post(
    '/organisations',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a business, club or dealer; the creator becomes its first admin',
        body: OrganisationCreateSchema,
        response: { 201: OrganisationSchema },
      },
      // A national register wants an identified person behind every organisation (and the service
      // refuses staff switched into one).
      config: { access: 'verified' },
      preHandler: perAccount(limits.organisationsPerAccountPerDay, '1 day'),
    },
    async (request, reply) => {
      const organisation = await service.createOrganisation(deps, requireAuth(request), request.body);
      return reply.code(201).send(organisation);
    },
  );

  app.get(
    '/organisations',
    {
      schema: {
        tags: TAGS,
        summary: "The caller's organisations, with their role in each",
        response: { 200: OrganisationListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listMyOrganisations(deps, requireAuth(request)),
  );

  app.get(
    '/organisations/:organisationId',
    {
      schema: {
        tags: TAGS,
        summary: 'One organisation; 404 unless the caller is a member (or staff)',
        params: OrganisationParamsSchema,
        response: { 200: OrganisationSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getOrganisation(deps, requireAuth(request), request.params.organisationId),
  );

  app.get(
    '/organisations/:organisationId/members',
    {
      schema: {
        tags: TAGS,
        summary: 'The members of an organisation: e-mail, name and role',
        params: OrganisationParamsSchema,
        response: { 200: MemberListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listMembers(deps, requireAuth(request), request.params.organisationId),
  );

  app.post(
    '/organisations/:organisationId/invitations',
    {
      schema: {
        tags: TAGS,
        summary:
          'Invite an address (admins); renews an open invitation to it. The answer is the same whether or not it has an account',
        params: OrganisationParamsSchema,
        body: InvitationCreateSchema,
        response: { 201: InvitationSchema },
      },
      // Every call mails someone: keep it from becoming a way to send mail to strangers.
      config: { ...sensitiveRateLimit(), access: 'signed_in_self' },
      preHandler: perAccount(limits.invitationsPerAccountPerHour, '1 hour'),
    },
    async (request, reply) => {
      const invitation = await service.inviteMember(
        deps,
        requireAuth(request),
        request.params.organisationId,
        request.body,
      );
      return reply.code(201).send(invitation);
    },
  );

  app.get(
    '/organisations/:organisationId/invitations',
    {
      schema: {
        tags: TAGS,
        summary: 'Open invitations of an organisation (admins)',
        params: OrganisationParamsSchema,
        response: { 200: InvitationListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listInvitations(deps, requireAuth(request), request.params.organisationId),
  );

  app.delete(
    '/organisations/:organisationId/invitations/:invitationId',
    {
      schema: {
        tags: TAGS,
        summary: 'Revoke an open invitation (admins); its link stops working',
        params: InvitationParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'signed_in_self' },
    },
    async (request, reply) => {
      await service.revokeInvitation(
        deps,
        requireAuth(request),
        request.params.organisationId,
        request.params.invitationId,
      );
      return reply.code(204).send();
    },
  );

  app.get(
    '/organisations/invitations/:code',
    {
      schema: {
        tags: TAGS,
        summary: 'The invitation behind a mailed code: organisation, role and the address it was sent to',
        params: InvitationCodeParamsSchema,
        response: { 200: InvitationDetailsSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'signed_in' },
    },
    async (request) => service.getInvitation(deps, request.params.code),
  );

  app.post(
    '/organisations/invitations/:code/accept',
    {
      schema: {
        tags: TAGS,
        summary:
          'Join with the account of the invited address; the session then acts for the organisation (new token)',
        params: InvitationCodeParamsSchema,
        response: { 200: InvitationAcceptedSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'signed_in_self' },
    },
    async (request) => service.acceptInvitation(deps, requireAuth(request), request.params.code),
  );

  app.post(
    '/organisations/invitations/:code/decline',
    {
      schema: {
        tags: TAGS,
        summary: 'Decline an invitation with the account of the invited address',
        params: InvitationCodeParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { ...sensitiveRateLimit(), access: 'signed_in_self' },
    },
    async (request, reply) => {
      await service.declineInvitation(deps, requireAuth(request), request.params.code);
      return reply.code(204).send();
    },
  );

  app.patch(
    '/organisations/:organisationId/members/:identityPartyId',
    {
      schema: {
        tags: TAGS,
        summary: "Change a member's role (admins); the last admin cannot step down",
        params: MemberParamsSchema,
        body: MemberRoleUpdateSchema,
        response: { 200: MemberSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) =>
      service.changeMemberRole(
        deps,
        requireAuth(request),
        request.params.organisationId,
        request.params.identityPartyId,
        request.body.role,
      ),
  );

  app.delete(
    '/organisations/:organisationId/members/:identityPartyId',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove a member (admins) or leave (the member); ends their sessions acting for it',
        params: MemberParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'signed_in_self' },
    },
    async (request, reply) => {
      await service.removeMember(
        deps,
        requireAuth(request),
        request.params.organisationId,
        request.params.identityPartyId,
      );
      return reply.code(204).send();
    },
  );

  app.put(
    '/identities/authentications/acting-party',
    {
      schema: {
        tags: ['identities', ...TAGS],
        summary:
          'Act as yourself (your own party id) or as an organisation you belong to; answers a new token',
        body: ActingPartyUpdateSchema,
        response: { 200: AuthenticationResponseSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => ({
      authentication_token: await service.setActingParty(deps, requireAuth(request), request.body.party_id),
    }),
  );

  app.post(
    '/backoffice/organisations',
    {
      schema: {
        tags: ['backoffice', ...TAGS],
        summary:
          'Staff: create an organisation and invite its first admin (insurers, police and other non-self-service types: admins only)',
        body: BackofficeOrganisationCreateSchema,
        response: { 201: BackofficeOrganisationCreatedSchema },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => {
      const created = await service.createOrganisationInBackoffice(deps, requireAuth(request), request.body);
      return reply.code(201).send(created);
    },
  );

  await app.register(organisationsBackofficeRoutes, { deps });
  await app.register(organisationApiKeysRoutes, { deps });
};
