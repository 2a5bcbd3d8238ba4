import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAND_IN_PAYMENT_CREDENTIALS } from '../../../config.ts';
import {
  type PaymentStandInHarness,
  startPaymentStandIns,
  submitForm,
} from '../../../test/payment-helpers.ts';
import { PaymentProviderError } from '../provider-http.ts';
import { type CreateVippsPaymentInput, createVippsClient } from './vipps-client.ts';
import { verifyVippsWebhook } from './vipps-webhooks.ts';

let h: PaymentStandInHarness;
beforeAll(async () => {
  h = await startPaymentStandIns();
});
afterAll(() => h.close());
beforeEach(() => {
  h.receiver.clear();
  h.receiver.failNext(0);
});

const SECRET = STAND_IN_PAYMENT_CREDENTIALS.vipps.webhookSecret;

function paymentInput(overrides: Partial<CreateVippsPaymentInput> = {}): CreateVippsPaymentInput {
  const reference = `naf-${randomUUID()}`;
  return {
    reference,
    amount: { currency: 'NOK', value: 12_500 },
    paymentDescription: 'Sykkelregistrering, NAF-medlem',
    returnUrl: `http://localhost:3000/purchase-complete-redirect?order=${reference}`,
    customerPhoneNumber: '4712345678',
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

/** The Vipps deliveries received so far, verified as our webhook route would. */
async function verifiedEvents(reference: string) {
  await h.vippsStandIn.whenWebhooksSent();
  return h.receiver.received
    .filter((item) => item.url.includes('provider=vipps'))
    .map((item) => {
      const result = verifyVippsWebhook({
        method: item.method,
        pathAndQuery: item.url,
        headers: item.headers,
        rawBody: item.rawBody,
        secrets: [SECRET],
      });
      if (!result.ok) throw new Error(`a delivery did not verify: ${result.reason}`);
      return result.event;
    })
    .filter((event) => event.reference === reference);
}

/** The landing page's button, as a browser presses it. */
async function answer(redirectUrl: string, choice: 'approve' | 'abort') {
  const landing = new URL(h.local(redirectUrl));
  const token = landing.searchParams.get('token') ?? '';
  return submitForm(`${landing.origin}${landing.pathname}/${choice}`, { token });
}

describe('payments', () => {
  it('creates a payment with WEB_REDIRECT; the same Idempotency-Key gives the same answer', async () => {
    const input = paymentInput();
    const created = await h.vipps.createPayment(input);
    expect(created.reference).toBe(input.reference);
    expect(created.redirectUrl).toMatch(
      new RegExp(`^http://localhost:3000/dev/vipps/landing/${input.reference}\\?token=`),
    );
    expect(await h.vipps.createPayment(input)).toEqual(created);
    await expect(h.vipps.createPayment({ ...input, idempotencyKey: randomUUID() })).rejects.toMatchObject({
      code: 'payment_provider_rejected',
      httpStatus: 409,
    });
    expect(await h.vipps.getPayment(input.reference)).toMatchObject({
      reference: input.reference,
      state: 'CREATED',
      amount: { currency: 'NOK', value: 12_500 },
      aggregate: { authorizedAmount: 0, capturedAmount: 0, cancelledAmount: 0, refundedAmount: 0 },
    });
    expect(await h.vipps.getPayment('naf-no-such-payment')).toBeNull();
  });

  it('approving on the landing page authorizes, returns to returnUrl unchanged and sends signed webhooks', async () => {
    const input = paymentInput();
    const { redirectUrl } = await h.vipps.createPayment(input);
    const page = await fetch(h.local(redirectUrl), { headers: { 'accept-language': 'nb-NO' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Godkjenn betalingen');
    const response = await answer(redirectUrl, 'approve');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(input.returnUrl);
    expect((await h.vipps.getPayment(input.reference))?.state).toBe('AUTHORIZED');
    expect((await h.vipps.getPayment(input.reference))?.aggregate.authorizedAmount).toBe(12_500);
    const events = await verifiedEvents(input.reference);
    expect(events.map((event) => event.name)).toEqual(['CREATED', 'AUTHORIZED']);
    expect(events[0]).toMatchObject({ msn: '123456', idempotencyKey: input.idempotencyKey, success: true });
    expect((await h.vipps.getPaymentEvents(input.reference)).map((event) => event.name)).toEqual([
      'CREATED',
      'AUTHORIZED',
    ]);
    // The page is used up.
    expect((await fetch(h.local(redirectUrl))).status).toBe(410);
  });

  it('aborting returns to the shop with the payment ABORTED; a wrong token changes nothing', async () => {
    const input = paymentInput();
    const { redirectUrl } = await h.vipps.createPayment(input);
    const forged = new URL(h.local(redirectUrl));
    expect((await submitForm(`${forged.origin}${forged.pathname}/approve`, { token: 'forged' })).status).toBe(
      404,
    );
    expect((await fetch(`${forged.origin}${forged.pathname}?token=forged`)).status).toBe(404);
    expect((await h.vipps.getPayment(input.reference))?.state).toBe('CREATED');
    expect((await answer(redirectUrl, 'abort')).status).toBe(303);
    expect((await h.vipps.getPayment(input.reference))?.state).toBe('ABORTED');
    expect((await verifiedEvents(input.reference)).map((event) => event.name)).toEqual([
      'CREATED',
      'ABORTED',
    ]);
  });

  it('a payment nobody answers expires', async () => {
    const input = paymentInput();
    await h.vipps.createPayment(input);
    const expired = await fetch(`${h.base}/dev/vipps/payments/expire-waiting`, { method: 'POST' });
    expect(expired.status).toBe(200);
    expect((await h.vipps.getPayment(input.reference))?.state).toBe('EXPIRED');
    expect((await verifiedEvents(input.reference)).map((event) => event.name)).toEqual([
      'CREATED',
      'EXPIRED',
    ]);
  });

  it('captures, refunds and cancels within what the payment allows, each once per key', async () => {
    const input = paymentInput();
    const { redirectUrl } = await h.vipps.createPayment(input);
    await answer(redirectUrl, 'approve');
    const key = randomUUID();
    const captured = await h.vipps.capturePayment(input.reference, {
      amount: { currency: 'NOK', value: 10_000 },
      idempotencyKey: key,
    });
    expect(captured).toMatchObject({ state: 'AUTHORIZED', aggregate: { capturedAmount: 10_000 } });
    expect(
      await h.vipps.capturePayment(input.reference, {
        amount: { currency: 'NOK', value: 10_000 },
        idempotencyKey: key,
      }),
    ).toEqual(captured);
    await expect(
      h.vipps.capturePayment(input.reference, {
        amount: { currency: 'NOK', value: 5_000 },
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'payment_provider_rejected', httpStatus: 400 });
    const refunded = await h.vipps.refundPayment(input.reference, {
      amount: { currency: 'NOK', value: 4_000 },
      idempotencyKey: randomUUID(),
    });
    expect(refunded.aggregate).toEqual({
      authorizedAmount: 12_500,
      capturedAmount: 10_000,
      refundedAmount: 4_000,
      cancelledAmount: 0,
    });
    await expect(
      h.vipps.refundPayment(input.reference, {
        amount: { currency: 'NOK', value: 6_001 },
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    const cancelled = await h.vipps.cancelPayment(input.reference, { idempotencyKey: randomUUID() });
    expect(cancelled).toMatchObject({ state: 'AUTHORIZED', aggregate: { cancelledAmount: 2_500 } });
    expect((await verifiedEvents(input.reference)).map((event) => event.name)).toEqual([
      'CREATED',
      'AUTHORIZED',
      'CAPTURED',
      'REFUNDED',
      'CANCELLED',
    ]);
  });

  it('cancelling before approval terminates the payment; a terminated payment cannot be captured', async () => {
    const input = paymentInput();
    await h.vipps.createPayment(input);
    expect(await h.vipps.cancelPayment(input.reference, { idempotencyKey: randomUUID() })).toMatchObject({
      state: 'TERMINATED',
    });
    await expect(
      h.vipps.capturePayment(input.reference, {
        amount: { currency: 'NOK', value: 100 },
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'payment_provider_rejected' });
    expect((await verifiedEvents(input.reference)).map((event) => event.name)).toEqual([
      'CREATED',
      'TERMINATED',
    ]);
  });

  it('force-approve, as the test environment offers it', async () => {
    const input = paymentInput();
    await h.vipps.createPayment(input);
    const token = await (
      await fetch(`${h.base}/dev/vipps/api/accesstoken/get`, {
        method: 'POST',
        headers: {
          client_id: STAND_IN_PAYMENT_CREDENTIALS.vipps.clientId,
          client_secret: STAND_IN_PAYMENT_CREDENTIALS.vipps.clientSecret,
          'ocp-apim-subscription-key': STAND_IN_PAYMENT_CREDENTIALS.vipps.subscriptionKey,
          'merchant-serial-number': STAND_IN_PAYMENT_CREDENTIALS.vipps.merchantSerialNumber,
        },
      })
    ).json();
    const approved = await fetch(
      `${h.base}/dev/vipps/api/epayment/v1/test/payments/${input.reference}/approve`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${(token as { access_token: string }).access_token}`,
          'ocp-apim-subscription-key': STAND_IN_PAYMENT_CREDENTIALS.vipps.subscriptionKey,
          'merchant-serial-number': STAND_IN_PAYMENT_CREDENTIALS.vipps.merchantSerialNumber,
        },
      },
    );
    expect(approved.status).toBe(200);
    expect((await h.vipps.getPayment(input.reference))?.state).toBe('AUTHORIZED');
  });
});

describe('requests and failures', () => {
  it('refuses a reference outside ^[a-zA-Z0-9-]{8,50}$ and a request without Idempotency-Key', async () => {
    await expect(h.vipps.createPayment(paymentInput({ reference: 'short' }))).rejects.toMatchObject({
      code: 'payment_provider_rejected',
      httpStatus: 400,
    });
    await expect(h.vipps.createPayment(paymentInput({ idempotencyKey: '' }))).rejects.toMatchObject({
      httpStatus: 400,
    });
  });

  it('wrong credentials are rejected when the token is asked for', async () => {
    const client = createVippsClient({
      ...STAND_IN_PAYMENT_CREDENTIALS.vipps,
      clientSecret: 'wrong',
      apiUrl: `${h.base}/dev/vipps/api`,
    });
    await expect(client.getPayment('naf-anything-1')).rejects.toMatchObject({
      code: 'payment_provider_rejected',
      httpStatus: 401,
    });
  });

  it('the provider down answers payment_provider_unavailable', async () => {
    const outage = (down: boolean) =>
      fetch(`${h.base}/dev/vipps/outage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ down }),
      });
    await outage(true);
    try {
      const client = createVippsClient({
        ...STAND_IN_PAYMENT_CREDENTIALS.vipps,
        apiUrl: `${h.base}/dev/vipps/api`,
      });
      await expect(client.createPayment(paymentInput())).rejects.toMatchObject({
        code: 'payment_provider_unavailable',
        status: 503,
      });
    } finally {
      await outage(false);
    }
  });

  it('retries a failed webhook, signed anew, until it is taken', async () => {
    h.receiver.failNext(1);
    const input = paymentInput();
    await h.vipps.createPayment(input);
    await h.vippsStandIn.whenWebhooksSent();
    const attempts = h.receiver.received.filter((item) => item.url.includes('provider=vipps'));
    expect(attempts.map((item) => item.status)).toEqual([500, 200]);
    expect(attempts[0]?.rawBody).toBe(attempts[1]?.rawBody);
    expect((await verifiedEvents(input.reference)).map((event) => event.name)).toEqual([
      'CREATED',
      'CREATED',
    ]);
  });
});
