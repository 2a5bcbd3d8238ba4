import {
  BackofficeOrganisationDetailSchema,
  BackofficeOrganisationListSchema,
  BackofficeOrganisationSchema,
  BackofficeOrganisationsQuerySchema,
  BackofficeOrganisationUpdateSchema,
  OrganisationSuspensionSchema,
} from '@nbr/domain/backoffice-organisations';
import { DistributorListSchema, DistributorsQuerySchema } from '@nbr/domain/distributors';
import { MemberRoleUpdateSchema, MemberSchema } from '@nbr/domain/organisations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { NO_CONTENT } from '../../platform/http/openapi.ts';
import { MemberParamsSchema, OrganisationParamsSchema } from './organisations.schema.ts';
import type { OrganisationsDeps } from './organisations.service.ts';
import * as service from './organisations-backoffice.service.ts';

const TAGS = ['backoffice', 'organisations'];

/**
 * Organisations in the backoffice (staff; suspension and members' roles: admins, checked by the
 * policy in the service) and the public list of dealers for /find-distributor.
 */
export const organisationsBackofficeRoutes: FastifyPluginAsyncZod<{ deps: OrganisationsDeps }> = async (
  app,
  options,
) => {
  const { deps } = options;

  app.get(
    '/backoffice/organisations',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: organisations by name, registration number, town or postcode (20 per page)',
        querystring: BackofficeOrganisationsQuerySchema,
        response: { 200: BackofficeOrganisationListSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.listOrganisations(deps, requireAuth(request), request.query),
  );

  app.get(
    '/backoffice/organisations/:organisationId',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: one organisation with its address, listing, billing and members',
        params: OrganisationParamsSchema,
        response: { 200: BackofficeOrganisationDetailSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.getOrganisation(deps, requireAuth(request), request.params.organisationId),
  );

  app.patch(
    '/backoffice/organisations/:organisationId',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: change the name, address (placed on the map by postcode or coordinates), dealer listing and billing; audited',
        params: OrganisationParamsSchema,
        body: BackofficeOrganisationUpdateSchema,
        response: { 200: BackofficeOrganisationSchema },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      service.updateOrganisation(deps, requireAuth(request), request.params.organisationId, request.body),
  );

  for (const [path, suspended] of [
    ['suspend', true],
    ['unsuspend', false],
  ] as const) {
    app.post(
      `/backoffice/organisations/:organisationId/${path}`,
      {
        schema: {
          tags: TAGS,
          summary: suspended
            ? 'Staff admins: suspend an organisation (nobody may act for it; their sessions for it end), with a reason'
            : 'Staff admins: lift a suspension, with a reason',
          params: OrganisationParamsSchema,
          body: OrganisationSuspensionSchema,
          response: { 200: BackofficeOrganisationSchema },
        },
        config: { access: 'staff_admin' },
      },
      async (request) =>
        service.setSuspended(
          deps,
          requireAuth(request),
          request.params.organisationId,
          suspended,
          request.body.reason,
        ),
    );
  }

  app.patch(
    '/backoffice/organisations/:organisationId/members/:identityPartyId',
    {
      schema: {
        tags: TAGS,
        summary: "Staff admins: change a member's role; the organisation keeps an admin; audited",
        params: MemberParamsSchema,
        body: MemberRoleUpdateSchema,
        response: { 200: MemberSchema },
      },
      config: { access: 'staff_admin' },
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
    '/backoffice/organisations/:organisationId/members/:identityPartyId',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: remove a member (their sessions acting for it end); audited',
        params: MemberParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'staff_admin' },
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

  app.get(
    '/distributors',
    {
      schema: {
        tags: ['organisations'],
        summary: 'Dealers that sell plates and register bikes, by town, postcode or name (public)',
        querystring: DistributorsQuerySchema,
        response: { 200: DistributorListSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      // The same list for everyone: a minute's caching spares the database on a busy page.
      reply.header('cache-control', 'public, max-age=60');
      return service.listDistributors(deps, request.query.query);
    },
  );
};
