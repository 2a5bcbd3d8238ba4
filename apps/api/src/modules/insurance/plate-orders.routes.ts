import multipart from '@fastify/multipart';
import {
  InsurerPlateOrderParamsSchema,
  PlateOrderListSchema,
  PlateOrderParamsSchema,
  PlateOrderSchema,
} from '@nbr/domain/insurance-plate-orders';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import * as service from './plate-orders.service.ts';

const TAGS = ['insurance'];

/** The largest forwarded mail read (Mailgun posts the text; attachments are skipped unread). */
const MAX_MAIL_BYTES = 2 * 1024 * 1024;

const InboundAnswerSchema = z.object({
  outcome: z.enum(['ordered', 'duplicate', 'refused']),
  plate_order_id: z.string().nullable().optional(),
  reason: z.string().optional(),
});

/** The fields of a multipart forward (Mailgun sends one when the mail has attachments); files are drained. */
async function multipartFields(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits: { fieldSize: MAX_MAIL_BYTES, fields: 200, files: 50 } })) {
    if (part.type === 'file') part.file.resume();
    else fields[part.fieldname] = String(part.value ?? '');
  }
  return fields;
}

/**
 * Plates ordered by e-mail (issue 16 §4). The inbound route is Mailgun's (its signature is the
 * authentication) and exists only where inbound mail is configured (the provider, or the stand-in
 * outside production); the insurer's staff follow and cancel their orders, our staff send them.
 */
export const plateOrdersRoutes: FastifyPluginAsyncZod<{
  deps: InsuranceDeps;
  inbound: (service.InboundMailSettings & { enabled: boolean }) | null;
}> = async (app, { deps, inbound }) => {
  if (inbound?.enabled) {
    await app.register(async (webhook) => {
      await webhook.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 50, fields: 200 } });
      webhook.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: MAX_MAIL_BYTES },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      webhook.post(
        '/insurance/plate-orders/inbound-mail',
        {
          schema: {
            tags: TAGS,
            summary:
              'Mailgun’s forward of a mail to the plate-order address (form or multipart, signed with HMAC-SHA256 of timestamp + token): an order when SPF or DKIM passed and the sender is a confirmed member of one insurance company who names a number of plates; 406 (not retried) for anything else, logged; 401 for a bad or stale signature',
            body: z.unknown(),
            response: { 200: InboundAnswerSchema, 406: InboundAnswerSchema },
          },
          config: { access: 'public' },
          bodyLimit: MAX_MAIL_BYTES + 10 * 1024 * 1024,
        },
        async (request, reply) => {
          const body = request.isMultipart() ? await multipartFields(request) : request.body;
          const answer = await service.receivePlateOrderMail(deps, inbound, body);
          return reply.code(answer.outcome === 'refused' ? 406 : 200).send(answer);
        },
      );
    });
  }

  app.get(
    '/insurance/:insurer/plate-orders',
    {
      schema: {
        tags: TAGS,
        summary:
          'The insurer’s plate orders by e-mail, newest first, and the address to mail them to (null when ordering by e-mail is off): to its staff and our staff; 404 for anyone else',
        params: InsurerPlateOrderParamsSchema,
        response: { 200: z.object({ address: z.string().nullable(), orders: PlateOrderListSchema }) },
      },
      config: { access: 'signed_in' },
    },
    async (request) =>
      service.listPlateOrders(
        deps,
        requireAuth(request),
        request.params.insurer,
        inbound?.enabled ? inbound.plateOrderAddress : null,
      ),
  );

  app.post(
    '/insurance/plate-orders/:id/cancel',
    {
      schema: {
        tags: TAGS,
        summary:
          'The insurer’s staff cancel a plate order not yet sent (a mail that was not meant as an order)',
        params: PlateOrderParamsSchema,
        response: { 200: PlateOrderSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.cancelPlateOrder(deps, requireAuth(request), request.params.id),
  );

  app.post(
    '/insurance/plate-orders/:id/sent',
    {
      schema: {
        tags: TAGS,
        summary: 'Our staff have sent the plates of an order; the member who ordered them is mailed',
        params: PlateOrderParamsSchema,
        response: { 200: PlateOrderSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.markPlateOrderSent(deps, requireAuth(request), request.params.id),
  );
};
