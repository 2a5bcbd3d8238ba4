import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_SECRETS, SINGLE_MACHINE_PRODUCTION } from '../../../test/config-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { type PaymentStandInHarness, startPaymentStandIns } from '../../../test/payment-helpers.ts';

let h: PaymentStandInHarness;
beforeAll(async () => {
  h = await startPaymentStandIns();
});
afterAll(() => h.close());

describe('the landing page', () => {
  it('speaks Norwegian by default, and Danish or English when asked', async () => {
    const reference = `naf-${randomUUID()}`;
    const { redirectUrl } = await h.vipps.createPayment({
      reference,
      amount: { currency: 'NOK', value: 19_900 },
      paymentDescription: 'Sykkelregistrering',
      returnUrl: 'http://localhost:3000/purchase-complete-redirect',
      idempotencyKey: randomUUID(),
    });
    const page = h.local(redirectUrl);
    const norwegian = await (await fetch(page)).text();
    expect(norwegian).toContain('<html lang="nb">');
    expect(norwegian).toMatch(/Betal 199,00\skr/);
    expect(norwegian).toContain('Sykkelregistrering');
    expect(norwegian).toContain('name="viewport" content="width=device-width,initial-scale=1"');
    expect(await (await fetch(page, { headers: { 'accept-language': 'da-DK' } })).text()).toContain(
      'Godkend betalingen',
    );
    expect(await (await fetch(`${page}&lang=en`)).text()).toContain('Approve the payment');
  });
});

describe("the app's webhook check", () => {
  it('accepts what the stand-in sends, as the webshop route hands it over', async () => {
    h.receiver.clear();
    const reference = `naf-${randomUUID()}`;
    await h.vipps.createPayment({
      reference,
      amount: { currency: 'NOK', value: 100 },
      paymentDescription: 'Test',
      returnUrl: 'http://localhost:3000/purchase-complete-redirect',
      idempotencyKey: randomUUID(),
    });
    await h.vippsStandIn.whenWebhooksSent();
    const delivery = h.receiver.received.find((item) => item.url.includes('provider=vipps'));
    if (!delivery) throw new Error('no delivery');
    const check = (rawBody: string) =>
      h.t.app.payments.vipps.verifyWebhook({
        method: delivery.method,
        pathAndQuery: delivery.url,
        headers: delivery.headers,
        rawBody,
      });
    expect(check(delivery.rawBody)).toMatchObject({
      ok: true,
      event: { reference, name: 'CREATED', msn: '123456' },
    });
    expect(check(delivery.rawBody.replace('"value":100', '"value":1'))).toEqual({
      ok: false,
      reason: 'bad_content_hash',
    });
  });
});

describe('the stand-in API', () => {
  it('needs a token, the subscription key and the MSN, and answers problems', async () => {
    const response = await fetch(`${h.base}/dev/vipps/api/epayment/v1/payments/naf-00000000`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(await response.json()).toMatchObject({ title: 'Unauthorized', status: 401 });
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ...SINGLE_MACHINE_PRODUCTION, ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail.example.org:587' },
    });
  });
  afterAll(() => t.close());

  it('serves no stand-in, and the adapter points at Vipps MobilePay', async () => {
    expect(t.app.payments.vipps.standIn).toBeNull();
    expect(t.config.payments.vipps).toMatchObject({ mode: 'provider', apiUrl: 'https://api.vipps.no' });
    for (const [method, url] of [
      ['POST', '/dev/vipps/api/accesstoken/get'],
      ['GET', '/dev/vipps/landing/naf-00000000?token=x'],
      ['GET', '/dev/vipps/webhooks'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(404);
    }
  });
});
