import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../mail/render.ts';
import {
  acceptFormPosts,
  alertBody,
  fill,
  formatAmount,
  type StandInLanguage,
  sendStandInPage,
  serveStandInStyle,
  standInLanguage,
} from '../stand-in-page.ts';
import { type StandInVippsPayment, type VippsStandIn, VippsStandInError } from './vipps-stand-in.ts';

/*
 * The Vipps MobilePay stand-in over HTTP, mounted at /dev/vipps outside production (app.ts):
 *   /api/accesstoken/get, /api/epayment/v1/…   the API, as https://api.vipps.no
 *   /landing/{reference}?token=…               the landing page (a payment's redirectUrl)
 *   /webhooks, /outage, /payments/expire-waiting  test hooks
 * Errors are RFC 7807 problems, as the ePayment API answers them.
 */

const TEXTS: Record<StandInLanguage, Record<string, string>> = {
  da: {
    title: 'Test-MobilePay',
    lead: 'Dette er en testudgave af Vipps MobilePay. Der trækkes ingen rigtige penge.',
    payTo: 'Betal {amount}',
    phone: 'Telefonnummer: {phone}',
    approve: 'Godkend betalingen',
    abort: 'Afbryd og gå tilbage til butikken',
    done: 'Betalingen er {state}. Gå tilbage til butikken.',
    notFound: 'Betalingen findes ikke, eller linket er forkert.',
  },
  en: {
    title: 'Test MobilePay',
    lead: 'This is a test version of Vipps MobilePay. No real money is taken.',
    payTo: 'Pay {amount}',
    phone: 'Phone number: {phone}',
    approve: 'Approve the payment',
    abort: 'Abort and go back to the shop',
    done: 'The payment is {state}. Go back to the shop.',
    notFound: 'The payment does not exist, or the link is wrong.',
  },
  no: {
    title: 'Test-Vipps',
    lead: 'Dette er en testutgave av Vipps MobilePay. Ingen ekte penger blir trukket.',
    payTo: 'Betal {amount}',
    phone: 'Telefonnummer: {phone}',
    approve: 'Godkjenn betalingen',
    abort: 'Avbryt og gå tilbake til butikken',
    done: 'Betalingen er {state}. Gå tilbake til butikken.',
    notFound: 'Betalingen finnes ikke, eller lenken er feil.',
  },
};

const say = (language: StandInLanguage, key: string, params?: Record<string, string>) =>
  fill(TEXTS[language][key] ?? key, params);

const money = (payment: StandInVippsPayment, value: number) => ({ currency: payment.amount.currency, value });

function presentPayment(standIn: VippsStandIn, payment: StandInVippsPayment) {
  return {
    aggregate: {
      authorizedAmount: money(payment, payment.authorized),
      cancelledAmount: money(payment, payment.cancelled),
      capturedAmount: money(payment, payment.captured),
      refundedAmount: money(payment, payment.refunded),
    },
    amount: payment.amount,
    state: payment.state,
    paymentMethod: { type: 'WALLET' },
    profile: {},
    pspReference: payment.pspReference,
    redirectUrl: standIn.redirectUrlOf(payment),
    reference: payment.reference,
  };
}

function presentModification(payment: StandInVippsPayment) {
  return {
    amount: payment.amount,
    state: payment.state,
    aggregate: {
      authorizedAmount: money(payment, payment.authorized),
      cancelledAmount: money(payment, payment.cancelled),
      capturedAmount: money(payment, payment.captured),
      refundedAmount: money(payment, payment.refunded),
    },
    pspReference: payment.pspReference,
    reference: payment.reference,
  };
}

const AmountSchema = z.object({
  currency: z.enum(['NOK', 'DKK', 'EUR']),
  value: z.number().int().min(1).max(65_000_000),
});

const CreatePaymentSchema = z
  .object({
    amount: AmountSchema,
    paymentMethod: z.object({ type: z.enum(['WALLET', 'CARD']) }),
    reference: z.string(),
    userFlow: z.enum(['WEB_REDIRECT', 'NATIVE_REDIRECT', 'PUSH_MESSAGE', 'QR']),
    returnUrl: z.string().max(2048).optional(),
    paymentDescription: z.string().min(3).max(100).optional(),
    customer: z.object({ phoneNumber: z.string().regex(/^\d{8,15}$/) }).optional(),
  })
  .refine((body) => body.userFlow !== 'WEB_REDIRECT' || body.returnUrl, {
    error: 'returnUrl is required with WEB_REDIRECT',
    path: ['returnUrl'],
  })
  .refine((body) => body.paymentMethod.type !== 'CARD', {
    // payments.md §2.2: CARD is not available in the test environment, which this stands in for.
    error: 'paymentMethod CARD is not available in the test environment',
    path: ['paymentMethod'],
  })
  .refine((body) => body.userFlow === 'WEB_REDIRECT', {
    error: 'the stand-in serves WEB_REDIRECT only',
    path: ['userFlow'],
  });

const ModificationSchema = z.object({ modificationAmount: AmountSchema });

function problem(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  title: string,
  detail: string,
) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send({ title, detail, instance: request.url.split('?')[0], status, traceId: randomUUID() });
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new VippsStandInError(
      400,
      'Bad Request',
      `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

const headersOf = (request: FastifyRequest) => request.headers as Record<string, string | undefined>;

export interface VippsStandInRoutesOptions {
  standIn: VippsStandIn;
  prefix: string;
}

export async function vippsStandInRoutes(
  app: FastifyInstance,
  options: VippsStandInRoutesOptions,
): Promise<void> {
  const { standIn, prefix } = options;
  const stylesheet = `${prefix}/stand-in.css`;

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof VippsStandInError)
      return problem(reply, request, error.httpStatus, error.title, error.detail);
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status < 500)
      return problem(reply, request, status, 'Bad Request', (error as Error).message);
    request.log.error({ err: error }, 'vipps stand-in failed');
    return problem(reply, request, 500, 'Internal Server Error', 'The stand-in failed');
  });

  serveStandInStyle(app);

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        if (standIn.isDown)
          return problem(reply, request, 503, 'Service Unavailable', 'The stand-in is down');
      });
      api.post('/accesstoken/get', { schema: { hide: true } }, async (request) =>
        standIn.issueToken(headersOf(request)),
      );

      await api.register(
        async (epayment) => {
          epayment.addHook('onRequest', async (request) => standIn.authorize(headersOf(request)));
          const referenceOf = (request: FastifyRequest) =>
            (request.params as { reference: string }).reference;

          epayment.post('/payments', { schema: { hide: true } }, async (request, reply) => {
            const answer = standIn.idempotent(headersOf(request), 'create', () => {
              const body = parse(CreatePaymentSchema, request.body);
              return standIn.createPayment({
                reference: body.reference,
                amount: body.amount,
                description: body.paymentDescription ?? '',
                returnUrl: body.returnUrl ?? '',
                phoneNumber: body.customer?.phoneNumber ?? null,
                idempotencyKey: headersOf(request)['idempotency-key'] ?? '',
              });
            });
            return reply.code(answer.status).send(answer.body);
          });
          epayment.get('/payments/:reference', { schema: { hide: true } }, async (request) =>
            presentPayment(standIn, standIn.requirePayment(referenceOf(request))),
          );
          epayment.get(
            '/payments/:reference/events',
            { schema: { hide: true } },
            async (request) => standIn.requirePayment(referenceOf(request)).events,
          );
          for (const action of ['capture', 'refund'] as const) {
            epayment.post(
              `/payments/:reference/${action}`,
              { schema: { hide: true } },
              async (request, reply) => {
                const reference = referenceOf(request);
                const key = headersOf(request)['idempotency-key'] ?? '';
                const answer = standIn.idempotent(headersOf(request), `${action}\u0000${reference}`, () => {
                  const body = parse(ModificationSchema, request.body);
                  const payment =
                    action === 'capture'
                      ? standIn.capture(reference, body.modificationAmount, key)
                      : standIn.refund(reference, body.modificationAmount, key);
                  return { status: 200, body: presentModification(payment) };
                });
                return reply.code(answer.status).send(answer.body);
              },
            );
          }
          epayment.post('/payments/:reference/cancel', { schema: { hide: true } }, async (request, reply) => {
            const reference = referenceOf(request);
            const key = headersOf(request)['idempotency-key'] ?? '';
            const answer = standIn.idempotent(headersOf(request), `cancel\u0000${reference}`, () => ({
              status: 200,
              body: presentModification(standIn.cancel(reference, key)),
            }));
            return reply.code(answer.status).send(answer.body);
          });
          // Force approve (payments.md §2.2), as the test environment offers it.
          epayment.post(
            '/test/payments/:reference/approve',
            { schema: { hide: true } },
            async (request, reply) => {
              standIn.answer(referenceOf(request), null, true);
              return reply.code(200).send({});
            },
          );
        },
        { prefix: '/epayment/v1' },
      );
    },
    { prefix: '/api' },
  );

  await app.register(async (pages) => {
    acceptFormPosts(pages);
    const LandingParams = z.object({ reference: z.string().min(1).max(50) });
    const TokenQuery = z.object({ token: z.string().min(1).max(100) });

    const html = (reply: FastifyReply, status: number, language: StandInLanguage, body: string) =>
      sendStandInPage(reply, status, { language, title: say(language, 'title'), stylesheet, body });

    /** The payment named by the path and the token of its redirectUrl; null for anything else. */
    function paymentOf(request: FastifyRequest, token: unknown): StandInVippsPayment | null {
      const params = LandingParams.safeParse(request.params);
      const query = TokenQuery.safeParse({ token });
      const payment = params.success ? standIn.payments.get(params.data.reference) : undefined;
      return payment && query.success && query.data.token === payment.token ? payment : null;
    }

    const notFound = (request: FastifyRequest, reply: FastifyReply) => {
      const language = standInLanguage(request, null, 'no');
      return html(reply, 404, language, alertBody(say(language, 'title'), say(language, 'notFound')));
    };

    pages.get('/landing/:reference', { schema: { hide: true } }, async (request, reply) => {
      const payment = paymentOf(request, (request.query as { token?: unknown }).token);
      if (!payment) return notFound(request, reply);
      const language = standInLanguage(request, null, 'no');
      const head = `<p><span class="badge">TEST</span></p><h1>${escapeHtml(say(language, 'title'))}</h1><p>${escapeHtml(say(language, 'lead'))}</p>`;
      if (payment.state !== 'CREATED') {
        return html(
          reply,
          410,
          language,
          `${head}<p role="alert" class="alert">${escapeHtml(say(language, 'done', { state: payment.state }))}</p>`,
        );
      }
      const action = `${prefix}/landing/${encodeURIComponent(payment.reference)}`;
      const token = `<input type="hidden" name="token" value="${escapeHtml(payment.token)}">`;
      return html(
        reply,
        200,
        language,
        `${head}<div class="card"><h2>${escapeHtml(say(language, 'payTo', { amount: formatAmount(language, payment.amount.value, payment.amount.currency) }))}</h2>
<p>${escapeHtml(payment.description)}</p>${payment.phoneNumber ? `<p class="note">${escapeHtml(say(language, 'phone', { phone: payment.phoneNumber }))}</p>` : ''}</div>
<form method="post" action="${action}/approve">${token}<button class="primary" type="submit">${escapeHtml(say(language, 'approve'))}</button></form>
<form method="post" action="${action}/abort">${token}<button class="secondary" type="submit">${escapeHtml(say(language, 'abort'))}</button></form>`,
      );
    });

    for (const choice of ['approve', 'abort'] as const) {
      pages.post(`/landing/:reference/${choice}`, { schema: { hide: true } }, async (request, reply) => {
        const payment = paymentOf(request, (request.body as { token?: unknown } | undefined)?.token);
        if (!payment) return notFound(request, reply);
        if (payment.state === 'CREATED')
          standIn.answer(payment.reference, payment.token, choice === 'approve');
        // Vipps sends the person back to returnUrl as given; the shop must ask the API what happened.
        return reply.redirect(payment.returnUrl, 303);
      });
    }
  });

  app.get('/webhooks', { schema: { hide: true } }, async () => ({
    webhooks: [...standIn.deliveries.values()].map((delivery) => ({
      id: delivery.id,
      name: delivery.event.name,
      reference: delivery.event.reference,
      state: delivery.state,
      attempts: delivery.attempts,
      last_status: delivery.lastStatus,
      body: { msn: standIn.merchantSerialNumber, ...delivery.event },
    })),
  }));
  app.post('/webhooks/resend/:id', { schema: { hide: true } }, async (request, reply) => {
    const copy = standIn.resend((request.params as { id: string }).id);
    return reply.code(202).send({ id: copy.id });
  });
  app.post('/outage', { schema: { hide: true } }, async (request) => {
    standIn.setDown(parse(z.object({ down: z.boolean() }), request.body).down);
    return { down: standIn.isDown };
  });
  app.post('/payments/expire-waiting', { schema: { hide: true } }, async () => ({
    expired: standIn.expireWaitingPayments(),
  }));
}
