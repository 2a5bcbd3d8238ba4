import {
  StaffTicketListSchema,
  StaffTicketsQuerySchema,
  StaffTicketUpdateSchema,
  StaffTicketWithMessagesSchema,
  SUPPORT_MESSAGES_PER_MINUTE,
  SupportMessageSchema,
  TicketMessageCreateSchema,
  TicketParamsSchema,
} from '@nbr/domain/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import type { SupportDeps } from './support.deps.ts';
import * as service from './support-staff.service.ts';

export interface SupportStaffRoutesOptions {
  deps: SupportDeps;
}

const TAGS = ['support', 'backoffice'];

/** The support queue in the backoffice (SPEC §2 /backoffice/tickets/{ticketId}): support and admin staff. */
export const supportStaffRoutes: FastifyPluginAsyncZod<SupportStaffRoutesOptions> = async (app, options) => {
  const { deps } = options;

  app.get(
    '/backoffice/tickets',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: support tickets (of one status), newest activity first, with the count of each status',
        querystring: StaffTicketsQuerySchema,
        response: { 200: StaffTicketListSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.listTickets(deps, request.query.status),
  );

  app.get(
    '/backoffice/tickets/:ticket_id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: one ticket with its messages and the person’s name and address (audited once per staff member and opening: not again within 30 minutes)',
        params: TicketParamsSchema,
        response: { 200: StaffTicketWithMessagesSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.getTicket(deps, requireAuth(request), request.params.ticket_id),
  );

  app.post(
    '/backoffice/tickets/:ticket_id/messages',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: answer a ticket (audited). It then waits for the person, who sees it live or gets a mail when not connected',
        params: TicketParamsSchema,
        body: TicketMessageCreateSchema,
        response: { 201: SupportMessageSchema },
      },
      config: { access: 'staff' },
      preHandler: perAccountBudget(app, SUPPORT_MESSAGES_PER_MINUTE * 3, '1 minute'),
    },
    async (request, reply) => {
      const message = await service.answerTicket(
        deps,
        requireAuth(request),
        request.params.ticket_id,
        request.body.content,
        request.log,
      );
      return reply.code(201).send(message);
    },
  );

  app.patch(
    '/backoffice/tickets/:ticket_id',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: change a ticket’s status and/or take it (audited)',
        params: TicketParamsSchema,
        body: StaffTicketUpdateSchema,
        response: { 200: StaffTicketWithMessagesSchema },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      service.updateTicket(deps, requireAuth(request), request.params.ticket_id, request.body, request.log),
  );
};
