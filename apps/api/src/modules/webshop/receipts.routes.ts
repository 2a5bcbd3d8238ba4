import { OrderParamsSchema } from '@nbr/domain/webshop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { fileAnswer } from '../../platform/http/openapi.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import type { CheckoutDeps } from './checkout.service.ts';
import * as receipts from './receipts.service.ts';

const TAGS = ['webshop'];

/** Receipts of orders (issue 15 §7). */
export const receiptRoutes: FastifyPluginAsyncZod<{ deps: CheckoutDeps }> = async (app, { deps }) => {
  // A PDF is made on every call: a budget per person keeps that bounded.
  const pdfBudget = perAccountBudget(app, 60, '1 hour');

  app.get(
    '/webshop/orders/:order_id/receipt',
    {
      schema: {
        tags: TAGS,
        summary:
          'The receipt of one of your paid orders as a PDF (Danish simplified invoice / Norwegian sales document: number, date, seller, lines, VAT); 404 for anyone else’s order and for an order without a receipt',
        params: OrderParamsSchema,
        response: { 200: fileAnswer(['application/pdf'], 'The receipt (PDF)') },
      },
      config: { access: 'signed_in' },
      preHandler: pdfBudget,
    },
    async (request, reply) => {
      const { pdf, fileName } = await receipts.receiptPdf(
        deps,
        requireAuth(request),
        request.params.order_id,
      );
      reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.length))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${fileName}"`);
      return reply.send(pdf);
    },
  );
};
