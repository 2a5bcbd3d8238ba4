import { BikeParamsSchema } from '@nbr/domain/bikes';
import {
  CONTACTS_PER_HOUR,
  ContactConfirmationResultSchema,
  ContactConfirmationSchema,
  ContactOwnerResultSchema,
  ContactOwnerSchema,
  VISITOR_CONTACTS_PER_ADDRESS_PER_HOUR,
  VISITOR_CONTACTS_PER_HOUR,
} from '@nbr/domain/finds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import { perAccountBudget, routeBudget, sensitiveRateLimit } from '../../platform/http/rate-limit.ts';
import * as service from './contact-owner.service.ts';
import type { TheftDeps } from './theft.deps.ts';

/** Budgets of contacting owners (tests lower them to reach them). */
export interface ContactOwnerRateLimits {
  /** Messages from visitors per network address and hour. */
  visitorContactsPerHour: number;
  /** Confirmation mails to one address per hour (whoever sends them). */
  visitorContactsPerAddress: number;
  /** Messages from one signed-in person per hour. */
  contactsPerHour: number;
}

const DEFAULT_LIMITS: ContactOwnerRateLimits = {
  visitorContactsPerHour: VISITOR_CONTACTS_PER_HOUR,
  visitorContactsPerAddress: VISITOR_CONTACTS_PER_ADDRESS_PER_HOUR,
  contactsPerHour: CONTACTS_PER_HOUR,
};

export interface ContactOwnerRoutesOptions {
  deps: TheftDeps;
  rateLimits?: Partial<ContactOwnerRateLimits>;
}

/**
 * POST /api/bikes/{bike_id}/contact-owner (issue 6 §5): open to visitors, for whom a finder must not
 * need an account to tell an owner where their stolen bike is. Budgets per network address and per
 * typed address for visitors and per person for accounts (shared through Redis between instances
 * when configured). POST /api/contact-owner/confirmations delivers a visitor's message.
 */
export const contactOwnerRoutes: FastifyPluginAsyncZod<ContactOwnerRoutesOptions> = async (app, options) => {
  const { deps } = options;
  const limits = { ...DEFAULT_LIMITS, ...options.rateLimits };

  app.post(
    '/bikes/:bike_id/contact-owner',
    {
      schema: {
        tags: ['theft'],
        summary:
          'Write to the owner of a bike: signed in, into my chat with the owner (answers its id; 409 own_bike for my own bike); without an account only about a bike reported stolen (409 bike_not_stolen), with an e-mail address the owner never sees: the message waits until the visitor follows the link mailed there (the same answer whether or not the address has an account)',
        params: BikeParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: ContactOwnerSchema,
        response: { 201: ContactOwnerResultSchema },
      },
      config: { access: 'public', idempotent: true },
      preHandler: [
        ...routeBudget(
          app,
          'visitor',
          limits.visitorContactsPerHour,
          '1 hour',
          (request) => request.ip,
          (request) => !request.auth,
        ),
        // The address a visitor types receives a mail: never a stream of them, from however many networks.
        ...routeBudget(
          app,
          'email',
          limits.visitorContactsPerAddress,
          '1 hour',
          (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email;
            return typeof email === 'string' ? email.trim().toLowerCase() : request.ip;
          },
          (request) => !request.auth,
        ),
        ...perAccountBudget(app, limits.contactsPerHour, '1 hour', (request) => Boolean(request.auth)),
      ],
    },
    async (request, reply) => {
      const result = await service.contactOwner(
        deps,
        request.auth ?? null,
        request.params.bike_id,
        request.body,
        request.language,
        idempotencyClaim(request),
        request.log,
      );
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/contact-owner/confirmations',
    {
      schema: {
        tags: ['theft'],
        summary:
          'Follow the link mailed to a visitor who wrote to a bike owner: the message reaches the owner now (400 contact_link_invalid for an unknown or expired code, 409 contact_already_sent when used)',
        body: ContactConfirmationSchema,
        response: { 200: ContactConfirmationResultSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'public' },
    },
    async (request) => service.confirmContact(deps, request.body.code, request.log),
  );
};
