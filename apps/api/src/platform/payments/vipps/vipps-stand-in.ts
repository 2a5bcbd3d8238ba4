import { randomBytes, randomUUID } from 'node:crypto';
import { createDelayedTasks } from '../delayed-tasks.ts';
import type { ProviderFetch } from '../provider-http.ts';
import { createWebhookSender, type OutgoingWebhook } from '../webhook-sender.ts';
import type { VippsPaymentState } from './vipps-client.ts';
import { signVippsWebhook, type VippsEventName } from './vipps-webhooks.ts';

/**
 * The built-in Vipps MobilePay stand-in: access tokens, ePayment payments with their event log,
 * a landing page where the member approves or aborts, and webhooks signed with the HMAC scheme of
 * payments.md §2.3. State in memory per process; served by vipps-stand-in.routes.ts under
 * /dev/vipps, development and test only.
 */

export interface StandInVippsEvent {
  reference: string;
  pspReference: string;
  name: VippsEventName;
  amount: { currency: string; value: number };
  timestamp: string;
  idempotencyKey: string | null;
  success: boolean;
}

export interface StandInVippsPayment {
  reference: string;
  pspReference: string;
  state: VippsPaymentState;
  amount: { currency: string; value: number };
  description: string;
  returnUrl: string;
  phoneNumber: string | null;
  /** The landing page's token (the `token` of redirectUrl). */
  token: string;
  authorized: number;
  cancelled: number;
  captured: number;
  refunded: number;
  created: string;
  events: StandInVippsEvent[];
}

export interface VippsWebhookDelivery extends OutgoingWebhook {
  id: string;
  event: StandInVippsEvent;
}

/** An error the way the ePayment API answers one (RFC 7807 problem). */
export class VippsStandInError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export interface VippsStandInOptions {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  merchantSerialNumber: string;
  webhookSecret: string;
  webhookUrl: string;
  /** The landing page; a payment's redirectUrl is `${landingUrl}/${reference}?token=…`. */
  landingUrl: string;
  fetch: ProviderFetch;
  /** A payment nobody acts on expires after this (10 minutes at Vipps). */
  paymentExpiryMs?: number;
  webhookRetryDelaysMs?: readonly number[];
  /** Token lifetime in seconds (1 h in Vipps' test environment). */
  tokenLifetimeSeconds?: number;
  now?: () => Date;
}

const DEFAULT_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
const REFERENCE = /^[a-zA-Z0-9-]{8,50}$/;

export type VippsStandIn = ReturnType<typeof createVippsStandIn>;

export function createVippsStandIn(options: VippsStandInOptions) {
  const now = options.now ?? (() => new Date());
  const tokenLifetime = options.tokenLifetimeSeconds ?? 3600;
  let webhookUrl = options.webhookUrl;
  let down = false;

  const tokens = new Map<string, number>();
  const payments = new Map<string, StandInVippsPayment>();
  /** Idempotency-Key → the answer given (status and body), replayed for a repeated request. */
  const answers = new Map<string, { status: number; body: unknown }>();
  const deliveries = new Map<string, VippsWebhookDelivery>();
  const sender = createWebhookSender({
    fetch: options.fetch,
    retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    timeoutMs: 10_000,
  });
  const expiries = createDelayedTasks(options.paymentExpiryMs ?? 10 * 60_000);

  function issueToken(headers: Record<string, string | undefined>) {
    if (
      headers.client_id !== options.clientId ||
      headers.client_secret !== options.clientSecret ||
      headers['ocp-apim-subscription-key'] !== options.subscriptionKey ||
      headers['merchant-serial-number'] !== options.merchantSerialNumber
    ) {
      throw new VippsStandInError(401, 'Unauthorized', 'Wrong client id, secret, subscription key or MSN');
    }
    const token = `${randomBytes(24).toString('base64url')}`;
    const issued = Math.floor(now().getTime() / 1000);
    tokens.set(token, (issued + tokenLifetime) * 1000);
    return {
      token_type: 'Bearer',
      expires_in: String(tokenLifetime),
      ext_expires_in: String(tokenLifetime),
      expires_on: String(issued + tokenLifetime),
      not_before: String(issued),
      resource: '00000002-0000-0000-c000-000000000000',
      access_token: token,
    };
  }

  /** Every ePayment call: a live token, the subscription key and our MSN. */
  function authorize(headers: Record<string, string | undefined>): void {
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    const expiresAt = bearer ? tokens.get(bearer) : undefined;
    if (!expiresAt || expiresAt <= now().getTime()) {
      throw new VippsStandInError(401, 'Unauthorized', 'Missing, unknown or expired access token');
    }
    if (headers['ocp-apim-subscription-key'] !== options.subscriptionKey) {
      throw new VippsStandInError(401, 'Unauthorized', 'Wrong Ocp-Apim-Subscription-Key');
    }
    if (headers['merchant-serial-number'] !== options.merchantSerialNumber) {
      throw new VippsStandInError(403, 'Forbidden', 'Wrong Merchant-Serial-Number');
    }
  }

  /**
   * Writes need an Idempotency-Key (≤ 50 characters); the same key on the same path gets the
   * first answer again, whatever the body. (Vipps documents no more than that: payments.md §2.1.)
   */
  function idempotent(
    headers: Record<string, string | undefined>,
    path: string,
    run: () => { status: number; body: unknown },
  ): { status: number; body: unknown } {
    const key = headers['idempotency-key'];
    if (!key || key.length > 50) {
      throw new VippsStandInError(
        400,
        'Bad Request',
        'Idempotency-Key header is required (at most 50 characters)',
      );
    }
    const slot = `${path}\u0000${key}`;
    const earlier = answers.get(slot);
    if (earlier) return earlier;
    const answer = run();
    answers.set(slot, answer);
    return answer;
  }

  function record(
    payment: StandInVippsPayment,
    name: VippsEventName,
    value: number,
    idempotencyKey: string | null,
  ) {
    const event: StandInVippsEvent = {
      reference: payment.reference,
      pspReference: payment.pspReference,
      name,
      amount: { currency: payment.amount.currency, value },
      timestamp: now().toISOString(),
      idempotencyKey,
      success: true,
    };
    payment.events.push(event);
    const delivery = deliveryOf(randomUUID(), event);
    deliveries.set(delivery.id, delivery);
    sender.send(delivery);
  }

  function deliveryOf(id: string, event: StandInVippsEvent): VippsWebhookDelivery {
    const body = JSON.stringify({ msn: options.merchantSerialNumber, ...event });
    return {
      id,
      event,
      queue: event.reference,
      // Signed at each attempt: the receiver allows a few minutes between x-ms-date and its clock.
      request: () => {
        // The Host header follows from the address itself.
        const { host: _host, ...signed } = signVippsWebhook({
          secret: options.webhookSecret,
          url: webhookUrl,
          rawBody: body,
          date: now(),
        });
        return { url: webhookUrl, headers: { 'content-type': 'application/json', ...signed }, body };
      },
      attempts: 0,
      state: 'queued',
      lastStatus: null,
    };
  }

  function requirePayment(reference: string): StandInVippsPayment {
    const payment = payments.get(reference);
    if (!payment) throw new VippsStandInError(404, 'Not Found', `No payment with reference ${reference}`);
    return payment;
  }

  function createPayment(input: {
    reference: string;
    amount: { currency: string; value: number };
    description: string;
    returnUrl: string;
    phoneNumber: string | null;
    idempotencyKey: string;
  }): { status: number; body: unknown } {
    if (!REFERENCE.test(input.reference)) {
      throw new VippsStandInError(400, 'Bad Request', 'reference must match ^[a-zA-Z0-9-]{8,50}$');
    }
    if (payments.has(input.reference)) {
      throw new VippsStandInError(
        409,
        'Conflict',
        `A payment with reference ${input.reference} already exists`,
      );
    }
    const payment: StandInVippsPayment = {
      reference: input.reference,
      pspReference: String(Math.floor(Math.random() * 9e9) + 1e9),
      state: 'CREATED',
      amount: input.amount,
      description: input.description,
      returnUrl: input.returnUrl,
      phoneNumber: input.phoneNumber,
      token: randomBytes(16).toString('base64url'),
      authorized: 0,
      cancelled: 0,
      captured: 0,
      refunded: 0,
      created: now().toISOString(),
      events: [],
    };
    payments.set(payment.reference, payment);
    record(payment, 'CREATED', payment.amount.value, input.idempotencyKey);
    expiries.schedule(() => expire(payment.reference));
    return { status: 201, body: { redirectUrl: redirectUrlOf(payment), reference: payment.reference } };
  }

  const redirectUrlOf = (payment: StandInVippsPayment) =>
    `${options.landingUrl}/${encodeURIComponent(payment.reference)}?token=${payment.token}`;

  function expire(reference: string): void {
    const payment = payments.get(reference);
    if (payment?.state !== 'CREATED') return;
    payment.state = 'EXPIRED';
    record(payment, 'EXPIRED', payment.amount.value, null);
  }

  /** The member's answer on the landing page (or the force-approve test call). */
  function answer(reference: string, token: string | null, approve: boolean): StandInVippsPayment {
    const payment = requirePayment(reference);
    if (token !== null && token !== payment.token) {
      throw new VippsStandInError(400, 'Bad Request', 'Wrong token for this payment');
    }
    if (payment.state !== 'CREATED') {
      throw new VippsStandInError(400, 'Bad Request', `The payment is ${payment.state}`);
    }
    if (approve) {
      payment.state = 'AUTHORIZED';
      payment.authorized = payment.amount.value;
      record(payment, 'AUTHORIZED', payment.amount.value, null);
    } else {
      payment.state = 'ABORTED';
      record(payment, 'ABORTED', payment.amount.value, null);
    }
    return payment;
  }

  function checkAmount(
    payment: StandInVippsPayment,
    amount: { currency: string; value: number },
    most: number,
  ) {
    if (amount.currency !== payment.amount.currency) {
      throw new VippsStandInError(400, 'Bad Request', 'modificationAmount.currency differs from the payment');
    }
    if (!Number.isInteger(amount.value) || amount.value < 1 || amount.value > most) {
      throw new VippsStandInError(400, 'Bad Request', `modificationAmount.value must be 1 to ${most}`);
    }
  }

  function capture(reference: string, amount: { currency: string; value: number }, key: string) {
    const payment = requirePayment(reference);
    if (payment.state !== 'AUTHORIZED') {
      throw new VippsStandInError(400, 'Bad Request', `Cannot capture a payment that is ${payment.state}`);
    }
    checkAmount(payment, amount, payment.authorized - payment.captured - payment.cancelled);
    payment.captured += amount.value;
    record(payment, 'CAPTURED', amount.value, key);
    return payment;
  }

  function refund(reference: string, amount: { currency: string; value: number }, key: string) {
    const payment = requirePayment(reference);
    checkAmount(payment, amount, payment.captured - payment.refunded);
    payment.refunded += amount.value;
    record(payment, 'REFUNDED', amount.value, key);
    return payment;
  }

  function cancel(reference: string, key: string) {
    const payment = requirePayment(reference);
    if (payment.state === 'CREATED') {
      payment.state = 'TERMINATED';
      record(payment, 'TERMINATED', payment.amount.value, key);
      return payment;
    }
    if (payment.state !== 'AUTHORIZED') {
      throw new VippsStandInError(400, 'Bad Request', `Cannot cancel a payment that is ${payment.state}`);
    }
    const remaining = payment.authorized - payment.captured - payment.cancelled;
    if (remaining <= 0) throw new VippsStandInError(400, 'Bad Request', 'Nothing left to cancel');
    payment.cancelled += remaining;
    record(payment, 'CANCELLED', remaining, key);
    return payment;
  }

  return {
    merchantSerialNumber: options.merchantSerialNumber,
    payments,
    deliveries,
    get isDown() {
      return down;
    },
    setDown(value: boolean) {
      down = value;
    },
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    issueToken,
    authorize,
    idempotent,
    requirePayment,
    redirectUrlOf,
    createPayment,
    answer,
    capture,
    refund,
    cancel,
    /** Test hook: every payment still waiting for the member expires now. */
    expireWaitingPayments(): number {
      return expiries.runNow();
    },
    /** Test hook: send a delivery again, the same event (signed anew, as a retry is). */
    resend(id: string): VippsWebhookDelivery {
      const delivery = deliveries.get(id);
      if (!delivery) throw new VippsStandInError(404, 'Not Found', 'No such webhook');
      const copy = deliveryOf(delivery.id, delivery.event);
      sender.send(copy);
      return copy;
    },
    whenWebhooksSent(): Promise<void> {
      return sender.whenIdle();
    },
    close() {
      expiries.close();
      sender.close();
    },
  };
}
