import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_SECRETS, SINGLE_MACHINE_PRODUCTION } from '../../../test/config-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import {
  type PaymentStandInHarness,
  startPaymentStandIns,
  submitForm,
  validExpiry,
} from '../../../test/payment-helpers.ts';
import { REEPAY_TEST_CARDS } from './reepay-stand-in.ts';

let h: PaymentStandInHarness;
beforeAll(async () => {
  h = await startPaymentStandIns();
});
afterAll(() => h.close());

async function session(locale?: string) {
  const handle = `o-${randomUUID().slice(0, 8)}`;
  const created = await h.reepay.createChargeSession({
    handle,
    idempotencyKey: randomUUID(),
    currency: 'NOK',
    orderLines: [{ ordertext: 'Sykkelregistrering', amount: 12_500, quantity: 1, vat: 0.25 }],
    customer: { handle: `c-${handle}`, email: 'ola@example.no' },
    acceptUrl: 'http://localhost:3000/purchase-complete-redirect',
    cancelUrl: 'http://localhost:3000/purchase-failed',
    settle: true,
    ...(locale ? { locale } : {}),
  });
  return { handle, ...created, page: h.local(created.url) };
}

describe('the hosted payment window', () => {
  it('speaks the language asked for: ?lang, then the session locale, then Accept-Language', async () => {
    const norwegian = await session('nb_NO');
    const page = await fetch(norwegian.page, { headers: { 'accept-language': 'en' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<html lang="nb">');
    expect(html).toContain('Kortnummer');
    expect(html).toMatch(/Betal 125,00\skr/);
    expect(html).toContain('Sykkelregistrering');
    expect(html).toContain('name="viewport" content="width=device-width,initial-scale=1"');
    expect(html).toContain('autocomplete="cc-number"');

    const english = await fetch(`${norwegian.page}?lang=en`);
    expect(await english.text()).toContain('Card number');
    const unset = await session();
    expect(
      await (await fetch(unset.page, { headers: { 'accept-language': 'en-GB,en;q=0.8' } })).text(),
    ).toContain('<html lang="en">');
    expect(await (await fetch(unset.page, { headers: { 'accept-language': 'da' } })).text()).toContain(
      'Udløbsdato',
    );
  });

  it('accepts every test card of the provider with a valid expiry', async () => {
    for (const number of Object.keys(REEPAY_TEST_CARDS)) {
      const { page, handle } = await session();
      const response = await submitForm(page, { card: number, expiry: validExpiry(), cvv: '123' });
      expect(response.status, number).toBe(303);
      expect((await h.reepay.getInvoice(handle))?.state, number).toBe('settled');
    }
  });

  it('shows an error for an unknown card, a passed expiry or a missing CVC, and changes nothing', async () => {
    const { page, handle } = await session('da_DK');
    for (const [fields, text] of [
      [{ card: '4111 1111 1111 1112', expiry: validExpiry(), cvv: '123' }, 'Kortet blev ikke genkendt'],
      [{ card: '4111 1111 1111 1111', expiry: '01/20', cvv: '123' }, 'Udløbsdatoen er forkert'],
      [{ card: '4111 1111 1111 1111', expiry: '13/40', cvv: '123' }, 'Udløbsdatoen er forkert'],
      [{ card: '4111 1111 1111 1111', expiry: validExpiry(), cvv: '' }, 'Kortet blev ikke genkendt'],
    ] as const) {
      const response = await submitForm(page, fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain('role="alert"');
      expect(html).toContain(text);
    }
    expect(await h.reepay.getInvoice(handle)).toBeNull();
  });

  it('answers 404 for an unknown window', async () => {
    expect((await fetch(`${h.base}/dev/reepay/checkout/cs_unknown`)).status).toBe(404);
  });
});

describe("the app's webhook check", () => {
  it('accepts what the stand-in sends and refuses it signed with anything else', async () => {
    h.receiver.clear();
    const { page } = await session();
    await submitForm(page, { card: '4111111111111111', expiry: validExpiry(), cvv: '123' });
    await h.reepayStandIn.whenWebhooksSent();
    const raw = h.receiver.received.at(-1)?.rawBody ?? '';
    expect(h.t.app.payments.reepay.verifyWebhook(raw)).toMatchObject({
      ok: true,
      event: { eventType: 'invoice_settled' },
    });
    const forged = { ...JSON.parse(raw), signature: 'a'.repeat(64) };
    expect(h.t.app.payments.reepay.verifyWebhook(forged)).toEqual({ ok: false, reason: 'bad_signature' });
  });
});

describe('the stand-in API', () => {
  it("needs the private key as Basic user, and answers errors in Reepay's shape", async () => {
    const unauthenticated = await fetch(`${h.base}/dev/reepay/api/v1/invoice/x`);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('request-id')).toBeTruthy();
    expect(await unauthenticated.json()).toMatchObject({ error: 'Unauthorized', http_status: 401 });

    const authorization = `Basic ${Buffer.from('priv_stand_in_0000000000000000:').toString('base64')}`;
    const missing = await fetch(`${h.base}/dev/reepay/api/v1/invoice/nope`, { headers: { authorization } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'Invoice not found', http_status: 404 });

    const invalid = await fetch(`${h.base}/dev/reepay/checkout-api/v1/session/charge`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ order: { handle: 'bad handle!', amount: 100 } }),
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: string }).error).toMatch(/^Validation error: order\.handle/);
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

  it('serves no stand-in, and the adapter points at the real provider', async () => {
    expect(t.app.payments.reepay.standIn).toBeNull();
    expect(t.config.payments.reepay).toMatchObject({ mode: 'provider', apiUrl: 'https://api.reepay.com' });
    for (const url of [
      '/dev/reepay/checkout/cs_x',
      '/dev/reepay/api/v1/invoice/x',
      '/dev/reepay/webhooks',
      '/dev/reepay/stand-in.css',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/dev/reepay/checkout-api/v1/session/charge',
      payload: {},
    });
    expect(post.statusCode).toBe(404);
  });
});
