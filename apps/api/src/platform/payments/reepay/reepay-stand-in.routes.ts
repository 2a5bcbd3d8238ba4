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
import {
  REEPAY_TEST_CARDS,
  type ReepayStandIn,
  ReepayStandInError,
  type StandInInvoice,
  type StandInPlan,
  type StandInRefund,
  type StandInSession,
  type StandInSubscription,
} from './reepay-stand-in.ts';

/*
 * The Reepay stand-in over HTTP, mounted at /dev/reepay outside production (app.ts):
 *   /checkout-api/v1/…  the Checkout API (sessions)            — as https://checkout-api.reepay.com
 *   /api/v1/…           the REST API (invoices, charges, …)    — as https://api.reepay.com
 *   /checkout/{id}      the hosted payment window (a session's `url`)
 *   /payment-info/{subscription}  the customer's card page (hosted_page_links.payment_info)
 *   /webhooks, /outage, /subscriptions/{handle}/…  test hooks
 * API answers and errors have Reepay's shapes; our own error format is not used here.
 */

type Texts = Record<string, string>;

const TEXTS: Record<StandInLanguage, Texts> = {
  da: {
    title: 'Testbetaling',
    lead: 'Dette er en testudgave af betalingsvinduet. Der trækkes ingen rigtige penge.',
    order: 'Ordre {handle}',
    subscription: 'Abonnement',
    total: 'I alt',
    perPeriod: 'pr. periode',
    quantity: 'Antal',
    cardNumber: 'Kortnummer',
    expiry: 'Udløbsdato',
    expiryHint: 'MM/ÅÅ',
    cvv: 'Kontrolcifre (CVC)',
    cvvHint: '3 cifre på bagsiden',
    pay: 'Betal {amount}',
    subscribe: 'Start abonnement og betal {amount}',
    cancel: 'Annullér og gå tilbage til butikken',
    card_not_accepted: 'Kortet blev ikke genkendt. Brug et af testkortene nedenfor.',
    card_expired: 'Udløbsdatoen er forkert eller passeret. Skriv den som MM/ÅÅ.',
    declined: 'Betalingen blev afvist ({reason}). Prøv et andet kort, eller annullér.',
    session_closed: 'Denne betaling er afsluttet eller udløbet. Gå tilbage til butikken og prøv igen.',
    testCards: 'Testkort og deres udfald',
    testCardsLead:
      'Alle kortnumre herunder virker med en udløbsdato i denne måned eller senere. CVC bestemmer udfaldet:',
    outcomeAccepted: 'alle andre: godkendt',
    outcome001: '001: kortet er udløbet',
    outcome002: '002: afvist af indløser',
    outcome003: '003: ikke dækning på kontoen',
    outcome004: '004: fejl hos indløser',
    outcome005: '005: kommunikationsfejl',
    outcome006: '006: bekræftelsen kommer først efter et minut',
    changeCardTitle: 'Skift betalingskort',
    changeCardLead: 'Det nye kort bruges til abonnementets næste betalinger.',
    currentCard: 'Nuværende kort: {card}',
    saveCard: 'Gem kortet',
    cardChanged: 'Kortet er skiftet.',
    notFound: 'Siden findes ikke eller er udløbet.',
  },
  en: {
    title: 'Test payment',
    lead: 'This is a test version of the payment window. No real money is taken.',
    order: 'Order {handle}',
    subscription: 'Subscription',
    total: 'Total',
    perPeriod: 'per period',
    quantity: 'Quantity',
    cardNumber: 'Card number',
    expiry: 'Expiry date',
    expiryHint: 'MM/YY',
    cvv: 'Security code (CVC)',
    cvvHint: '3 digits on the back',
    pay: 'Pay {amount}',
    subscribe: 'Start subscription and pay {amount}',
    cancel: 'Cancel and go back to the shop',
    card_not_accepted: 'The card was not recognised. Use one of the test cards below.',
    card_expired: 'The expiry date is wrong or has passed. Write it as MM/YY.',
    declined: 'The payment was declined ({reason}). Try another card, or cancel.',
    session_closed: 'This payment has ended or expired. Go back to the shop and try again.',
    testCards: 'Test cards and their outcomes',
    testCardsLead:
      'Every card number below works with an expiry date this month or later. The CVC decides the outcome:',
    outcomeAccepted: 'any other: accepted',
    outcome001: '001: card expired',
    outcome002: '002: declined by the acquirer',
    outcome003: '003: insufficient funds',
    outcome004: '004: acquirer error',
    outcome005: '005: communication problem',
    outcome006: '006: confirmation arrives after a minute',
    changeCardTitle: 'Change payment card',
    changeCardLead: "The new card is used for the subscription's next payments.",
    currentCard: 'Current card: {card}',
    saveCard: 'Save the card',
    cardChanged: 'The card has been changed.',
    notFound: 'This page does not exist or has expired.',
  },
  no: {
    title: 'Testbetaling',
    lead: 'Dette er en testutgave av betalingsvinduet. Ingen ekte penger blir trukket.',
    order: 'Ordre {handle}',
    subscription: 'Abonnement',
    total: 'Totalt',
    perPeriod: 'per periode',
    quantity: 'Antall',
    cardNumber: 'Kortnummer',
    expiry: 'Utløpsdato',
    expiryHint: 'MM/ÅÅ',
    cvv: 'Sikkerhetskode (CVC)',
    cvvHint: '3 sifre på baksiden',
    pay: 'Betal {amount}',
    subscribe: 'Start abonnement og betal {amount}',
    cancel: 'Avbryt og gå tilbake til butikken',
    card_not_accepted: 'Kortet ble ikke gjenkjent. Bruk et av testkortene nedenfor.',
    card_expired: 'Utløpsdatoen er feil eller passert. Skriv den som MM/ÅÅ.',
    declined: 'Betalingen ble avvist ({reason}). Prøv et annet kort, eller avbryt.',
    session_closed: 'Denne betalingen er avsluttet eller utløpt. Gå tilbake til butikken og prøv igjen.',
    testCards: 'Testkort og utfallene deres',
    testCardsLead:
      'Alle kortnumrene nedenfor virker med en utløpsdato denne måneden eller senere. CVC bestemmer utfallet:',
    outcomeAccepted: 'alle andre: godkjent',
    outcome001: '001: kortet er utløpt',
    outcome002: '002: avvist av innløser',
    outcome003: '003: ikke dekning på kontoen',
    outcome004: '004: feil hos innløser',
    outcome005: '005: kommunikasjonsfeil',
    outcome006: '006: bekreftelsen kommer først etter ett minutt',
    changeCardTitle: 'Bytt betalingskort',
    changeCardLead: 'Det nye kortet brukes til abonnementets neste betalinger.',
    currentCard: 'Nåværende kort: {card}',
    saveCard: 'Lagre kortet',
    cardChanged: 'Kortet er byttet.',
    notFound: 'Siden finnes ikke eller er utløpt.',
  },
};

const say = (language: StandInLanguage, key: string, params?: Record<string, string>) =>
  fill(TEXTS[language][key] ?? key, params);

// ---- Reepay's JSON shapes ----------------------------------------------------------------

function presentInvoice(invoice: StandInInvoice) {
  return {
    id: invoice.id,
    handle: invoice.handle,
    customer: invoice.customer,
    subscription: invoice.subscription,
    plan: invoice.plan,
    state: invoice.state,
    processing: invoice.processing,
    type: invoice.type,
    amount: invoice.amount,
    currency: invoice.currency,
    created: invoice.created,
    authorized: invoice.authorized,
    settled: invoice.settled,
    cancelled: invoice.cancelled,
    failed: invoice.failed,
    authorized_amount: invoice.authorizedAmount,
    settled_amount: invoice.settledAmount,
    refunded_amount: invoice.refundedAmount,
    period_from: invoice.periodFrom,
    period_to: invoice.periodTo,
    order_lines: invoice.orderLines.map((line, index) => ({
      id: `${invoice.id}-${index + 1}`,
      ordertext: line.ordertext,
      amount: line.amount,
      quantity: line.quantity,
      vat: line.vat,
      amount_incl_vat: true,
      total_amount: line.amount * line.quantity,
    })),
    transactions: invoice.transactions.map((transaction) => ({
      id: transaction.id,
      state: transaction.state,
      invoice: invoice.id,
      type: transaction.type,
      amount: transaction.amount,
      created: transaction.created,
      payment_type: 'card',
      card_transaction: transaction.card
        ? {
            card_type: transaction.card.type,
            masked_card: transaction.card.masked,
            error: transaction.error,
          }
        : null,
    })),
  };
}

/** A charge is the invoice of a one-off payment seen through /v1/charge (payments.md §1.4). */
function presentCharge(invoice: StandInInvoice) {
  const { id: _id, ...rest } = presentInvoice(invoice);
  return { ...rest, handle: invoice.handle, state: invoice.state === 'dunning' ? 'pending' : invoice.state };
}

function presentRefund(refund: StandInRefund) {
  return {
    id: refund.id,
    state: refund.state,
    invoice: refund.invoice,
    amount: refund.amount,
    currency: refund.currency,
    created: refund.created,
    error: refund.error,
    type: 'card',
  };
}

function presentPlan(plan: StandInPlan) {
  return {
    handle: plan.handle,
    name: plan.name,
    state: plan.state,
    version: 1,
    amount: plan.amount,
    currency: plan.currency,
    vat: plan.vat,
    amount_incl_vat: true,
    quantity: 1,
    schedule_type: plan.scheduleType,
    interval_length: plan.intervalLength,
    created: plan.created,
  };
}

function presentSubscription(subscription: StandInSubscription, paymentInfoUrl: string) {
  return {
    handle: subscription.handle,
    customer: subscription.customer,
    plan: subscription.plan,
    state: subscription.state,
    quantity: subscription.quantity,
    is_cancelled: subscription.isCancelled,
    renewing: subscription.renewing,
    created: subscription.created,
    activated: subscription.created,
    current_period_start: subscription.currentPeriodStart,
    next_period_start: subscription.nextPeriodStart,
    expires: subscription.expires,
    cancelled_date: subscription.cancelledDate,
    expired_date: subscription.expiredDate,
    in_trial: false,
    hosted_page_links: { payment_info: `${paymentInfoUrl}/${encodeURIComponent(subscription.handle)}` },
  };
}

// ---- request bodies ------------------------------------------------------------------------

const HANDLE = /^[a-zA-Z0-9_.\-@]{1,255}$/;
const CURRENCIES = ['DKK', 'NOK', 'EUR', 'SEK'] as const;

const CustomerSchema = z.object({
  handle: z.string().regex(HANDLE),
  email: z.email(),
  first_name: z.string().max(255).nullish(),
  last_name: z.string().max(255).nullish(),
});

const OrderLineSchema = z.object({
  ordertext: z.string().min(1).max(1024),
  amount: z.number().int().min(0),
  quantity: z.number().int().min(1).default(1),
  vat: z.number().min(0).max(1).default(0.25),
  amount_incl_vat: z.boolean().default(true),
});

const ReturnUrlsSchema = {
  accept_url: z.url().nullish(),
  cancel_url: z.url().nullish(),
  locale: z.string().max(10).nullish(),
  ttl: z
    .string()
    .regex(/^P(T\d+[SMH]|\d+D)$/)
    .nullish(),
};

const ChargeSessionSchema = z.object({
  order: z
    .object({
      handle: z.string().regex(HANDLE),
      key: z.string().min(1).max(255).nullish(),
      amount: z.number().int().min(1).nullish(),
      order_lines: z.array(OrderLineSchema).min(1).max(100).nullish(),
      currency: z.enum(CURRENCIES).default('DKK'),
      customer: CustomerSchema.nullish(),
      customer_handle: z.string().regex(HANDLE).nullish(),
      ordertext: z.string().max(1024).nullish(),
    })
    .refine((order) => Boolean(order.amount) !== Boolean(order.order_lines), {
      error: 'amount or order_lines, not both',
    }),
  settle: z.boolean().default(false),
  recurring: z.boolean().default(false),
  ...ReturnUrlsSchema,
});

const SubscriptionSessionSchema = z.object({
  prepare_subscription: z.object({
    plan: z.string().regex(HANDLE),
    handle: z.string().regex(HANDLE),
    create_customer: CustomerSchema.nullish(),
    customer: z.string().regex(HANDLE).nullish(),
    quantity: z.number().int().min(1).max(10_000).default(1),
  }),
  ...ReturnUrlsSchema,
});

const SettleSchema = z.object({
  key: z.string().max(255).nullish(),
  amount: z.number().int().min(1).nullish(),
});
const RefundSchema = z.object({
  invoice: z.string().min(1).max(255),
  key: z.string().min(1).max(255).nullish(),
  amount: z.number().int().min(1).nullish(),
  text: z.string().max(1024).nullish(),
});
const PlanSchema = z.object({
  handle: z.string().regex(HANDLE),
  name: z.string().min(1).max(255),
  amount: z.number().int().min(0),
  currency: z.enum(CURRENCIES).default('DKK'),
  vat: z.number().min(0).max(1).default(0.25),
  schedule_type: z.enum([
    'manual',
    'daily',
    'weekly_fixedday',
    'month_startdate',
    'month_fixedday',
    'month_lastday',
  ]),
  interval_length: z.number().int().min(1).max(120).default(1),
});

/** PUT /v1/subscription/{handle}: the stand-in changes the quantity only, billed prorated. */
const ChangeSubscriptionSchema = z.object({
  timing: z.enum(['immediate', 'renewal']),
  quantity: z.number().int().min(1).max(10_000),
  billing: z.literal('prorated', { error: 'the stand-in bills prorated only' }).default('prorated'),
});

const CardFormSchema = z.object({
  card: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvv: z.string().max(4).default(''),
});

// ---- helpers -----------------------------------------------------------------------------

function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: number | null,
  error: string,
) {
  return reply.code(status).send({
    ...(code === null ? {} : { code }),
    error,
    message: error,
    path: request.url.split('?')[0],
    timestamp: new Date().toISOString(),
    http_status: status,
    http_reason:
      status === 401
        ? 'Unauthorized'
        : status === 404
          ? 'Not Found'
          : status >= 500
            ? 'Service Unavailable'
            : 'Bad Request',
    request_id: reply.getHeader('request-id'),
  });
}

function invalid(error: z.ZodError): ReepayStandInError {
  const issue = error.issues[0];
  return new ReepayStandInError(
    400,
    null,
    `Validation error: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
  );
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

const lines = (
  amount: number | null | undefined,
  orderLines: z.infer<typeof OrderLineSchema>[] | null | undefined,
  ordertext: string | null | undefined,
) =>
  orderLines
    ? orderLines.map((line) => ({
        ordertext: line.ordertext,
        // amount_incl_vat false: the stand-in keeps every amount including VAT, as the invoice shows it.
        amount: line.amount_incl_vat ? line.amount : Math.round(line.amount * (1 + line.vat)),
        quantity: line.quantity,
        vat: line.vat,
      }))
    : [{ ordertext: ordertext ?? 'Order', amount: amount ?? 0, quantity: 1, vat: 0.25 }];

export interface ReepayStandInRoutesOptions {
  standIn: ReepayStandIn;
  /** Where the routes are mounted (for links in the pages), e.g. /dev/reepay */
  prefix: string;
}

export async function reepayStandInRoutes(
  app: FastifyInstance,
  options: ReepayStandInRoutesOptions,
): Promise<void> {
  const { standIn, prefix } = options;
  const stylesheet = `${prefix}/stand-in.css`;

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('request-id', randomUUID());
  });
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ReepayStandInError)
      return sendError(reply, request, error.httpStatus, error.code, error.error);
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status < 500) return sendError(reply, request, status, null, (error as Error).message);
    request.log.error({ err: error }, 'reepay stand-in failed');
    return sendError(reply, request, 500, null, 'Internal error');
  });

  serveStandInStyle(app);

  // ---- the two APIs, behind Basic auth with the private key -----------------------------

  const expected = `Basic ${Buffer.from(`${standIn.privateKey}:`).toString('base64')}`;
  const apis = async (api: FastifyInstance) => {
    api.addHook('onRequest', async (request, reply) => {
      if (standIn.isDown) return sendError(reply, request, 503, null, 'Service Unavailable');
      if (request.headers.authorization !== expected)
        return sendError(reply, request, 401, null, 'Unauthorized');
    });
  };

  await app.register(
    async (checkout) => {
      await apis(checkout);
      checkout.post('/v1/session/charge', { schema: { hide: true } }, async (request) => {
        const body = parse(ChargeSessionSchema, request.body);
        return standIn.createChargeSession({
          handle: body.order.handle,
          key: body.order.key ?? null,
          currency: body.order.currency,
          amount:
            body.order.amount ??
            (body.order.order_lines ?? []).reduce(
              (sum, line) =>
                sum +
                (line.amount_incl_vat ? line.amount : Math.round(line.amount * (1 + line.vat))) *
                  line.quantity,
              0,
            ),
          orderLines: lines(body.order.amount, body.order.order_lines, body.order.ordertext),
          customer: body.order.customer
            ? {
                handle: body.order.customer.handle,
                email: body.order.customer.email,
                firstName: body.order.customer.first_name ?? null,
                lastName: body.order.customer.last_name ?? null,
              }
            : null,
          customerHandle: body.order.customer_handle ?? null,
          settle: body.settle,
          recurring: body.recurring,
          acceptUrl: body.accept_url ?? null,
          cancelUrl: body.cancel_url ?? null,
          locale: body.locale ?? null,
          ttl: body.ttl ?? null,
        });
      });
      checkout.post('/v1/session/subscription', { schema: { hide: true } }, async (request) => {
        const body = parse(SubscriptionSessionSchema, request.body);
        const prepared = body.prepare_subscription;
        return standIn.createSubscriptionSession({
          plan: prepared.plan,
          handle: prepared.handle,
          customer: prepared.create_customer
            ? {
                handle: prepared.create_customer.handle,
                email: prepared.create_customer.email,
                firstName: prepared.create_customer.first_name ?? null,
                lastName: prepared.create_customer.last_name ?? null,
              }
            : null,
          customerHandle: prepared.customer ?? null,
          quantity: prepared.quantity,
          acceptUrl: body.accept_url ?? null,
          cancelUrl: body.cancel_url ?? null,
          locale: body.locale ?? null,
          ttl: body.ttl ?? null,
        });
      });
      checkout.delete('/v1/session/:id', { schema: { hide: true } }, async (request, reply) => {
        standIn.deleteSession((request.params as { id: string }).id);
        return reply.code(200).send({});
      });
    },
    { prefix: '/checkout-api' },
  );

  await app.register(
    async (api) => {
      await apis(api);
      const handleOf = (request: FastifyRequest) => (request.params as { handle: string }).handle;
      api.get('/v1/invoice/:handle', { schema: { hide: true } }, async (request) =>
        presentInvoice(standIn.requireInvoice(handleOf(request))),
      );
      api.get('/v1/charge/:handle', { schema: { hide: true } }, async (request) =>
        presentCharge(standIn.requireInvoice(handleOf(request))),
      );
      api.post('/v1/charge/:handle/settle', { schema: { hide: true } }, async (request) => {
        const body = parse(SettleSchema, request.body);
        return presentCharge(standIn.settleCharge(handleOf(request), body.amount ?? null));
      });
      api.post('/v1/charge/:handle/cancel', { schema: { hide: true } }, async (request) =>
        presentCharge(standIn.cancelCharge(handleOf(request))),
      );
      api.post('/v1/refund', { schema: { hide: true } }, async (request) => {
        const body = parse(RefundSchema, request.body);
        return presentRefund(
          standIn.refund({
            invoice: body.invoice,
            key: body.key ?? null,
            amount: body.amount ?? null,
            text: body.text ?? null,
          }),
        );
      });
      api.get('/v1/refund/:id', { schema: { hide: true } }, async (request) => {
        const refund = standIn.refunds.get((request.params as { id: string }).id);
        if (!refund) throw new ReepayStandInError(404, null, 'Refund not found');
        return presentRefund(refund);
      });
      api.post('/v1/plan', { schema: { hide: true } }, async (request) => {
        const body = parse(PlanSchema, request.body);
        return presentPlan(
          standIn.createPlan({
            handle: body.handle,
            name: body.name,
            amount: body.amount,
            currency: body.currency,
            vat: body.vat,
            scheduleType: body.schedule_type,
            intervalLength: body.interval_length,
          }),
        );
      });
      api.get('/v1/plan/:handle/current', { schema: { hide: true } }, async (request) => {
        const plan = standIn.plans.get(handleOf(request));
        if (!plan) throw new ReepayStandInError(404, null, 'Plan not found');
        return presentPlan(plan);
      });
      api.get('/v1/subscription/:handle', { schema: { hide: true } }, async (request) =>
        presentSubscription(standIn.requireSubscription(handleOf(request)), standIn.paymentInfoUrl),
      );
      api.post('/v1/subscription/:handle/cancel', { schema: { hide: true } }, async (request) =>
        presentSubscription(standIn.cancelSubscription(handleOf(request)), standIn.paymentInfoUrl),
      );
      api.put('/v1/subscription/:handle', { schema: { hide: true } }, async (request) => {
        const body = parse(ChangeSubscriptionSchema, request.body);
        return presentSubscription(
          standIn.changeQuantity(handleOf(request), body.quantity, body.timing),
          standIn.paymentInfoUrl,
        );
      });
      api.post('/v1/subscription/:handle/uncancel', { schema: { hide: true } }, async (request) =>
        presentSubscription(standIn.uncancelSubscription(handleOf(request)), standIn.paymentInfoUrl),
      );
    },
    { prefix: '/api' },
  );

  // ---- the hosted window -----------------------------------------------------------------

  await app.register(async (pages) => {
    acceptFormPosts(pages);

    const html = (
      reply: FastifyReply,
      status: number,
      language: StandInLanguage,
      title: string,
      body: string,
    ) => sendStandInPage(reply, status, { language, title, stylesheet, body });

    const notFound = (request: FastifyRequest, reply: FastifyReply) => {
      const language = standInLanguage(request, null);
      return html(
        reply,
        404,
        language,
        say(language, 'title'),
        alertBody(say(language, 'title'), say(language, 'notFound')),
      );
    };

    function testCardsHelp(language: StandInLanguage): string {
      const cards = Object.entries(REEPAY_TEST_CARDS)
        .map(
          ([number, type]) =>
            `<li><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> (${escapeHtml(type)})</li>`,
        )
        .join('');
      const outcomes = [
        'outcome001',
        'outcome002',
        'outcome003',
        'outcome004',
        'outcome005',
        'outcome006',
        'outcomeAccepted',
      ]
        .map((key) => `<li>${escapeHtml(say(language, key))}</li>`)
        .join('');
      return `<details><summary>${escapeHtml(say(language, 'testCards'))}</summary>
<p class="note">${escapeHtml(say(language, 'testCardsLead'))}</p><ul class="note">${outcomes}</ul><ul class="note">${cards}</ul></details>`;
    }

    function cardFields(language: StandInLanguage, values: { card: string; expiry: string }): string {
      return `<label for="card">${escapeHtml(say(language, 'cardNumber'))}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required value="${escapeHtml(values.card)}">
<div class="row"><div><label for="expiry">${escapeHtml(say(language, 'expiry'))} <span class="hint">${escapeHtml(say(language, 'expiryHint'))}</span></label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="${escapeHtml(say(language, 'expiryHint'))}" required value="${escapeHtml(values.expiry)}"></div>
<div><label for="cvv">${escapeHtml(say(language, 'cvv'))} <span class="hint">${escapeHtml(say(language, 'cvvHint'))}</span></label>
<input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></div></div>`;
    }

    function windowPage(
      language: StandInLanguage,
      session: StandInSession,
      error: string | null,
      values: { card: string; expiry: string },
    ): string {
      const action = `${prefix}/checkout/${encodeURIComponent(session.id)}`;
      let summary: string;
      let payLabel: string;
      if (session.kind === 'charge') {
        const order = standIn.pendingOrderOf(session.id);
        const rows = (order?.orderLines ?? [])
          .map(
            (line) =>
              `<tr><td>${escapeHtml(line.ordertext)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}</td><td class="amount">${escapeHtml(formatAmount(language, line.amount * line.quantity, order?.currency ?? 'DKK'))}</td></tr>`,
          )
          .join('');
        const total = formatAmount(language, order?.amount ?? 0, order?.currency ?? 'DKK');
        summary = `<h2>${escapeHtml(say(language, 'order', { handle: session.invoice ?? '' }))}</h2>
<table><tbody>${rows}</tbody><tfoot><tr><th scope="row">${escapeHtml(say(language, 'total'))}</th><td class="amount">${escapeHtml(total)}</td></tr></tfoot></table>`;
        payLabel = say(language, 'pay', { amount: total });
      } else {
        const plan = standIn.plans.get(session.plan ?? '');
        const total = formatAmount(language, (plan?.amount ?? 0) * session.quantity, plan?.currency ?? 'DKK');
        summary = `<h2>${escapeHtml(say(language, 'subscription'))}</h2>
<table><tbody><tr><td>${escapeHtml(plan?.name ?? '')}</td><td class="amount">${escapeHtml(say(language, 'quantity'))}: ${session.quantity}</td></tr></tbody>
<tfoot><tr><th scope="row">${escapeHtml(say(language, 'total'))} (${escapeHtml(say(language, 'perPeriod'))})</th><td class="amount">${escapeHtml(total)}</td></tr></tfoot></table>`;
        payLabel = say(language, 'subscribe', { amount: total });
      }
      const alert = error
        ? `<div role="alert" class="alert" id="payment-error">${escapeHtml(error)}</div>`
        : '';
      return `<p><span class="badge">TEST</span></p>
<h1>${escapeHtml(say(language, 'title'))}</h1>
<p>${escapeHtml(say(language, 'lead'))}</p>
<div class="card">${summary}</div>
${alert}
<form method="post" action="${action}"${error ? ' aria-describedby="payment-error"' : ''}>
${cardFields(language, values)}
<button class="primary" type="submit">${escapeHtml(payLabel)}</button>
</form>
<form method="post" action="${action}/cancel"><button class="secondary" type="submit">${escapeHtml(say(language, 'cancel'))}</button></form>
${testCardsHelp(language)}`;
    }

    const IdParams = z.object({ id: z.string().min(1).max(100) });

    pages.get('/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
      const params = IdParams.safeParse(request.params);
      const session = params.success ? standIn.sessions.get(params.data.id) : undefined;
      if (!session) return notFound(request, reply);
      const language = standInLanguage(request, session.locale);
      if (session.state !== 'open') {
        return html(
          reply,
          410,
          language,
          say(language, 'title'),
          alertBody(say(language, 'title'), say(language, 'session_closed')),
        );
      }
      return html(
        reply,
        200,
        language,
        say(language, 'title'),
        windowPage(language, session, null, { card: '', expiry: '' }),
      );
    });

    pages.post('/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
      const params = IdParams.safeParse(request.params);
      const session = params.success ? standIn.sessions.get(params.data.id) : undefined;
      if (!session) return notFound(request, reply);
      const language = standInLanguage(request, session.locale);
      const form = CardFormSchema.safeParse(request.body ?? {});
      const values = form.success ? form.data : { card: '', expiry: '', cvv: '' };
      const result = standIn.pay(session.id, values);
      if (result.result === 'redirect') return reply.redirect(result.url, 303);
      const message = say(language, result.error, { reason: result.detail ?? '' });
      if (result.error === 'session_closed') {
        return html(reply, 410, language, say(language, 'title'), alertBody(say(language, 'title'), message));
      }
      return html(
        reply,
        400,
        language,
        say(language, 'title'),
        windowPage(language, session, message, values),
      );
    });

    pages.post('/checkout/:id/cancel', { schema: { hide: true } }, async (request, reply) => {
      const params = IdParams.safeParse(request.params);
      const result = params.success ? standIn.cancelInWindow(params.data.id) : null;
      if (!result) return notFound(request, reply);
      if (result.result === 'redirect') return reply.redirect(result.url, 303);
      const language = standInLanguage(request, null);
      return html(
        reply,
        410,
        language,
        say(language, 'title'),
        alertBody(say(language, 'title'), say(language, 'session_closed')),
      );
    });

    // The customer's card page of a subscription (hosted_page_links.payment_info).
    const HandleParams = z.object({ handle: z.string().regex(HANDLE) });
    const cardPage = (
      language: StandInLanguage,
      subscription: StandInSubscription,
      message: { ok: boolean; text: string } | null,
    ) => {
      const action = `${prefix}/payment-info/${encodeURIComponent(subscription.handle)}`;
      const notice = message
        ? `<div role="${message.ok ? 'status' : 'alert'}" class="${message.ok ? 'ok' : 'alert'}">${escapeHtml(message.text)}</div>`
        : '';
      return `<p><span class="badge">TEST</span></p>
<h1>${escapeHtml(say(language, 'changeCardTitle'))}</h1>
<p>${escapeHtml(say(language, 'changeCardLead'))}</p>
${subscription.card ? `<p>${escapeHtml(say(language, 'currentCard', { card: subscription.card.masked }))}</p>` : ''}
${notice}
<form method="post" action="${action}">${cardFields(language, { card: '', expiry: '' })}
<button class="primary" type="submit">${escapeHtml(say(language, 'saveCard'))}</button></form>
${testCardsHelp(language)}`;
    };

    pages.get('/payment-info/:handle', { schema: { hide: true } }, async (request, reply) => {
      const params = HandleParams.safeParse(request.params);
      const subscription = params.success ? standIn.subscriptions.get(params.data.handle) : undefined;
      if (!subscription || subscription.state === 'expired') return notFound(request, reply);
      const language = standInLanguage(request, null);
      return html(
        reply,
        200,
        language,
        say(language, 'changeCardTitle'),
        cardPage(language, subscription, null),
      );
    });

    pages.post('/payment-info/:handle', { schema: { hide: true } }, async (request, reply) => {
      const params = HandleParams.safeParse(request.params);
      const subscription = params.success ? standIn.subscriptions.get(params.data.handle) : undefined;
      if (!subscription || subscription.state === 'expired') return notFound(request, reply);
      const language = standInLanguage(request, null);
      const form = CardFormSchema.safeParse(request.body ?? {});
      const outcome = standIn.changeCard(
        subscription.handle,
        form.success ? form.data : { card: '', expiry: '', cvv: '' },
      );
      const text =
        outcome === 'changed' ? say(language, 'cardChanged') : say(language, outcome, { reason: '' });
      return html(
        reply,
        outcome === 'changed' ? 200 : 400,
        language,
        say(language, 'changeCardTitle'),
        cardPage(language, subscription, { ok: outcome === 'changed', text }),
      );
    });
  });

  // ---- test hooks ------------------------------------------------------------------------

  app.get('/webhooks', { schema: { hide: true } }, async () => ({
    webhooks: [...standIn.deliveries.values()].map((delivery) => ({
      id: delivery.id,
      event_id: delivery.eventId,
      event_type: delivery.eventType,
      customer: delivery.customer,
      state: delivery.state,
      attempts: delivery.attempts,
      last_status: delivery.lastStatus,
      body: delivery.body,
    })),
  }));
  app.post('/webhooks/resend/:id', { schema: { hide: true } }, async (request, reply) => {
    const copy = standIn.resend((request.params as { id: string }).id);
    return reply.code(202).send({ id: copy.id, event_id: copy.eventId });
  });
  app.post('/delayed-confirmations/complete', { schema: { hide: true } }, async () => ({
    completed: standIn.completeDelayedConfirmations(),
  }));
  app.post('/outage', { schema: { hide: true } }, async (request) => {
    const body = parse(z.object({ down: z.boolean() }), request.body);
    standIn.setDown(body.down);
    return { down: standIn.isDown };
  });
  app.post('/subscriptions/:handle/renew', { schema: { hide: true } }, async (request) => {
    const body = parse(z.object({ fail: z.boolean().default(false) }), request.body);
    const { subscription, invoice } = standIn.renewSubscription(
      (request.params as { handle: string }).handle,
      body.fail,
    );
    return {
      subscription: presentSubscription(subscription, standIn.paymentInfoUrl),
      invoice: invoice ? presentInvoice(invoice) : null,
    };
  });
  app.post('/subscriptions/:handle/expire-dunning', { schema: { hide: true } }, async (request) =>
    presentSubscription(
      standIn.expireAfterDunning((request.params as { handle: string }).handle),
      standIn.paymentInfoUrl,
    ),
  );
}
