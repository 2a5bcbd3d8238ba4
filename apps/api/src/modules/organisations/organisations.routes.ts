import type {} from '@fastify/rate-limit';
import { AuthenticationResponseSchema } from '@nbr/domain/identity';
import {
  ActingPartyUpdateSchema,
  BackofficeOrganisationCreatedSchema,
  BackofficeOrganisationCreateSchema,
  MemberAddSchema,
  MemberListSchema,
  MemberRoleUpdateSchema,
  MemberSchema,
  OrganisationCreateSchema,
  OrganisationListSchema,
  OrganisationSchema,
} from '@nbr/domain/organisations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { sensitiveRateLimit } from '../../platform/http/rate-limit.ts';
import { MemberParamsSchema, OrganisationParamsSchema } from './organisations.schema.ts';
import type { OrganisationsDeps } from './organisations.service.ts';
import * as service from './organisations.service.ts';

export interface OrganisationsRoutesOptions {
  deps: OrganisationsDeps;
}

const TAGS = ['organisations'];
const BEARER: Record<string, string[]>[] = [{ bearer: [] }];

/** Organisations, their members (business users included) and acting for an organisation. */
export const organisationsRoutes: FastifyPluginAsyncZod<OrganisationsRoutesOptions> = async (
  app,
  options,
) => {
  const { deps } = options;

  app.post(
    '/organisations',
    {
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Create a business, club or dealer; the creator becomes its first admin',
        body: OrganisationCreateSchema,
        response: { 201: OrganisationSchema },
      },
      // A national register wants an identified person behind every organisation.
      config: { access: 'verified' },
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
        security: BEARER,
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
        security: BEARER,
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
        security: BEARER,
        summary: 'The members of an organisation: e-mail, name and role',
        params: OrganisationParamsSchema,
        response: { 200: MemberListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listMembers(deps, requireAuth(request), request.params.organisationId),
  );

  app.post(
    '/organisations/:organisationId/members',
    {
      schema: {
        tags: TAGS,
        security: BEARER,
        summary:
          'Add a member by e-mail (admins); an unknown address becomes a business user, invited by mail',
        params: OrganisationParamsSchema,
        body: MemberAddSchema,
        response: { 201: MemberSchema },
      },
      // Every call mails someone: keep it from becoming a way to send mail to strangers.
      config: { ...sensitiveRateLimit(), access: 'signed_in' },
    },
    async (request, reply) => {
      const member = await service.addMember(
        deps,
        requireAuth(request),
        request.params.organisationId,
        request.body,
      );
      return reply.code(201).send(member);
    },
  );

  app.patch(
    '/organisations/:organisationId/members/:identityPartyId',
    {
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "Change a member's role (admins); the last admin cannot step down",
        params: MemberParamsSchema,
        body: MemberRoleUpdateSchema,
        response: { 200: MemberSchema },
      },
      config: { access: 'signed_in' },
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
        security: BEARER,
        summary: 'Remove a member (admins) or leave (the member); ends their sessions acting for it',
        params: MemberParamsSchema,
      },
      config: { access: 'signed_in' },
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
        security: BEARER,
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
        security: BEARER,
        summary:
          'Create an organisation of any type (e.g. an insurer) with its first admin (backoffice admins)',
        body: BackofficeOrganisationCreateSchema,
        response: { 201: BackofficeOrganisationCreatedSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request, reply) => {
      const created = await service.createOrganisationInBackoffice(deps, requireAuth(request), request.body);
      return reply.code(201).send(created);
    },
  );
};
