import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAND_IN_PAYMENT_CREDENTIALS } from '../../../config.ts';
import {
  type PaymentStandInHarness,
  startPaymentStandIns,
  submitForm,
  validExpiry,
} from '../../../test/payment-helpers.ts';
import { PaymentProviderError } from '../provider-http.ts';
import { type CreateChargeSessionInput, createReepayClient } from './reepay-client.ts';
import { verifyReepayWebhook } from './reepay-webhooks.ts';

let h: PaymentStandInHarness;
beforeAll(async () => {
  h = await startPaymentStandIns();
});
afterAll(() => h.close());
beforeEach(() => {
  h.receiver.clear();
  h.receiver.failNext(0);
});

const SECRET = STAND_IN_PAYMENT_CREDENTIALS.reepay.webhookSecret;

function chargeInput(overrides: Partial<CreateChargeSessionInput> = {}): CreateChargeSessionInput {
  const handle = `o-${randomUUID().slice(0, 8)}`;
  return {
    handle,
    idempotencyKey: randomUUID(),
    currency: 'DKK',
    orderLines: [
      { ordertext: 'Registrering', amount: 10_000, quantity: 1, vat: 0.25 },
      { ordertext: 'Klistermærker', amount: 4_900, quantity: 2, vat: 0.25 },
    ],
    customer: { handle: `c-${handle}`, email: 'anna@example.dk', firstName: 'Anna' },
    acceptUrl: 'http://localhost:3000/purchase-complete-redirect?order=1',
    cancelUrl: 'http://localhost:3000/purchase-failed?order=1',
    settle: true,
    ...overrides,
  };
}

/** Pays a session's window with a card; answers the response (a 303 or the window again). */
function pay(url: string, card: string, cvv = '123', expiry = validExpiry()) {
  return submitForm(h.local(url), { card, expiry, cvv });
}

/** The deliveries received so far, verified with the stand-in's secret. */
function verifiedEvents() {
  return h.receiver.received.map((item) => {
    const result = verifyReepayWebhook(item.rawBody, { secrets: [SECRET] });
    if (!result.ok) throw new Error(`a delivery did not verify: ${result.reason}`);
    return result.event;
  });
}

async function eventsOf(invoice: string) {
  await h.reepayStandIn.whenWebhooksSent();
  return verifiedEvents().filter((event) => event.invoice === invoice);
}

describe('charge sessions', () => {
  it('answers a window url; the same idempotency key and handle give the same session', async () => {
    const input = chargeInput();
    const session = await h.reepay.createChargeSession(input);
    expect(session.id).toMatch(/^cs_/);
    expect(session.url).toBe(`http://localhost:3000/dev/reepay/checkout/${session.id}`);
    expect(await h.reepay.createChargeSession(input)).toEqual(session);
    const another = await h.reepay.createChargeSession({ ...input, idempotencyKey: randomUUID() });
    expect(another.id).not.toBe(session.id);
    // No payment attempt yet: no invoice.
    expect(await h.reepay.getInvoice(input.handle)).toBeNull();
  });

  it('an accepted card settles the invoice, returns to accept_url with id, invoice and customer, and signs its webhooks', async () => {
    const input = chargeInput();
    const session = await h.reepay.createChargeSession(input);
    const response = await pay(session.url, '4111 1111 1111 1111');
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/purchase-complete-redirect');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      order: '1',
      id: session.id,
      invoice: input.handle,
      customer: input.customer.handle,
    });

    const invoice = await h.reepay.getInvoice(input.handle);
    expect(invoice).toMatchObject({
      handle: input.handle,
      state: 'settled',
      type: 'ch',
      amount: 19_800,
      currency: 'DKK',
      customer: input.customer.handle,
      authorizedAmount: 19_800,
      settledAmount: 19_800,
      refundedAmount: 0,
      processing: false,
    });
    expect(invoice?.transactions.map((item) => [item.type, item.state])).toEqual([
      ['authorization', 'authorized'],
      ['settle', 'settled'],
    ]);
    expect(invoice?.transactions[0]).toMatchObject({ cardType: 'visa', maskedCard: '411111XXXXXX1111' });

    expect((await eventsOf(input.handle)).map((event) => event.eventType)).toEqual([
      'invoice_created',
      'invoice_authorized',
      'invoice_settled',
    ]);
    expect(verifiedEvents().some((event) => event.eventType === 'customer_created')).toBe(true);
    const raw = JSON.parse(h.receiver.received.at(-1)?.rawBody ?? '{}');
    expect(Object.keys(raw)).toEqual(
      expect.arrayContaining([
        'id',
        'event_id',
        'event_type',
        'timestamp',
        'signature',
        'customer',
        'invoice',
      ]),
    );
    // A paid handle cannot be paid again.
    await expect(
      h.reepay.createChargeSession({ ...input, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({
      code: 'payment_provider_rejected',
      httpStatus: 400,
      providerCode: '79',
    });
  });

  it('settle: false only authorizes; settling and cancelling work through the charge endpoints', async () => {
    const first = chargeInput({ settle: false });
    await pay((await h.reepay.createChargeSession(first)).url, '5019 1000 0000 0006');
    expect((await h.reepay.getInvoice(first.handle))?.state).toBe('authorized');
    await expect(
      h.reepay.createChargeSession({ ...first, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({
      providerCode: '105',
    });
    const settled = await h.reepay.settleCharge(first.handle, { idempotencyKey: randomUUID() });
    expect(settled).toMatchObject({ state: 'settled', settledAmount: 19_800 });
    await expect(h.reepay.settleCharge(first.handle, { idempotencyKey: randomUUID() })).rejects.toMatchObject(
      {
        code: 'payment_provider_rejected',
        providerCode: '79',
      },
    );

    const second = chargeInput({ settle: false });
    await pay((await h.reepay.createChargeSession(second)).url, '5500 0000 0000 0004');
    expect(await h.reepay.cancelCharge(second.handle)).toMatchObject({ state: 'cancelled' });
    expect((await eventsOf(second.handle)).map((event) => event.eventType)).toEqual([
      'invoice_created',
      'invoice_authorized',
      'invoice_cancelled',
    ]);
  });

  it('declined and insufficient funds fail the invoice and keep the window open; another card then pays', async () => {
    const input = chargeInput();
    const session = await h.reepay.createChargeSession(input);
    for (const [cvv, error] of [
      ['002', 'declined_by_acquirer'],
      ['003', 'insufficient_funds'],
      ['001', 'credit_card_expired'],
    ] as const) {
      const response = await pay(session.url, '4571 9940 0006 2336', cvv);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(error);
      const invoice = await h.reepay.getInvoice(input.handle);
      expect(invoice?.state).toBe('failed');
      expect(invoice?.transactions.at(-1)).toMatchObject({ state: 'failed', error });
    }
    expect(await h.reepay.getInvoice(input.handle)).toMatchObject({ settledAmount: 0 });
    const response = await pay(session.url, '4571 9940 0006 2336');
    expect(response.status).toBe(303);
    expect((await h.reepay.getInvoice(input.handle))?.state).toBe('settled');
    expect((await eventsOf(input.handle)).map((event) => event.eventType)).toEqual([
      'invoice_created',
      'invoice_failed',
      'invoice_failed',
      'invoice_failed',
      'invoice_authorized',
      'invoice_settled',
    ]);
  });

  it('a delayed confirmation returns to the shop while the invoice is pending, and settles with its webhook later', async () => {
    const input = chargeInput();
    const response = await pay((await h.reepay.createChargeSession(input)).url, '4111111111111111', '006');
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location') ?? '').pathname).toBe('/purchase-complete-redirect');
    expect(await h.reepay.getInvoice(input.handle)).toMatchObject({ state: 'pending', processing: true });
    expect((await eventsOf(input.handle)).map((event) => event.eventType)).toEqual(['invoice_created']);

    expect(h.reepayStandIn.completeDelayedConfirmations()).toBe(1);
    expect(await h.reepay.getInvoice(input.handle)).toMatchObject({ state: 'settled', processing: false });
    expect((await eventsOf(input.handle)).map((event) => event.eventType)).toEqual([
      'invoice_created',
      'invoice_authorized',
      'invoice_settled',
    ]);
  });

  it('a returning customer is named by handle; an unknown one cannot be', async () => {
    const first = chargeInput();
    await pay((await h.reepay.createChargeSession(first)).url, '4111111111111111');
    const again = chargeInput({ customer: { handle: first.customer.handle, existing: true } });
    await pay((await h.reepay.createChargeSession(again)).url, '4111111111111111');
    expect(await h.reepay.getInvoice(again.handle)).toMatchObject({
      state: 'settled',
      customer: first.customer.handle,
    });
    await expect(
      h.reepay.createChargeSession(chargeInput({ customer: { handle: 'c-never-seen', existing: true } })),
    ).rejects.toMatchObject({ code: 'payment_provider_rejected', providerCode: '18' });
  });

  it('cancelling in the window returns to cancel_url and creates no invoice', async () => {
    const input = chargeInput();
    const session = await h.reepay.createChargeSession(input);
    const response = await submitForm(`${h.local(session.url)}/cancel`, {});
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.pathname).toBe('/purchase-failed');
    expect(location.searchParams.get('id')).toBe(session.id);
    expect(location.searchParams.get('invoice')).toBe(input.handle);
    expect(await h.reepay.getInvoice(input.handle)).toBeNull();
    // The window is closed now.
    expect((await pay(session.url, '4111111111111111')).status).toBe(410);
  });
});

describe('refunds', () => {
  it('refunds part, then the rest; one refund per key; never more than was settled', async () => {
    const input = chargeInput();
    await pay((await h.reepay.createChargeSession(input)).url, '4111111111111111');
    const key = randomUUID();
    const part = await h.reepay.refund({ invoice: input.handle, idempotencyKey: key, amount: 4_900 });
    expect(part).toMatchObject({ state: 'refunded', invoice: input.handle, amount: 4_900, currency: 'DKK' });
    expect(await h.reepay.refund({ invoice: input.handle, idempotencyKey: key, amount: 4_900 })).toEqual(
      part,
    );
    expect((await h.reepay.getInvoice(input.handle))?.refundedAmount).toBe(4_900);
    await expect(
      h.reepay.refund({ invoice: input.handle, idempotencyKey: randomUUID(), amount: 20_000 }),
    ).rejects.toMatchObject({ code: 'payment_provider_rejected', httpStatus: 400 });
    const rest = await h.reepay.refund({ invoice: input.handle, idempotencyKey: randomUUID() });
    expect(rest.amount).toBe(19_800 - 4_900);
    expect(await h.reepay.getInvoice(input.handle)).toMatchObject({
      state: 'settled',
      refundedAmount: 19_800,
    });
    expect(
      (await eventsOf(input.handle)).filter((event) => event.eventType === 'invoice_refund'),
    ).toHaveLength(2);
  });

  it('refuses to refund an invoice that is not settled', async () => {
    const input = chargeInput({ settle: false });
    await pay((await h.reepay.createChargeSession(input)).url, '4111111111111111');
    await expect(
      h.reepay.refund({ invoice: input.handle, idempotencyKey: randomUUID() }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

interface RenewAnswer {
  subscription: { current_period_start: string };
  invoice: { handle: string; state: string };
}

describe('plans and subscriptions', () => {
  async function subscribe(quantity = 1) {
    const plan = `single-${randomUUID().slice(0, 8)}`;
    if (!(await h.reepay.getPlan(plan))) {
      await h.reepay.createPlan({
        handle: plan,
        name: 'Single',
        amount: 19_900,
        currency: 'DKK',
        vat: 0.25,
        intervalMonths: 12,
      });
    }
    const handle = `sub-${randomUUID().slice(0, 8)}`;
    const customer = { handle: `c-${handle}`, email: 'bo@example.dk' };
    const session = await h.reepay.createSubscriptionSession({
      handle,
      plan,
      customer,
      quantity,
      acceptUrl: 'http://localhost:3000/purchase-subscription-redirect',
      cancelUrl: 'http://localhost:3000/purchase-failed',
      locale: 'da_DK',
    });
    return { plan, handle, customer, session };
  }

  it('creates and reads a plan; an unknown plan is null and cannot be subscribed to', async () => {
    const handle = `family-${randomUUID().slice(0, 8)}`;
    expect(await h.reepay.getPlan(handle)).toBeNull();
    const plan = await h.reepay.createPlan({
      handle,
      name: 'Family',
      amount: 39_900,
      currency: 'NOK',
      vat: 0.25,
      intervalMonths: 12,
    });
    expect(plan).toMatchObject({
      handle,
      state: 'active',
      amount: 39_900,
      currency: 'NOK',
      intervalLength: 12,
    });
    expect(await h.reepay.getPlan(handle)).toEqual(plan);
    await expect(
      h.reepay.createSubscriptionSession({
        handle: 'sub-x',
        plan: 'no-such-plan',
        customer: { handle: 'c-x', email: 'x@example.dk' },
        acceptUrl: 'http://localhost:3000/a',
        cancelUrl: 'http://localhost:3000/c',
      }),
    ).rejects.toMatchObject({ code: 'payment_provider_rejected', providerCode: '10' });
  });

  it('paying the subscription window starts the subscription and settles its first invoice', async () => {
    const { handle, customer, session, plan } = await subscribe(2);
    expect(await h.reepay.getSubscription(handle)).toBeNull();
    const response = await pay(session.url, '4111111111111111');
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.pathname).toBe('/purchase-subscription-redirect');
    expect(location.searchParams.get('subscription')).toBe(handle);
    const subscription = await h.reepay.getSubscription(handle);
    expect(subscription).toMatchObject({
      handle,
      plan,
      customer: customer.handle,
      state: 'active',
      quantity: 2,
      isCancelled: false,
      renewing: true,
      expires: null,
    });
    const start = new Date(subscription?.currentPeriodStart ?? '');
    const end = new Date(subscription?.nextPeriodStart ?? '');
    expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1);
    expect(subscription?.paymentInfoUrl).toBe(`http://localhost:3000/dev/reepay/payment-info/${handle}`);
    const invoiceHandle = location.searchParams.get('invoice') ?? '';
    expect(invoiceHandle).toMatch(/^inv-\d+$/);
    expect(await h.reepay.getInvoice(invoiceHandle)).toMatchObject({
      state: 'settled',
      type: 's',
      subscription: handle,
      amount: 39_800,
    });
    await h.reepayStandIn.whenWebhooksSent();
    expect(
      verifiedEvents()
        .filter((event) => event.subscription === handle)
        .map((event) => event.eventType),
    ).toEqual([
      'subscription_created',
      'subscription_payment_method_added',
      'invoice_created',
      'invoice_authorized',
      'invoice_settled',
    ]);
  });

  it('a returning customer subscribes by handle', async () => {
    const { customer, session } = await subscribe();
    await pay(session.url, '4111111111111111');
    const plan = `second-${randomUUID().slice(0, 8)}`;
    await h.reepay.createPlan({
      handle: plan,
      name: 'Second',
      amount: 9_900,
      currency: 'DKK',
      vat: 0.25,
      intervalMonths: 1,
    });
    const handle = `sub-${randomUUID().slice(0, 8)}`;
    const second = await h.reepay.createSubscriptionSession({
      handle,
      plan,
      customer: { handle: customer.handle, existing: true },
      acceptUrl: 'http://localhost:3000/purchase-subscription-redirect',
      cancelUrl: 'http://localhost:3000/purchase-failed',
    });
    await pay(second.url, '4111111111111111');
    expect(await h.reepay.getSubscription(handle)).toMatchObject({
      customer: customer.handle,
      plan,
      state: 'active',
    });
  });

  it('a declined card starts no subscription', async () => {
    const { handle, session } = await subscribe();
    expect((await pay(session.url, '4111111111111111', '003')).status).toBe(400);
    expect(await h.reepay.getSubscription(handle)).toBeNull();
  });

  it('cancels at the end of the period, can be uncancelled, and expires when the period ends cancelled', async () => {
    const { handle, session } = await subscribe();
    await pay(session.url, '4111111111111111');
    const cancelled = await h.reepay.cancelSubscription(handle);
    expect(cancelled).toMatchObject({ state: 'active', isCancelled: true, renewing: false });
    expect(cancelled.expires).toBe(cancelled.nextPeriodStart);
    expect(await h.reepay.uncancelSubscription(handle)).toMatchObject({
      isCancelled: false,
      expires: null,
      renewing: true,
    });
    await h.reepay.cancelSubscription(handle);
    const ended = await fetch(`${h.base}/dev/reepay/subscriptions/${handle}/renew`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(ended.status).toBe(200);
    expect(await h.reepay.getSubscription(handle)).toMatchObject({ state: 'expired' });
    await h.reepayStandIn.whenWebhooksSent();
    expect(
      verifiedEvents()
        .filter((event) => event.subscription === handle && event.eventType.startsWith('subscription_'))
        .map((event) => event.eventType),
    ).toEqual([
      'subscription_created',
      'subscription_payment_method_added',
      'subscription_cancelled',
      'subscription_uncancelled',
      'subscription_cancelled',
      'subscription_expired',
    ]);
  });

  it('a renewal extends the period; a failed renewal goes to dunning and then expires', async () => {
    const { handle, session } = await subscribe();
    await pay(session.url, '4111111111111111');
    const before = await h.reepay.getSubscription(handle);
    const renew = (fail: boolean) =>
      fetch(`${h.base}/dev/reepay/subscriptions/${handle}/renew`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fail }),
      });
    const renewed = (await (await renew(false)).json()) as RenewAnswer;
    expect(renewed.subscription.current_period_start).toBe(before?.nextPeriodStart);
    expect(renewed.invoice.state).toBe('settled');
    const failed = (await (await renew(true)).json()) as RenewAnswer;
    expect(failed.invoice.state).toBe('dunning');
    expect((await h.reepay.getSubscription(handle))?.state).toBe('active');
    await fetch(`${h.base}/dev/reepay/subscriptions/${handle}/expire-dunning`, { method: 'POST' });
    expect(await h.reepay.getSubscription(handle)).toMatchObject({ state: 'expired' });
    expect((await h.reepay.getInvoice(failed.invoice.handle))?.state).toBe('failed');
    await h.reepayStandIn.whenWebhooksSent();
    const types = verifiedEvents()
      .filter((event) => event.subscription === handle)
      .map((event) => event.eventType);
    expect(types).toEqual(
      expect.arrayContaining([
        'subscription_renewal',
        'invoice_dunning',
        'invoice_failed',
        'subscription_expired_dunning',
      ]),
    );
  });

  it('a raised quantity is billed prorated at once, or takes effect at the renewal', async () => {
    const { handle, session } = await subscribe(1);
    await pay(session.url, '4111111111111111');
    await h.reepayStandIn.whenWebhooksSent();
    h.receiver.clear();
    const raised = await h.reepay.changeSubscriptionQuantity(handle, { quantity: 3, timing: 'immediate' });
    expect(raised.quantity).toBe(3);
    await h.reepayStandIn.whenWebhooksSent();
    const events = verifiedEvents().filter((event) => event.subscription === handle);
    expect(events.map((event) => event.eventType)).toEqual([
      'subscription_changed',
      'invoice_created',
      'invoice_authorized',
      'invoice_settled',
    ]);
    const prorated = await h.reepay.getInvoice(events[1]?.invoice ?? '');
    // Two more for (almost) the whole year that has just begun: at most two full periods' price.
    expect(prorated?.state).toBe('settled');
    expect(prorated?.amount).toBeGreaterThan(0);
    expect(prorated?.amount).toBeLessThanOrEqual(2 * 19_900);

    const later = await h.reepay.changeSubscriptionQuantity(handle, { quantity: 5, timing: 'renewal' });
    expect(later.quantity).toBe(3);
    const renewal = await fetch(`${h.base}/dev/reepay/subscriptions/${handle}/renew`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const renewed = (await renewal.json()) as RenewAnswer & { invoice: { amount: number } };
    expect(renewed.invoice.amount).toBe(5 * 19_900);
    expect((await h.reepay.getSubscription(handle))?.quantity).toBe(5);
  });

  it('the payment_info page changes the card', async () => {
    const { handle, session } = await subscribe();
    await pay(session.url, '4111111111111111');
    const page = h.local((await h.reepay.getSubscription(handle))?.paymentInfoUrl ?? '');
    expect((await fetch(page)).status).toBe(200);
    expect((await submitForm(page, { card: '1234', expiry: validExpiry(), cvv: '123' })).status).toBe(400);
    const changed = await submitForm(page, {
      card: '5500 0000 0000 0004',
      expiry: validExpiry(),
      cvv: '123',
    });
    expect(changed.status).toBe(200);
    await h.reepayStandIn.whenWebhooksSent();
    expect(
      verifiedEvents().some(
        (event) => event.subscription === handle && event.eventType === 'subscription_payment_method_changed',
      ),
    ).toBe(true);
  });
});

describe('failures', () => {
  it('a wrong private key is rejected (401), not taken for an outage', async () => {
    const client = createReepayClient({
      privateKey: 'priv_wrong',
      apiUrl: `${h.base}/dev/reepay/api`,
      checkoutApiUrl: `${h.base}/dev/reepay/checkout-api`,
    });
    const error = await client.getInvoice('anything').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ code: 'payment_provider_rejected', status: 502, httpStatus: 401 });
  });

  it('the provider down answers payment_provider_unavailable (503), and nothing is created', async () => {
    await fetch(`${h.base}/dev/reepay/outage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"down":true}',
    });
    try {
      const input = chargeInput();
      await expect(h.reepay.createChargeSession(input)).rejects.toMatchObject({
        code: 'payment_provider_unavailable',
        status: 503,
        httpStatus: 503,
      });
      await expect(h.reepay.getInvoice(input.handle)).rejects.toMatchObject({
        code: 'payment_provider_unavailable',
      });
    } finally {
      await fetch(`${h.base}/dev/reepay/outage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"down":false}',
      });
    }
  });

  it("no answer in time, a closed port and a body that is not Reepay's are outages too", async () => {
    const silent = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const garbage = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>'),
    );
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    const garbageUrl = `http://127.0.0.1:${(garbage.address() as AddressInfo).port}`;
    try {
      for (const url of [silentUrl, garbageUrl, 'http://127.0.0.1:9']) {
        const client = createReepayClient({
          privateKey: 'priv_x',
          apiUrl: url,
          checkoutApiUrl: url,
          timeoutMs: 200,
        });
        await expect(client.createChargeSession(chargeInput())).rejects.toMatchObject({
          code: 'payment_provider_unavailable',
        });
      }
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
      await new Promise((resolve) => garbage.close(resolve));
    }
  });
});

describe('webhook delivery', () => {
  it('retries a failed delivery with the same id and signature before sending the next one of that customer', async () => {
    h.receiver.failNext(2);
    const input = chargeInput();
    await pay((await h.reepay.createChargeSession(input)).url, '4111111111111111');
    await h.reepayStandIn.whenWebhooksSent();
    const received = h.receiver.received.map((item) => ({
      status: item.status,
      body: JSON.parse(item.rawBody),
    }));
    const first = received[0]?.body;
    expect(received.slice(0, 3).map((item) => [item.status, item.body.id, item.body.signature])).toEqual([
      [500, first.id, first.signature],
      [500, first.id, first.signature],
      [200, first.id, first.signature],
    ]);
    // FIFO per customer: nothing else was delivered while the first one failed.
    expect(received.slice(3).every((item) => item.status === 200)).toBe(true);
    expect(received.slice(3).map((item) => item.body.event_type)).toEqual([
      'invoice_created',
      'invoice_authorized',
      'invoice_settled',
    ]);
  });

  it('lists deliveries and resends one as an exact duplicate', async () => {
    const input = chargeInput();
    await pay((await h.reepay.createChargeSession(input)).url, '4111111111111111');
    await h.reepayStandIn.whenWebhooksSent();
    const list = (await (await fetch(`${h.base}/dev/reepay/webhooks`)).json()) as {
      webhooks: Array<{ id: string; event_type: string; body: { invoice?: string } }>;
    };
    const settled = list.webhooks.find(
      (item) => item.event_type === 'invoice_settled' && item.body.invoice === input.handle,
    );
    expect(settled).toMatchObject({ state: 'delivered', attempts: 1, last_status: 200 });
    h.receiver.clear();
    if (!settled) throw new Error('no invoice_settled delivery');
    const resend = await fetch(`${h.base}/dev/reepay/webhooks/resend/${settled.id}`, { method: 'POST' });
    expect(resend.status).toBe(202);
    await h.receiver.waitFor(1);
    expect(JSON.parse(h.receiver.received[0]?.rawBody ?? '{}')).toEqual(settled.body);
  });
});
