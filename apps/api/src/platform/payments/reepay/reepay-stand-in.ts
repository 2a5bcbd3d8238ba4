import { randomBytes } from 'node:crypto';
import { createDelayedTasks } from '../delayed-tasks.ts';
import type { ProviderFetch } from '../provider-http.ts';
import { createWebhookSender, type OutgoingWebhook } from '../webhook-sender.ts';
import type { ReepayInvoiceState } from './reepay-client.ts';
import { signReepayWebhook } from './reepay-webhooks.ts';

/**
 * The built-in Reepay/Frisbii stand-in: the provider's state (customers, plans, payment window
 * sessions, invoices, subscriptions, refunds, webhook deliveries) kept in memory per process, and
 * what the provider does with it. reepay-stand-in.routes.ts serves it over HTTP with the real
 * API's paths and shapes; development and test only, never in production.
 */

/** The test cards of payments.md §1.8 (any expiry this month or later), by number. */
export const REEPAY_TEST_CARDS: Readonly<Record<string, string>> = {
  '4111111111111111': 'visa',
  '4571994000062336': 'visa_dk',
  '5019100000000006': 'dankort',
  '4026111111111115': 'visa_elec',
  '5500000000000004': 'mc',
  '340000000000009': 'amex',
  '3530111333300000': 'jcb',
  '6759000000000000': 'maestro',
  '30000000000004': 'diners',
  '6011111111111117': 'discover',
  '6240008631401148': 'china_union_pay',
  '6007220000000004': 'ffk',
};

/** What a test card's CVV does (§1.8); every other CVV authorizes. */
export const REEPAY_TEST_CVV_OUTCOMES: Readonly<Record<string, CardOutcome>> = {
  '001': { kind: 'declined', error: 'credit_card_expired' },
  '002': { kind: 'declined', error: 'declined_by_acquirer' },
  '003': { kind: 'declined', error: 'insufficient_funds' },
  '004': { kind: 'declined', error: 'acquirer_error' },
  '005': { kind: 'declined', error: 'acquirer_communication_error' },
  '006': { kind: 'delayed' },
};

export type CardOutcome = { kind: 'accepted' } | { kind: 'delayed' } | { kind: 'declined'; error: string };

export interface StandInCard {
  type: string;
  masked: string;
  /** ca_… */
  id: string;
}

export interface StandInCustomer {
  handle: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  created: string;
}

export interface StandInOrderLine {
  ordertext: string;
  amount: number;
  quantity: number;
  vat: number;
}

export interface StandInTransaction {
  id: string;
  state: 'pending' | 'authorized' | 'settled' | 'refunded' | 'failed' | 'cancelled';
  type: 'authorization' | 'settle' | 'refund';
  amount: number;
  created: string;
  card: StandInCard | null;
  error: string | null;
}

export interface StandInInvoice {
  id: string;
  handle: string;
  customer: string;
  subscription: string | null;
  plan: string | null;
  type: 'ch' | 's';
  state: ReepayInvoiceState;
  processing: boolean;
  amount: number;
  currency: string;
  orderLines: StandInOrderLine[];
  created: string;
  authorized: string | null;
  settled: string | null;
  cancelled: string | null;
  failed: string | null;
  authorizedAmount: number;
  settledAmount: number;
  refundedAmount: number;
  periodFrom: string | null;
  periodTo: string | null;
  transactions: StandInTransaction[];
}

export interface StandInSession {
  id: string;
  kind: 'charge' | 'subscription';
  state: 'open' | 'completed' | 'cancelled';
  customer: string;
  acceptUrl: string | null;
  cancelUrl: string | null;
  locale: string | null;
  created: string;
  /** Charge sessions. */
  invoice: string | null;
  key: string | null;
  settle: boolean;
  recurring: boolean;
  /** Subscription sessions. */
  subscriptionHandle: string | null;
  plan: string | null;
  quantity: number;
  /** The last card error shown in the window. */
  lastError: string | null;
  /** When the window stops taking payments (the session's ttl); null: the provider's three months. */
  expiresAt: string | null;
}

export interface StandInPlan {
  handle: string;
  name: string;
  state: 'active' | 'superseded' | 'deleted';
  amount: number;
  currency: string;
  vat: number;
  scheduleType: string;
  intervalLength: number;
  created: string;
}

export interface StandInSubscription {
  handle: string;
  customer: string;
  plan: string;
  state: 'active' | 'expired' | 'on_hold';
  quantity: number;
  isCancelled: boolean;
  renewing: boolean;
  currentPeriodStart: string;
  nextPeriodStart: string;
  expires: string | null;
  cancelledDate: string | null;
  expiredDate: string | null;
  created: string;
  card: StandInCard | null;
  /** A quantity that takes effect at the next renewal. */
  pendingQuantity: number | null;
}

export interface StandInRefund {
  id: string;
  state: 'refunded' | 'failed' | 'processing';
  invoice: string;
  amount: number;
  currency: string;
  key: string;
  created: string;
  error: string | null;
}

export interface WebhookDelivery extends OutgoingWebhook {
  id: string;
  eventId: string;
  eventType: string;
  customer: string;
  body: Record<string, string>;
}

/** An error the way Reepay answers one (`code` as in payments.md §1.2 where documented). */
export class ReepayStandInError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number | null,
    readonly error: string,
  ) {
    super(error);
  }
}

export interface ReepayStandInOptions {
  privateKey: string;
  webhookSecret: string;
  /** Where webhooks go (our /api/webshop/webhooks/reepay unless a test says otherwise). */
  webhookUrl: string;
  /** The hosted window's address; a session's url is `${checkoutPageUrl}/${id}`. */
  checkoutPageUrl: string;
  /** The customer's card page of a subscription: `${paymentInfoUrl}/${handle}`. */
  paymentInfoUrl: string;
  /** Sends webhooks. */
  fetch: ProviderFetch;
  /** Wait before a delayed confirmation (CVV 006) completes; 60 s like the provider's test gateway. */
  processingDelayMs?: number;
  /** Waits before each retry of a failed webhook; after the last one the delivery is given up. */
  webhookRetryDelaysMs?: readonly number[];
  now?: () => Date;
}

const DEFAULT_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
/** The endpoint must answer within 10 s (payments.md §1.7). */
const WEBHOOK_TIMEOUT_MS = 10_000;

const hex = (bytes = 16) => randomBytes(bytes).toString('hex');

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

export type ReepayStandIn = ReturnType<typeof createReepayStandIn>;

export function createReepayStandIn(options: ReepayStandInOptions) {
  const now = options.now ?? (() => new Date());
  let webhookUrl = options.webhookUrl;
  let down = false;
  let invoiceNumber = 0;

  const customers = new Map<string, StandInCustomer>();
  const plans = new Map<string, StandInPlan>();
  const sessions = new Map<string, StandInSession>();
  const sessionsByKey = new Map<string, string>();
  const invoices = new Map<string, StandInInvoice>();
  const subscriptions = new Map<string, StandInSubscription>();
  const refunds = new Map<string, StandInRefund>();
  const refundsByKey = new Map<string, string>();
  const deliveries = new Map<string, WebhookDelivery>();
  /** Per customer, FIFO: a failing delivery holds back the ones after it (payments.md §1.7). */
  const sender = createWebhookSender({
    fetch: options.fetch,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
  });
  /** Delayed confirmations waiting for their time (test hook: complete them now). */
  const delayed = createDelayedTasks(options.processingDelayMs ?? 60_000);

  const iso = () => now().toISOString();

  // ---- webhooks --------------------------------------------------------------------------

  function emit(
    eventType: string,
    refs: Partial<Record<'invoice' | 'subscription' | 'transaction' | 'payment_method', string>> & {
      customer: string;
    },
  ): WebhookDelivery {
    const timestamp = iso();
    const id = hex();
    const body: Record<string, string> = {
      id,
      event_id: hex(),
      event_type: eventType,
      timestamp,
      signature: signReepayWebhook(options.webhookSecret, timestamp, id),
      customer: refs.customer,
    };
    for (const name of ['subscription', 'invoice', 'transaction', 'payment_method'] as const) {
      const value = refs[name];
      if (value) body[name] = value;
    }
    const delivery = deliveryOf(id, body.event_id as string, eventType, refs.customer, body);
    deliveries.set(id, delivery);
    sender.send(delivery);
    return delivery;
  }

  function deliveryOf(
    id: string,
    eventId: string,
    eventType: string,
    customer: string,
    body: Record<string, string>,
  ): WebhookDelivery {
    return {
      id,
      eventId,
      eventType,
      customer,
      body,
      queue: customer,
      request: () => ({
        url: webhookUrl,
        headers: { 'content-type': 'application/json', 'user-agent': 'Reepay-Webhook-Stand-In' },
        body: JSON.stringify(body),
      }),
      attempts: 0,
      state: 'queued',
      lastStatus: null,
    };
  }

  // ---- customers, plans ------------------------------------------------------------------

  function upsertCustomer(input: {
    handle: string;
    email: string;
    firstName?: string | null;
    lastName?: string | null;
  }): { customer: StandInCustomer; created: boolean } {
    const existing = customers.get(input.handle);
    if (existing) return { customer: existing, created: false };
    const customer: StandInCustomer = {
      handle: input.handle,
      email: input.email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      created: iso(),
    };
    customers.set(customer.handle, customer);
    return { customer, created: true };
  }

  function requirePlan(handle: string): StandInPlan {
    const plan = plans.get(handle);
    if (plan?.state !== 'active') throw new ReepayStandInError(400, 10, 'Plan not found');
    return plan;
  }

  // ---- sessions --------------------------------------------------------------------------

  function newSession(
    fields: Partial<StandInSession> & Pick<StandInSession, 'kind' | 'customer'>,
  ): StandInSession {
    const session: StandInSession = {
      id: `cs_${hex()}`,
      state: 'open',
      acceptUrl: null,
      cancelUrl: null,
      locale: null,
      created: iso(),
      invoice: null,
      key: null,
      settle: false,
      recurring: false,
      subscriptionHandle: null,
      plan: null,
      quantity: 1,
      lastError: null,
      expiresAt: null,
      ...fields,
    };
    sessions.set(session.id, session);
    return session;
  }

  /** The end of a session's ttl (PT30M, PT2H, P1D …), or null without one. */
  function expiryOf(ttl: string | null): string | null {
    const match = ttl ? /^P(?:T(\d+)([SMH])|(\d+)D)$/.exec(ttl) : null;
    if (!match) return null;
    const unitMs = match[3] ? 86_400_000 : { S: 1_000, M: 60_000, H: 3_600_000 }[match[2] as 'S' | 'M' | 'H'];
    return new Date(now().getTime() + Number(match[1] ?? match[3]) * unitMs).toISOString();
  }

  function sessionAnswer(session: StandInSession) {
    return { id: session.id, url: `${options.checkoutPageUrl}/${session.id}` };
  }

  /** The order a charge session will invoice when its window is paid. */
  const pendingOrders = new Map<
    string,
    { amount: number; currency: string; orderLines: StandInOrderLine[] }
  >();

  function createChargeSession(input: {
    handle: string;
    key: string | null;
    currency: string;
    amount: number;
    orderLines: StandInOrderLine[];
    customer: { handle: string; email: string; firstName?: string | null; lastName?: string | null } | null;
    customerHandle: string | null;
    settle: boolean;
    recurring: boolean;
    acceptUrl: string | null;
    cancelUrl: string | null;
    locale: string | null;
    ttl?: string | null;
  }) {
    if (input.key) {
      const earlier = sessionsByKey.get(`${input.handle}\u0000${input.key}`);
      const session = earlier ? sessions.get(earlier) : undefined;
      if (session) return sessionAnswer(session);
    }
    const invoice = invoices.get(input.handle);
    if (invoice?.state === 'settled') throw new ReepayStandInError(400, 79, 'Invoice already settled');
    if (invoice?.state === 'authorized') throw new ReepayStandInError(400, 105, 'Invoice already authorized');
    if (invoice?.state === 'cancelled') throw new ReepayStandInError(400, 29, 'Invoice already cancelled');
    let customerHandle = input.customerHandle;
    if (input.customer) {
      const { customer, created } = upsertCustomer(input.customer);
      customerHandle = customer.handle;
      if (created) emit('customer_created', { customer: customer.handle });
    }
    if (!customerHandle || !customers.has(customerHandle)) {
      throw new ReepayStandInError(400, 18, 'Customer could not be determined');
    }
    if (invoice && invoice.customer !== customerHandle) {
      throw new ReepayStandInError(400, 11, 'Duplicate handle');
    }
    const session = newSession({
      kind: 'charge',
      customer: customerHandle,
      invoice: input.handle,
      key: input.key,
      settle: input.settle,
      recurring: input.recurring,
      acceptUrl: input.acceptUrl,
      cancelUrl: input.cancelUrl,
      locale: input.locale,
      expiresAt: expiryOf(input.ttl ?? null),
    });
    pendingOrders.set(session.id, {
      amount: input.amount,
      currency: input.currency,
      orderLines: input.orderLines,
    });
    if (input.key) sessionsByKey.set(`${input.handle}\u0000${input.key}`, session.id);
    return sessionAnswer(session);
  }

  function createSubscriptionSession(input: {
    plan: string;
    handle: string;
    customer: { handle: string; email: string; firstName?: string | null; lastName?: string | null } | null;
    customerHandle: string | null;
    quantity: number;
    acceptUrl: string | null;
    cancelUrl: string | null;
    locale: string | null;
    ttl?: string | null;
  }) {
    requirePlan(input.plan);
    if (subscriptions.has(input.handle)) throw new ReepayStandInError(400, 11, 'Duplicate handle');
    let customerHandle = input.customerHandle;
    if (input.customer) {
      const { customer, created } = upsertCustomer(input.customer);
      customerHandle = customer.handle;
      if (created) emit('customer_created', { customer: customer.handle });
    }
    if (!customerHandle || !customers.has(customerHandle)) {
      throw new ReepayStandInError(400, 18, 'Customer could not be determined');
    }
    const session = newSession({
      kind: 'subscription',
      customer: customerHandle,
      subscriptionHandle: input.handle,
      plan: input.plan,
      quantity: input.quantity,
      acceptUrl: input.acceptUrl,
      cancelUrl: input.cancelUrl,
      locale: input.locale,
      expiresAt: expiryOf(input.ttl ?? null),
    });
    return sessionAnswer(session);
  }

  function deleteSession(id: string): void {
    const session = sessions.get(id);
    if (!session) throw new ReepayStandInError(404, null, 'Session not found');
    session.state = 'cancelled';
  }

  // ---- paying in the window --------------------------------------------------------------

  function outcomeOf(cvv: string): CardOutcome {
    return REEPAY_TEST_CVV_OUTCOMES[cvv] ?? { kind: 'accepted' };
  }

  function cardOf(number: string): StandInCard | null {
    const type = REEPAY_TEST_CARDS[number];
    if (!type) return null;
    return {
      type,
      masked: `${number.slice(0, 6)}${'X'.repeat(number.length - 10)}${number.slice(-4)}`,
      id: `ca_${hex()}`,
    };
  }

  function transaction(fields: Omit<StandInTransaction, 'id' | 'created'>): StandInTransaction {
    return { id: hex(), created: iso(), ...fields };
  }

  /** Authorizes (and settles when asked) an invoice that is created, pending or failed. */
  function completePayment(invoice: StandInInvoice, card: StandInCard, settle: boolean): void {
    const pending = invoice.transactions.find((candidate) => candidate.state === 'pending');
    const authorization =
      pending ??
      transaction({ state: 'authorized', type: 'authorization', amount: invoice.amount, card, error: null });
    authorization.state = 'authorized';
    if (!pending) invoice.transactions.push(authorization);
    invoice.processing = false;
    invoice.state = 'authorized';
    invoice.authorized = iso();
    invoice.authorizedAmount = invoice.amount;
    emit('invoice_authorized', {
      customer: invoice.customer,
      invoice: invoice.handle,
      transaction: authorization.id,
      ...(invoice.subscription ? { subscription: invoice.subscription } : {}),
    });
    if (settle) settleInvoice(invoice, invoice.amount);
  }

  function settleInvoice(invoice: StandInInvoice, amount: number): void {
    const settlement = transaction({
      state: 'settled',
      type: 'settle',
      amount,
      card: invoice.transactions.at(-1)?.card ?? null,
      error: null,
    });
    invoice.transactions.push(settlement);
    invoice.state = 'settled';
    invoice.settled = iso();
    invoice.settledAmount = amount;
    emit('invoice_settled', {
      customer: invoice.customer,
      invoice: invoice.handle,
      transaction: settlement.id,
      ...(invoice.subscription ? { subscription: invoice.subscription } : {}),
    });
  }

  function newInvoice(
    fields: Pick<StandInInvoice, 'handle' | 'customer' | 'type' | 'amount' | 'currency' | 'orderLines'> &
      Partial<StandInInvoice>,
  ): StandInInvoice {
    invoiceNumber += 1;
    const invoice: StandInInvoice = {
      id: hex(),
      subscription: null,
      plan: null,
      state: 'created',
      processing: false,
      created: iso(),
      authorized: null,
      settled: null,
      cancelled: null,
      failed: null,
      authorizedAmount: 0,
      settledAmount: 0,
      refundedAmount: 0,
      periodFrom: null,
      periodTo: null,
      transactions: [],
      ...fields,
    };
    invoices.set(invoice.handle, invoice);
    emit('invoice_created', {
      customer: invoice.customer,
      invoice: invoice.handle,
      ...(invoice.subscription ? { subscription: invoice.subscription } : {}),
    });
    return invoice;
  }

  /**
   * The window's "Pay": `card` is the typed number (spaces allowed), `expiry` MM/YY. Answers where
   * the browser goes next: back to the shop, or the window again with an error.
   */
  function pay(
    sessionId: string,
    input: { card: string; expiry: string; cvv: string },
  ):
    | { result: 'redirect'; url: string }
    | {
        result: 'error';
        error: 'card_not_accepted' | 'card_expired' | 'declined' | 'session_closed';
        detail?: string;
      } {
    const session = sessions.get(sessionId);
    if (session?.state !== 'open') return { result: 'error', error: 'session_closed' };
    // Past its ttl the window takes no payment (a payment begun before may still finish).
    if (session.expiresAt && Date.parse(session.expiresAt) <= now().getTime()) {
      return { result: 'error', error: 'session_closed' };
    }
    const number = input.card.replace(/[\s-]/g, '');
    const card = cardOf(number);
    if (!card || !/^\d{3,4}$/.test(input.cvv)) return { result: 'error', error: 'card_not_accepted' };
    const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
    const month = Number(expiry?.[1]);
    const year = 2000 + Number(expiry?.[2]);
    const today = now();
    if (
      !expiry ||
      month < 1 ||
      month > 12 ||
      year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1
    ) {
      return { result: 'error', error: 'card_expired' };
    }
    const outcome = outcomeOf(input.cvv);
    return session.kind === 'charge'
      ? payCharge(session, card, outcome)
      : paySubscription(session, card, outcome);
  }

  function acceptRedirect(
    session: StandInSession,
    extra: Record<string, string>,
  ): { result: 'redirect'; url: string } {
    session.state = 'completed';
    const target = new URL(session.acceptUrl ?? options.checkoutPageUrl);
    target.searchParams.set('id', session.id);
    for (const [name, value] of Object.entries(extra)) target.searchParams.set(name, value);
    target.searchParams.set('customer', session.customer);
    return { result: 'redirect', url: target.toString() };
  }

  function payCharge(session: StandInSession, card: StandInCard, outcome: CardOutcome) {
    const handle = session.invoice as string;
    const order = pendingOrders.get(session.id);
    let invoice = invoices.get(handle);
    if (invoice && ['authorized', 'settled', 'cancelled'].includes(invoice.state)) {
      return { result: 'error' as const, error: 'session_closed' as const };
    }
    if (invoice?.state === 'pending') return acceptRedirect(session, { invoice: handle });
    invoice ??= newInvoice({
      handle,
      customer: session.customer,
      type: 'ch',
      amount: order?.amount ?? 0,
      currency: order?.currency ?? 'DKK',
      orderLines: order?.orderLines ?? [],
    });
    if (outcome.kind === 'declined') {
      invoice.transactions.push(
        transaction({
          state: 'failed',
          type: 'authorization',
          amount: invoice.amount,
          card,
          error: outcome.error,
        }),
      );
      invoice.state = 'failed';
      invoice.failed = iso();
      session.lastError = outcome.error;
      emit('invoice_failed', { customer: invoice.customer, invoice: invoice.handle });
      return { result: 'error' as const, error: 'declined' as const, detail: outcome.error };
    }
    if (session.recurring)
      emit('customer_payment_method_added', { customer: session.customer, payment_method: card.id });
    if (outcome.kind === 'delayed') {
      invoice.transactions.push(
        transaction({ state: 'pending', type: 'authorization', amount: invoice.amount, card, error: null }),
      );
      invoice.state = 'pending';
      invoice.processing = true;
      const target = invoice;
      delayed.schedule(() => completePayment(target, card, session.settle));
    } else {
      completePayment(invoice, card, session.settle);
    }
    return acceptRedirect(session, {
      invoice: handle,
      ...(session.recurring ? { payment_method: card.id } : {}),
    });
  }

  function paySubscription(session: StandInSession, card: StandInCard, outcome: CardOutcome) {
    if (outcome.kind === 'declined') {
      session.lastError = outcome.error;
      return { result: 'error' as const, error: 'declined' as const, detail: outcome.error };
    }
    const plan = requirePlan(session.plan as string);
    const handle = session.subscriptionHandle as string;
    if (subscriptions.has(handle)) return { result: 'error' as const, error: 'session_closed' as const };
    const start = now();
    const subscription: StandInSubscription = {
      handle,
      customer: session.customer,
      plan: plan.handle,
      state: 'active',
      quantity: session.quantity,
      isCancelled: false,
      renewing: true,
      currentPeriodStart: start.toISOString(),
      nextPeriodStart: addMonths(start, plan.intervalLength).toISOString(),
      expires: null,
      cancelledDate: null,
      expiredDate: null,
      created: start.toISOString(),
      card,
      pendingQuantity: null,
    };
    subscriptions.set(handle, subscription);
    emit('subscription_created', { customer: session.customer, subscription: handle });
    emit('subscription_payment_method_added', {
      customer: session.customer,
      subscription: handle,
      payment_method: card.id,
    });
    const invoice = periodInvoice(subscription, plan);
    if (outcome.kind === 'delayed') {
      invoice.transactions.push(
        transaction({ state: 'pending', type: 'authorization', amount: invoice.amount, card, error: null }),
      );
      invoice.state = 'pending';
      invoice.processing = true;
      delayed.schedule(() => completePayment(invoice, card, true));
    } else {
      completePayment(invoice, card, true);
    }
    return acceptRedirect(session, {
      subscription: handle,
      invoice: invoice.handle,
      payment_method: card.id,
    });
  }

  function periodInvoice(subscription: StandInSubscription, plan: StandInPlan): StandInInvoice {
    const amount = plan.amount * subscription.quantity;
    return newInvoice({
      handle: `inv-${invoiceNumber + 1}`,
      customer: subscription.customer,
      subscription: subscription.handle,
      plan: plan.handle,
      type: 's',
      amount,
      currency: plan.currency,
      orderLines: [
        { ordertext: plan.name, amount: plan.amount, quantity: subscription.quantity, vat: plan.vat },
      ],
      periodFrom: subscription.currentPeriodStart,
      periodTo: subscription.nextPeriodStart,
    });
  }

  /** The window's "Cancel": back to the shop's cancel_url. */
  function cancelInWindow(
    sessionId: string,
  ): { result: 'redirect'; url: string } | { result: 'error'; error: 'session_closed' } {
    const session = sessions.get(sessionId);
    if (session?.state !== 'open') return { result: 'error', error: 'session_closed' };
    session.state = 'cancelled';
    const target = new URL(session.cancelUrl ?? options.checkoutPageUrl);
    target.searchParams.set('id', session.id);
    if (session.invoice) target.searchParams.set('invoice', session.invoice);
    target.searchParams.set('customer', session.customer);
    return { result: 'redirect', url: target.toString() };
  }

  // ---- REST: charges, refunds ------------------------------------------------------------

  function requireInvoice(handle: string): StandInInvoice {
    const invoice =
      invoices.get(handle) ?? [...invoices.values()].find((candidate) => candidate.id === handle);
    if (!invoice) throw new ReepayStandInError(404, null, 'Invoice not found');
    return invoice;
  }

  function settleCharge(handle: string, amount: number | null): StandInInvoice {
    const invoice = requireInvoice(handle);
    if (invoice.state === 'settled') throw new ReepayStandInError(400, 79, 'Invoice already settled');
    if (invoice.state !== 'authorized') throw new ReepayStandInError(400, null, 'Invoice not authorized');
    if (amount !== null && (amount < 1 || amount > invoice.authorizedAmount)) {
      throw new ReepayStandInError(400, null, 'Amount higher than authorized amount');
    }
    settleInvoice(invoice, amount ?? invoice.authorizedAmount);
    return invoice;
  }

  function cancelCharge(handle: string): StandInInvoice {
    const invoice = requireInvoice(handle);
    if (invoice.state === 'settled') throw new ReepayStandInError(400, 79, 'Invoice already settled');
    if (invoice.state === 'cancelled') return invoice;
    invoice.state = 'cancelled';
    invoice.cancelled = iso();
    for (const item of invoice.transactions)
      if (item.state === 'authorized' || item.state === 'pending') item.state = 'cancelled';
    emit('invoice_cancelled', { customer: invoice.customer, invoice: invoice.handle });
    return invoice;
  }

  function refund(input: {
    invoice: string;
    key: string | null;
    amount: number | null;
    text: string | null;
  }): StandInRefund {
    if (input.key) {
      const earlier = refunds.get(refundsByKey.get(`${input.invoice}\u0000${input.key}`) ?? '');
      if (earlier) return earlier;
    }
    const invoice = requireInvoice(input.invoice);
    if (invoice.state !== 'settled') throw new ReepayStandInError(400, null, 'Invoice not settled');
    const refundable = invoice.settledAmount - invoice.refundedAmount;
    const amount = input.amount ?? refundable;
    if (amount < 1 || amount > refundable) throw new ReepayStandInError(400, null, 'Refund amount too high');
    invoice.refundedAmount += amount;
    invoice.transactions.push(
      transaction({
        state: 'refunded',
        type: 'refund',
        amount,
        card: invoice.transactions.at(-1)?.card ?? null,
        error: null,
      }),
    );
    const created: StandInRefund = {
      id: hex(),
      state: 'refunded',
      invoice: invoice.handle,
      amount,
      currency: invoice.currency,
      key: input.key ?? hex(),
      created: iso(),
      error: null,
    };
    refunds.set(created.id, created);
    if (input.key) refundsByKey.set(`${input.invoice}\u0000${input.key}`, created.id);
    emit('invoice_refund', {
      customer: invoice.customer,
      invoice: invoice.handle,
      transaction: invoice.transactions.at(-1)?.id ?? '',
    });
    return created;
  }

  // ---- REST: plans, subscriptions --------------------------------------------------------

  function createPlan(input: Omit<StandInPlan, 'state' | 'created'>): StandInPlan {
    if (plans.has(input.handle)) throw new ReepayStandInError(400, 11, 'Duplicate handle');
    const plan: StandInPlan = { ...input, state: 'active', created: iso() };
    plans.set(plan.handle, plan);
    return plan;
  }

  function requireSubscription(handle: string): StandInSubscription {
    const subscription = subscriptions.get(handle);
    if (!subscription) throw new ReepayStandInError(404, null, 'Subscription not found');
    return subscription;
  }

  function cancelSubscription(handle: string): StandInSubscription {
    const subscription = requireSubscription(handle);
    if (subscription.state === 'expired') throw new ReepayStandInError(400, null, 'Subscription expired');
    if (!subscription.isCancelled) {
      subscription.isCancelled = true;
      subscription.renewing = false;
      subscription.cancelledDate = iso();
      subscription.expires = subscription.nextPeriodStart;
      emit('subscription_cancelled', { customer: subscription.customer, subscription: handle });
    }
    return subscription;
  }

  function uncancelSubscription(handle: string): StandInSubscription {
    const subscription = requireSubscription(handle);
    if (subscription.state === 'expired') throw new ReepayStandInError(400, null, 'Subscription expired');
    if (subscription.isCancelled) {
      subscription.isCancelled = false;
      subscription.renewing = true;
      subscription.cancelledDate = null;
      subscription.expires = null;
      emit('subscription_uncancelled', { customer: subscription.customer, subscription: handle });
    }
    return subscription;
  }

  /**
   * Test hook: the period ends now. A cancelled subscription expires; otherwise the next period's
   * invoice is charged to the stored card (`fail`: the charge fails and dunning starts).
   */
  function renewSubscription(
    handle: string,
    fail: boolean,
  ): { subscription: StandInSubscription; invoice: StandInInvoice | null } {
    const subscription = requireSubscription(handle);
    if (subscription.state === 'expired') throw new ReepayStandInError(400, null, 'Subscription expired');
    if (subscription.isCancelled) {
      subscription.state = 'expired';
      subscription.expiredDate = iso();
      emit('subscription_expired', { customer: subscription.customer, subscription: handle });
      return { subscription, invoice: null };
    }
    const plan = plans.get(subscription.plan) as StandInPlan;
    if (subscription.pendingQuantity !== null) {
      subscription.quantity = subscription.pendingQuantity;
      subscription.pendingQuantity = null;
    }
    subscription.currentPeriodStart = subscription.nextPeriodStart;
    subscription.nextPeriodStart = addMonths(
      new Date(subscription.currentPeriodStart),
      plan.intervalLength,
    ).toISOString();
    const invoice = periodInvoice(subscription, plan);
    if (fail) {
      invoice.transactions.push(
        transaction({
          state: 'failed',
          type: 'settle',
          amount: invoice.amount,
          card: subscription.card,
          error: 'insufficient_funds',
        }),
      );
      invoice.state = 'dunning';
      emit('invoice_dunning', {
        customer: subscription.customer,
        subscription: handle,
        invoice: invoice.handle,
      });
      return { subscription, invoice };
    }
    emit('subscription_renewal', {
      customer: subscription.customer,
      subscription: handle,
      invoice: invoice.handle,
    });
    completePayment(invoice, subscription.card ?? (cardOf('4111111111111111') as StandInCard), true);
    return { subscription, invoice };
  }

  /**
   * A new quantity. `immediate`: a raise is billed for the rest of the period, prorated by time,
   * to the stored card (an invoice of its own); a cut takes effect without a refund. `renewal`:
   * the next period's invoice has the new quantity.
   */
  function changeQuantity(
    handle: string,
    quantity: number,
    timing: 'immediate' | 'renewal',
  ): StandInSubscription {
    const subscription = requireSubscription(handle);
    if (subscription.state !== 'active') throw new ReepayStandInError(400, null, 'Subscription not active');
    const plan = plans.get(subscription.plan) as StandInPlan;
    if (timing === 'renewal') {
      subscription.pendingQuantity = quantity;
      emit('subscription_changed', { customer: subscription.customer, subscription: handle });
      return subscription;
    }
    const added = quantity - subscription.quantity;
    subscription.quantity = quantity;
    subscription.pendingQuantity = null;
    emit('subscription_changed', { customer: subscription.customer, subscription: handle });
    if (added > 0) {
      const start = new Date(subscription.currentPeriodStart).getTime();
      const end = new Date(subscription.nextPeriodStart).getTime();
      const left = Math.max(0, Math.min(1, (end - now().getTime()) / (end - start)));
      const amount = Math.round(plan.amount * added * left);
      if (amount > 0) {
        const invoice = newInvoice({
          handle: `inv-${invoiceNumber + 1}`,
          customer: subscription.customer,
          subscription: handle,
          plan: plan.handle,
          type: 's',
          amount,
          currency: plan.currency,
          orderLines: [{ ordertext: `${plan.name} (prorated)`, amount, quantity: 1, vat: plan.vat }],
          periodFrom: now().toISOString(),
          periodTo: subscription.nextPeriodStart,
        });
        completePayment(invoice, subscription.card ?? (cardOf('4111111111111111') as StandInCard), true);
      }
    }
    return subscription;
  }

  /** Test hook: dunning of the subscription's open invoice gave up; the subscription expires. */
  function expireAfterDunning(handle: string): StandInSubscription {
    const subscription = requireSubscription(handle);
    const open = [...invoices.values()].filter(
      (invoice) => invoice.subscription === handle && invoice.state === 'dunning',
    );
    for (const invoice of open) {
      invoice.state = 'failed';
      invoice.failed = iso();
      emit('invoice_failed', {
        customer: subscription.customer,
        subscription: handle,
        invoice: invoice.handle,
      });
    }
    subscription.state = 'expired';
    subscription.expiredDate = iso();
    subscription.renewing = false;
    emit('subscription_expired_dunning', { customer: subscription.customer, subscription: handle });
    return subscription;
  }

  /** The customer's card page: a new card for the subscription. */
  function changeCard(
    handle: string,
    input: { card: string; expiry: string; cvv: string },
  ): 'changed' | 'card_not_accepted' | 'declined' | 'card_expired' {
    const subscription = requireSubscription(handle);
    const card = cardOf(input.card.replace(/[\s-]/g, ''));
    if (!card || !/^\d{3,4}$/.test(input.cvv)) return 'card_not_accepted';
    const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
    const today = now();
    if (
      !expiry ||
      Number(expiry[1]) < 1 ||
      Number(expiry[1]) > 12 ||
      (2000 + Number(expiry[2])) * 12 + Number(expiry[1]) <
        today.getUTCFullYear() * 12 + today.getUTCMonth() + 1
    ) {
      return 'card_expired';
    }
    if (outcomeOf(input.cvv).kind === 'declined') return 'declined';
    subscription.card = card;
    emit('subscription_payment_method_changed', {
      customer: subscription.customer,
      subscription: handle,
      payment_method: card.id,
    });
    return 'changed';
  }

  return {
    privateKey: options.privateKey,
    paymentInfoUrl: options.paymentInfoUrl,
    get isDown() {
      return down;
    },
    /** Test hook: every API call answers 503 while down (the provider is out). */
    setDown(value: boolean) {
      down = value;
    },
    /** Test hook: send webhooks elsewhere from now on. */
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    customers,
    plans,
    sessions,
    invoices,
    subscriptions,
    refunds,
    deliveries,
    /** What a charge session's window shows and will invoice. */
    pendingOrderOf(sessionId: string) {
      return pendingOrders.get(sessionId) ?? null;
    },
    createChargeSession,
    createSubscriptionSession,
    deleteSession,
    pay,
    cancelInWindow,
    requireInvoice,
    settleCharge,
    cancelCharge,
    refund,
    createPlan,
    requireSubscription,
    cancelSubscription,
    uncancelSubscription,
    renewSubscription,
    changeQuantity,
    expireAfterDunning,
    changeCard,
    /** Test hook: send a delivery again, exactly as before (a duplicate delivery). */
    resend(deliveryId: string): WebhookDelivery {
      const delivery = deliveries.get(deliveryId);
      if (!delivery) throw new ReepayStandInError(404, null, 'Webhook not found');
      const copy = deliveryOf(
        delivery.id,
        delivery.eventId,
        delivery.eventType,
        delivery.customer,
        delivery.body,
      );
      sender.send(copy);
      return copy;
    },
    /** Resolves when no webhook is waiting to be sent or being sent (retries still scheduled count as waiting). */
    whenWebhooksSent(): Promise<void> {
      return sender.whenIdle();
    },
    /** Test hook: the delayed confirmations waiting now arrive at once. */
    completeDelayedConfirmations(): number {
      return delayed.runNow();
    },
    close() {
      delayed.close();
      sender.close();
    },
  };
}
