import { z } from 'zod';
import {
  callProvider,
  PaymentProviderError,
  type ProviderAnswer,
  type ProviderFetch,
  readAnswer,
} from '../provider-http.ts';

/**
 * The Reepay/Frisbii adapter (payments.md §1): the Checkout API for payment window sessions and
 * the REST API for invoices, charges, refunds, plans and subscriptions, with HTTP Basic auth (the
 * private key as user, empty password). Idempotency is a `key` field of the body, not a header
 * (§1.6). It talks to the real provider or to the built-in stand-in the same way.
 *
 * Failures: no answer, a timeout or a 5xx is PaymentProviderError `payment_provider_unavailable`
 * (503); a 4xx is `payment_provider_rejected` (502) carrying Reepay's error `code` (e.g. 105
 * invoice already authorized, 79 already settled) in `providerCode`. A lookup that finds nothing
 * answers null.
 */

export interface ReepayClientOptions {
  privateKey: string;
  /** REST API base, e.g. https://api.reepay.com */
  apiUrl: string;
  /** Checkout API base, e.g. https://checkout-api.reepay.com */
  checkoutApiUrl: string;
  fetch?: ProviderFetch;
  /** A call taking longer is abandoned as payment_provider_unavailable. */
  timeoutMs?: number;
}

export const REEPAY_INVOICE_STATES = [
  'created',
  'pending',
  'dunning',
  'settled',
  'cancelled',
  'authorized',
  'failed',
] as const;
export type ReepayInvoiceState = (typeof REEPAY_INVOICE_STATES)[number];

export interface ReepayOrderLine {
  ordertext: string;
  /** Per unit, minor units, including VAT. */
  amount: number;
  quantity: number;
  /** e.g. 0.25 */
  vat: number;
}

/**
 * Who pays: a customer to create at Reepay (our stable handle for the buyer and their details),
 * or one Reepay already has (`existing: true`, e.g. after an earlier purchase), named by handle.
 */
export type ReepayCustomerInput =
  | { handle: string; email: string; firstName?: string; lastName?: string; existing?: false }
  | { handle: string; existing: true };

export interface CreateChargeSessionInput {
  /** The invoice handle: our order's handle (≤ 255 of [a-zA-Z0-9_.-@]; ≤ 20 recommended). */
  handle: string;
  /** Repeating a request with the same key and handle yields the same result (§1.6). */
  idempotencyKey: string;
  currency: 'DKK' | 'NOK' | 'EUR' | 'SEK';
  orderLines: ReepayOrderLine[];
  customer: ReepayCustomerInput;
  acceptUrl: string;
  cancelUrl: string;
  /** Settle at once (services delivered now) or only authorize (goods settled on shipment). */
  settle: boolean;
  /** Also store the card for later charges. */
  recurring?: boolean;
  /** e.g. da_DK, nb_NO, en_GB */
  locale?: string;
  /** How long the window may be used (ISO 8601, e.g. PT30M); the provider's default is three months. */
  ttl?: string;
  ordertext?: string;
  metadata?: Record<string, string>;
}

export interface ReepaySession {
  id: string;
  /** The hosted payment window to send the browser to. */
  url: string;
}

export interface ReepayTransaction {
  id: string;
  state: string;
  type: string;
  amount: number;
  created: string;
  cardType: string | null;
  maskedCard: string | null;
  error: string | null;
}

export interface ReepayInvoice {
  id: string;
  handle: string;
  state: ReepayInvoiceState;
  /** ch charge, s subscription recurring, so/soi subscription one-time, co customer one-time. */
  type: string;
  amount: number;
  currency: string;
  customer: string;
  subscription: string | null;
  /** An asynchronous payment is awaiting its result. */
  processing: boolean;
  authorizedAmount: number;
  settledAmount: number;
  refundedAmount: number;
  created: string;
  authorized: string | null;
  settled: string | null;
  cancelled: string | null;
  failed: string | null;
  transactions: ReepayTransaction[];
}

export interface ReepayRefund {
  id: string;
  state: 'refunded' | 'failed' | 'processing';
  invoice: string;
  amount: number;
  currency: string;
  error: string | null;
}

export interface ReepayPlan {
  handle: string;
  name: string;
  state: 'active' | 'superseded' | 'deleted';
  amount: number;
  currency: string;
  vat: number;
  scheduleType: string;
  intervalLength: number;
}

export interface CreatePlanInput {
  handle: string;
  name: string;
  /** Per period, minor units, including VAT. */
  amount: number;
  currency: 'DKK' | 'NOK' | 'EUR' | 'SEK';
  vat: number;
  /** Billing: every `intervalLength` months from the start date. */
  intervalMonths: number;
}

export interface ReepaySubscription {
  handle: string;
  customer: string;
  plan: string;
  state: 'active' | 'expired' | 'on_hold';
  quantity: number;
  /** Cancelled: stays `active` until `expires` (end of the period). */
  isCancelled: boolean;
  renewing: boolean;
  currentPeriodStart: string | null;
  /** The end of the current period (the next invoice date). */
  nextPeriodStart: string | null;
  expires: string | null;
  cancelledDate: string | null;
  expiredDate: string | null;
  /** The hosted page where the customer changes the card (hosted_page_links.payment_info). */
  paymentInfoUrl: string | null;
}

export interface CreateSubscriptionSessionInput {
  /** Our handle for the new subscription. */
  handle: string;
  plan: string;
  customer: ReepayCustomerInput;
  quantity?: number;
  acceptUrl: string;
  cancelUrl: string;
  locale?: string;
  /** How long the window may be used (ISO 8601, e.g. PT30M); the provider's default is three months. */
  ttl?: string;
  metadata?: Record<string, string>;
}

export interface ReepayClient {
  /** POST /v1/session/charge: a one-off payment in the hosted window. */
  createChargeSession(input: CreateChargeSessionInput): Promise<ReepaySession>;
  /** POST /v1/session/subscription with prepare_subscription: sign up and store the card. */
  createSubscriptionSession(input: CreateSubscriptionSessionInput): Promise<ReepaySession>;
  /** GET /v1/invoice/{handle}; null when there is none (no payment attempt yet). */
  getInvoice(handle: string): Promise<ReepayInvoice | null>;
  /** POST /v1/charge/{handle}/settle: settle an authorized charge (all, or `amount`). */
  settleCharge(handle: string, options: { idempotencyKey: string; amount?: number }): Promise<ReepayInvoice>;
  /** POST /v1/charge/{handle}/cancel: release an authorization. */
  cancelCharge(handle: string): Promise<ReepayInvoice>;
  /** POST /v1/refund: refund a settled invoice, in full or `amount`; one refund per key. */
  refund(input: {
    invoice: string;
    idempotencyKey: string;
    amount?: number;
    text?: string;
  }): Promise<ReepayRefund>;
  /** GET /v1/plan/{handle}/current; null when there is no such plan. */
  getPlan(handle: string): Promise<ReepayPlan | null>;
  /** POST /v1/plan. */
  createPlan(input: CreatePlanInput): Promise<ReepayPlan>;
  /** GET /v1/subscription/{handle}; null when there is none. */
  getSubscription(handle: string): Promise<ReepaySubscription | null>;
  /** POST /v1/subscription/{handle}/cancel: ends at the end of the current period. */
  cancelSubscription(handle: string): Promise<ReepaySubscription>;
  /** POST /v1/subscription/{handle}/uncancel: undo a cancellation before the period ends. */
  uncancelSubscription(handle: string): Promise<ReepaySubscription>;
  /**
   * PUT /v1/subscription/{handle}: a new quantity (a bike more on a FAMILY or ORGANISATION plan).
   * `immediate` bills the rest of the current period prorated to the stored card; `renewal` waits
   * for the next period.
   */
  changeSubscriptionQuantity(
    handle: string,
    change: { quantity: number; timing: 'immediate' | 'renewal' },
  ): Promise<ReepaySubscription>;
}

const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const nullableNumber = z
  .number()
  .nullish()
  .transform((value) => value ?? 0);

const SessionSchema = z.object({ id: z.string().min(1), url: z.string().url() });

const TransactionSchema = z.object({
  id: z.string(),
  state: z.string(),
  type: z.string(),
  amount: z.number().int(),
  created: z.string(),
  card_transaction: z
    .object({ card_type: nullableText, masked_card: nullableText, error: nullableText })
    .nullish(),
});

const InvoiceSchema = z.object({
  id: z.string(),
  handle: z.string(),
  state: z.enum(REEPAY_INVOICE_STATES),
  type: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  customer: z.string(),
  subscription: nullableText,
  processing: z.boolean().nullish(),
  authorized_amount: nullableNumber,
  settled_amount: nullableNumber,
  refunded_amount: nullableNumber,
  created: z.string(),
  authorized: nullableText,
  settled: nullableText,
  cancelled: nullableText,
  failed: nullableText,
  transactions: z.array(TransactionSchema).nullish(),
});

const RefundSchema = z.object({
  id: z.string(),
  state: z.enum(['refunded', 'failed', 'processing']),
  invoice: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  error: nullableText,
});

const PlanSchema = z.object({
  handle: z.string(),
  name: z.string(),
  state: z.enum(['active', 'superseded', 'deleted']),
  amount: z.number().int(),
  currency: z.string(),
  vat: z.number(),
  schedule_type: z.string(),
  interval_length: z.number().int(),
});

const SubscriptionSchema = z.object({
  handle: z.string(),
  customer: z.string(),
  plan: z.string(),
  state: z.enum(['active', 'expired', 'on_hold']),
  quantity: z.number().int(),
  is_cancelled: z.boolean(),
  renewing: z.boolean(),
  current_period_start: nullableText,
  next_period_start: nullableText,
  expires: nullableText,
  cancelled_date: nullableText,
  expired_date: nullableText,
  hosted_page_links: z.object({ payment_info: nullableText }).nullish(),
});

/** Reepay's error body: `{code, error, message, http_status, request_id, …}`. */
const ErrorBodySchema = z.object({
  code: z.union([z.number(), z.string()]).nullish(),
  error: z.string().nullish(),
  message: z.string().nullish(),
});

function presentInvoice(raw: z.infer<typeof InvoiceSchema>): ReepayInvoice {
  return {
    id: raw.id,
    handle: raw.handle,
    state: raw.state,
    type: raw.type,
    amount: raw.amount,
    currency: raw.currency,
    customer: raw.customer,
    subscription: raw.subscription,
    processing: raw.processing ?? false,
    authorizedAmount: raw.authorized_amount,
    settledAmount: raw.settled_amount,
    refundedAmount: raw.refunded_amount,
    created: raw.created,
    authorized: raw.authorized,
    settled: raw.settled,
    cancelled: raw.cancelled,
    failed: raw.failed,
    transactions: (raw.transactions ?? []).map((transaction) => ({
      id: transaction.id,
      state: transaction.state,
      type: transaction.type,
      amount: transaction.amount,
      created: transaction.created,
      cardType: transaction.card_transaction?.card_type ?? null,
      maskedCard: transaction.card_transaction?.masked_card ?? null,
      error: transaction.card_transaction?.error ?? null,
    })),
  };
}

function presentSubscription(raw: z.infer<typeof SubscriptionSchema>): ReepaySubscription {
  return {
    handle: raw.handle,
    customer: raw.customer,
    plan: raw.plan,
    state: raw.state,
    quantity: raw.quantity,
    isCancelled: raw.is_cancelled,
    renewing: raw.renewing,
    currentPeriodStart: raw.current_period_start,
    nextPeriodStart: raw.next_period_start,
    expires: raw.expires,
    cancelledDate: raw.cancelled_date,
    expiredDate: raw.expired_date,
    paymentInfoUrl: raw.hosted_page_links?.payment_info ?? null,
  };
}

function presentPlan(raw: z.infer<typeof PlanSchema>): ReepayPlan {
  return {
    handle: raw.handle,
    name: raw.name,
    state: raw.state,
    amount: raw.amount,
    currency: raw.currency,
    vat: raw.vat,
    scheduleType: raw.schedule_type,
    intervalLength: raw.interval_length,
  };
}

function newCustomerBody(customer: Exclude<ReepayCustomerInput, { existing: true }>) {
  return {
    handle: customer.handle,
    email: customer.email,
    ...(customer.firstName ? { first_name: customer.firstName } : {}),
    ...(customer.lastName ? { last_name: customer.lastName } : {}),
  };
}

const segment = (value: string) => encodeURIComponent(value);

export function createReepayClient(options: ReepayClientOptions): ReepayClient {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const authorization = `Basic ${Buffer.from(`${options.privateKey}:`).toString('base64')}`;

  async function call(
    base: 'api' | 'checkout',
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<ProviderAnswer> {
    const root = base === 'api' ? options.apiUrl : options.checkoutApiUrl;
    const answer = await callProvider(
      fetchFn,
      { method, url: `${root}${path}`, headers: { authorization }, ...(body === undefined ? {} : { body }) },
      timeoutMs,
    );
    return answer;
  }

  function rejected(answer: ProviderAnswer): PaymentProviderError {
    const parsed = ErrorBodySchema.safeParse(answer.body);
    const code = parsed.success && parsed.data.code != null ? String(parsed.data.code) : null;
    const message = parsed.success ? (parsed.data.message ?? parsed.data.error ?? null) : null;
    return new PaymentProviderError('payment_provider_rejected', answer.status, code, message);
  }

  const read = <T extends z.ZodType>(schema: T, answer: ProviderAnswer): z.infer<T> =>
    readAnswer(schema, answer, rejected);

  function readOrNull<T extends z.ZodType>(schema: T, answer: ProviderAnswer): z.infer<T> | null {
    return answer.status === 404 ? null : read(schema, answer);
  }

  return {
    async createChargeSession(input) {
      const answer = await call('checkout', 'POST', '/v1/session/charge', {
        order: {
          handle: input.handle,
          key: input.idempotencyKey,
          currency: input.currency,
          ...(input.customer.existing
            ? { customer_handle: input.customer.handle }
            : { customer: newCustomerBody(input.customer) }),
          order_lines: input.orderLines.map((line) => ({
            ordertext: line.ordertext,
            amount: line.amount,
            quantity: line.quantity,
            vat: line.vat,
            amount_incl_vat: true,
          })),
          ...(input.ordertext ? { ordertext: input.ordertext } : {}),
          ...(input.metadata ? { metadata: input.metadata } : {}),
        },
        settle: input.settle,
        ...(input.recurring ? { recurring: true } : {}),
        accept_url: input.acceptUrl,
        cancel_url: input.cancelUrl,
        ...(input.locale ? { locale: input.locale } : {}),
        ...(input.ttl ? { ttl: input.ttl } : {}),
      });
      return read(SessionSchema, answer);
    },

    async createSubscriptionSession(input) {
      const answer = await call('checkout', 'POST', '/v1/session/subscription', {
        prepare_subscription: {
          plan: input.plan,
          handle: input.handle,
          ...(input.customer.existing
            ? { customer: input.customer.handle }
            : { create_customer: newCustomerBody(input.customer) }),
          ...(input.quantity === undefined ? {} : { quantity: input.quantity }),
          ...(input.metadata ? { metadata: input.metadata } : {}),
        },
        accept_url: input.acceptUrl,
        cancel_url: input.cancelUrl,
        ...(input.locale ? { locale: input.locale } : {}),
        ...(input.ttl ? { ttl: input.ttl } : {}),
      });
      return read(SessionSchema, answer);
    },

    async getInvoice(handle) {
      const raw = readOrNull(InvoiceSchema, await call('api', 'GET', `/v1/invoice/${segment(handle)}`));
      return raw ? presentInvoice(raw) : null;
    },

    async settleCharge(handle, settleOptions) {
      const answer = await call('api', 'POST', `/v1/charge/${segment(handle)}/settle`, {
        key: settleOptions.idempotencyKey,
        ...(settleOptions.amount === undefined ? {} : { amount: settleOptions.amount }),
      });
      read(z.object({ handle: z.string() }), answer);
      return presentInvoice(read(InvoiceSchema, await call('api', 'GET', `/v1/invoice/${segment(handle)}`)));
    },

    async cancelCharge(handle) {
      read(
        z.object({ handle: z.string() }),
        await call('api', 'POST', `/v1/charge/${segment(handle)}/cancel`),
      );
      return presentInvoice(read(InvoiceSchema, await call('api', 'GET', `/v1/invoice/${segment(handle)}`)));
    },

    async refund(input) {
      const answer = await call('api', 'POST', '/v1/refund', {
        invoice: input.invoice,
        key: input.idempotencyKey,
        ...(input.amount === undefined ? {} : { amount: input.amount }),
        ...(input.text ? { text: input.text } : {}),
      });
      return read(RefundSchema, answer);
    },

    async getPlan(handle) {
      const raw = readOrNull(PlanSchema, await call('api', 'GET', `/v1/plan/${segment(handle)}/current`));
      return raw ? presentPlan(raw) : null;
    },

    async createPlan(input) {
      const answer = await call('api', 'POST', '/v1/plan', {
        handle: input.handle,
        name: input.name,
        amount: input.amount,
        currency: input.currency,
        vat: input.vat,
        amount_incl_vat: true,
        schedule_type: 'month_startdate',
        interval_length: input.intervalMonths,
      });
      return presentPlan(read(PlanSchema, answer));
    },

    async getSubscription(handle) {
      const raw = readOrNull(
        SubscriptionSchema,
        await call('api', 'GET', `/v1/subscription/${segment(handle)}`),
      );
      return raw ? presentSubscription(raw) : null;
    },

    async cancelSubscription(handle) {
      const answer = await call('api', 'POST', `/v1/subscription/${segment(handle)}/cancel`, {});
      return presentSubscription(read(SubscriptionSchema, answer));
    },

    async uncancelSubscription(handle) {
      const answer = await call('api', 'POST', `/v1/subscription/${segment(handle)}/uncancel`);
      return presentSubscription(read(SubscriptionSchema, answer));
    },

    async changeSubscriptionQuantity(handle, change) {
      const answer = await call('api', 'PUT', `/v1/subscription/${segment(handle)}`, {
        timing: change.timing,
        quantity: change.quantity,
        billing: 'prorated',
      });
      return presentSubscription(read(SubscriptionSchema, answer));
    },
  };
}
