import {
  GuestTicketCreatedSchema,
  GuestTicketCreateSchema,
  GuestTicketKeySchema,
  GuestTicketMessageCreateSchema,
  SUPPORT_MESSAGES_PER_MINUTE,
  SupportMessageSchema,
  TICKETS_PER_HOUR,
  TicketCreateSchema,
  TicketListSchema,
  TicketMessageCreateSchema,
  TicketParamsSchema,
  TicketWithMessagesSchema,
  VISITOR_TICKETS_PER_ADDRESS_PER_HOUR,
  VISITOR_TICKETS_PER_HOUR,
} from '@nbr/domain/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { perAccountBudget, routeBudget } from '../../platform/http/rate-limit.ts';
import type { SupportDeps } from './support.deps.ts';
import * as service from './support.service.ts';

/** Budgets of support (tests lower them to reach them). */
export interface SupportRateLimits {
  ticketsPerHour: number;
  messagesPerMinute: number;
  visitorTicketsPerHour: number;
  visitorTicketsPerAddress: number;
}

const DEFAULT_LIMITS: SupportRateLimits = {
  ticketsPerHour: TICKETS_PER_HOUR,
  messagesPerMinute: SUPPORT_MESSAGES_PER_MINUTE,
  visitorTicketsPerHour: VISITOR_TICKETS_PER_HOUR,
  visitorTicketsPerAddress: VISITOR_TICKETS_PER_ADDRESS_PER_HOUR,
};

export interface SupportRoutesOptions {
  deps: SupportDeps;
  rateLimits?: Partial<SupportRateLimits>;
}

const TAGS = ['support'];

/**
 * The asking side of support (SPEC §2 /support/chat): a signed-in person's tickets, and a visitor's
 * question that reaches staff once the link mailed to them is followed (the link then opens the
 * conversation). Writing is the person's own act, so not while staff are switched in.
 */
export const supportRoutes: FastifyPluginAsyncZod<SupportRoutesOptions> = async (app, options) => {
  const { deps } = options;
  const limits = { ...DEFAULT_LIMITS, ...options.rateLimits };
  const messageBudget = () => perAccountBudget(app, limits.messagesPerMinute, '1 minute');

  app.get(
    '/support/tickets',
    {
      schema: {
        tags: TAGS,
        summary: 'My support tickets, newest activity first, with their status',
        response: { 200: TicketListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listMyTickets(deps, requireAuth(request)),
  );

  app.post(
    '/support/tickets',
    {
      schema: {
        tags: TAGS,
        summary:
          'Open a support ticket about my account, one of my bikes or one of my orders (422 for a bike or order that is not mine)',
        body: TicketCreateSchema,
        response: { 201: TicketWithMessagesSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: perAccountBudget(app, limits.ticketsPerHour, '1 hour'),
    },
    async (request, reply) => {
      const created = await service.openTicket(deps, requireAuth(request), request.body, request.log);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/support/tickets/:ticket_id',
    {
      schema: {
        tags: TAGS,
        summary: 'One of my tickets with its messages; 404 for anyone else',
        params: TicketParamsSchema,
        response: { 200: TicketWithMessagesSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getMyTicket(deps, requireAuth(request), request.params.ticket_id),
  );

  app.post(
    '/support/tickets/:ticket_id/messages',
    {
      schema: {
        tags: TAGS,
        summary:
          'Write in one of my tickets: it waits for staff again (a waiting or closed ticket opens again)',
        params: TicketParamsSchema,
        body: TicketMessageCreateSchema,
        response: { 201: SupportMessageSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: messageBudget(),
    },
    async (request, reply) => {
      const message = await service.postMyMessage(
        deps,
        requireAuth(request),
        request.params.ticket_id,
        request.body.content,
        request.log,
      );
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/support/guest-tickets',
    {
      schema: {
        tags: TAGS,
        summary:
          'A visitor writes to support with an e-mail address: the question reaches staff once the visitor follows the link mailed there (the same answer whether or not the address has an account)',
        body: GuestTicketCreateSchema,
        response: { 201: GuestTicketCreatedSchema },
      },
      config: { access: 'public' },
      preHandler: [
        ...routeBudget(app, 'visitor', limits.visitorTicketsPerHour, '1 hour', (request) => request.ip),
        ...routeBudget(app, 'email', limits.visitorTicketsPerAddress, '1 hour', (request) => {
          const email = (request.body as { email?: unknown } | undefined)?.email;
          return typeof email === 'string' ? email.trim().toLowerCase() : request.ip;
        }),
      ],
    },
    async (request, reply) => {
      const result = await service.openGuestTicket(deps, request.body, request.language);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/support/guest-tickets/:ticket_id/open',
    {
      schema: {
        tags: TAGS,
        summary:
          'A visitor follows a mailed link: the first time it confirms the address (the question reaches staff); answers the conversation (400 support_link_invalid for a wrong or expired link)',
        params: TicketParamsSchema,
        body: GuestTicketKeySchema,
        response: { 200: TicketWithMessagesSchema },
      },
      config: { access: 'public' },
      preHandler: routeBudget(app, 'visitor', 120, '1 minute', (request) => request.ip),
    },
    async (request) =>
      service.openGuestConversation(deps, request.params.ticket_id, request.body, request.log),
  );

  app.post(
    '/support/guest-tickets/:ticket_id/messages',
    {
      schema: {
        tags: TAGS,
        summary: 'A visitor writes again in their ticket, through the mailed link',
        params: TicketParamsSchema,
        body: GuestTicketMessageCreateSchema,
        response: { 201: SupportMessageSchema },
      },
      config: { access: 'public' },
      preHandler: routeBudget(app, 'visitor', limits.messagesPerMinute, '1 minute', (request) => request.ip),
    },
    async (request, reply) => {
      const message = await service.postGuestMessage(
        deps,
        request.params.ticket_id,
        request.body,
        request.log,
      );
      return reply.code(201).send(message);
    },
  );
};
