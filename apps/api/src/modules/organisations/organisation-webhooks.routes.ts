import {
  WebhookDeliverySchema,
  WebhookOverviewSchema,
  WebhookSavedSchema,
  WebhookSetSchema,
} from '@nbr/domain/checks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { NO_CONTENT } from '../../platform/http/openapi.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import type { OrganisationWebhooksDeps } from './organisation-webhooks.service.ts';
import * as service from './organisation-webhooks.service.ts';
import { OrganisationParamsSchema, WebhookEventParamsSchema } from './organisations.schema.ts';

export interface OrganisationWebhooksRoutesOptions {
  deps: OrganisationWebhooksDeps;
}

const TAGS = ['organisations', 'checks'];
/** Set, rotated and tested by hand in a screen: a few an hour is plenty; more is a script gone wrong. */
const CHANGES_PER_ACCOUNT_PER_HOUR = 30;

/**
 * Issue 32 §1: an organisation's admins set the webhook a checked bike reported stolen is pushed to
 * (docs/checks-api.md), and follow its deliveries.
 */
export const organisationWebhooksRoutes: FastifyPluginAsyncZod<OrganisationWebhooksRoutesOptions> = async (
  app,
  options,
) => {
  const { deps } = options;
  const budget = () => perAccountBudget(app, CHANGES_PER_ACCOUNT_PER_HOUR, '1 hour');

  app.get(
    '/organisations/:organisationId/webhook',
    {
      schema: {
        tags: TAGS,
        summary:
          "The organisation's webhook (admins; null when none) and its newest events with their attempts",
        params: OrganisationParamsSchema,
        response: { 200: WebhookOverviewSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getWebhook(deps, requireAuth(request), request.params.organisationId),
  );

  app.put(
    '/organisations/:organisationId/webhook',
    {
      schema: {
        tags: TAGS,
        summary:
          "Set the webhook's https address (admins, in their own session); the first time, the answer holds the signing secret, shown this once",
        params: OrganisationParamsSchema,
        body: WebhookSetSchema,
        response: { 200: WebhookSavedSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: budget(),
    },
    async (request) =>
      service.setWebhook(deps, requireAuth(request), request.params.organisationId, request.body),
  );

  app.delete(
    '/organisations/:organisationId/webhook',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove the webhook (admins, in their own session); nothing is sent from then on',
        params: OrganisationParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'signed_in_self' },
    },
    async (request, reply) => {
      await service.removeWebhook(deps, requireAuth(request), request.params.organisationId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/organisations/:organisationId/webhook/secret',
    {
      schema: {
        tags: TAGS,
        summary:
          'Make the webhook a new signing secret (admins, in their own session); the answer holds it, shown this once',
        params: OrganisationParamsSchema,
        response: { 200: WebhookSavedSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: budget(),
    },
    async (request) => service.rotateWebhookSecret(deps, requireAuth(request), request.params.organisationId),
  );

  app.post(
    '/organisations/:organisationId/webhook/test',
    {
      schema: {
        tags: TAGS,
        summary:
          'Send a signed test event to the webhook (admins, in their own session); delivered like any other',
        params: OrganisationParamsSchema,
        response: { 202: WebhookDeliverySchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: budget(),
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await service.sendTestEvent(deps, requireAuth(request), request.params.organisationId)),
  );

  app.post(
    '/organisations/:organisationId/webhook/deliveries/:eventId/resend',
    {
      schema: {
        tags: TAGS,
        summary: 'Send a failed event again (admins, in their own session), with a fresh retry schedule',
        params: WebhookEventParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'signed_in_self' },
      preHandler: budget(),
    },
    async (request, reply) => {
      await service.resendEvent(
        deps,
        requireAuth(request),
        request.params.organisationId,
        request.params.eventId,
      );
      return reply.code(204).send();
    },
  );
};
