import { ApiKeyCreatedSchema, ApiKeyCreateSchema, ApiKeyListSchema } from '@nbr/domain/checks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { NO_CONTENT } from '../../platform/http/openapi.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import type { OrganisationApiKeysDeps } from './organisation-api-keys.service.ts';
import * as service from './organisation-api-keys.service.ts';
import { ApiKeyParamsSchema, OrganisationParamsSchema } from './organisations.schema.ts';

export interface OrganisationApiKeysRoutesOptions {
  deps: OrganisationApiKeysDeps;
}

const TAGS = ['organisations', 'checks'];
/** Keys are made by hand in a screen: a few a day is plenty; more means a script gone wrong. */
const KEYS_PER_ACCOUNT_PER_HOUR = 20;

/** Issue 32 §1: an organisation's admins manage the API keys its systems check the register with. */
export const organisationApiKeysRoutes: FastifyPluginAsyncZod<OrganisationApiKeysRoutesOptions> = async (
  app,
  options,
) => {
  const { deps } = options;

  app.post(
    '/organisations/:organisationId/api-keys',
    {
      schema: {
        tags: TAGS,
        summary:
          'Create an API key for checks (admins, in their own session); the answer holds the key, shown this once',
        params: OrganisationParamsSchema,
        body: ApiKeyCreateSchema,
        response: { 201: ApiKeyCreatedSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: perAccountBudget(app, KEYS_PER_ACCOUNT_PER_HOUR, '1 hour'),
    },
    async (request, reply) => {
      const created = await service.createApiKey(
        deps,
        requireAuth(request),
        request.params.organisationId,
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/organisations/:organisationId/api-keys',
    {
      schema: {
        tags: TAGS,
        summary: "The organisation's API keys (admins): name, first characters, last use, revoked or not",
        params: OrganisationParamsSchema,
        response: { 200: ApiKeyListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listApiKeys(deps, requireAuth(request), request.params.organisationId),
  );

  app.delete(
    '/organisations/:organisationId/api-keys/:keyId',
    {
      schema: {
        tags: TAGS,
        summary: 'Revoke an API key (admins, in their own session); checks with it are refused from then on',
        params: ApiKeyParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'signed_in_self' },
    },
    async (request, reply) => {
      await service.revokeApiKey(
        deps,
        requireAuth(request),
        request.params.organisationId,
        request.params.keyId,
      );
      return reply.code(204).send();
    },
  );
};
