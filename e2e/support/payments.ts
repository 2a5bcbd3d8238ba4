import { type APIRequestContext, expect } from '@playwright/test';

/*
 * The built-in payment stand-ins, reached over HTTP like the providers they stand in for. Their
 * credentials are published (config.ts STAND_IN_PAYMENT_CREDENTIALS), which is why production
 * never serves them.
 */
const REEPAY_PRIVATE_KEY = 'priv_stand_in_0000000000000000';
const VIPPS = {
  client_id: 'stand-in-client',
  client_secret: 'stand-in-client-secret',
  'ocp-apim-subscription-key': 'stand-in-subscription-key',
  'merchant-serial-number': '123456',
};

/** A Reepay charge session for one order line; answers the window's address. */
export async function createReepayChargeSession(
  request: APIRequestContext,
  options: {
    handle: string;
    amount: number;
    ordertext: string;
    acceptUrl: string;
    cancelUrl: string;
    locale?: string;
  },
): Promise<string> {
  const response = await request.post('/dev/reepay/checkout-api/v1/session/charge', {
    headers: { authorization: `Basic ${Buffer.from(`${REEPAY_PRIVATE_KEY}:`).toString('base64')}` },
    data: {
      order: {
        handle: options.handle,
        key: `${options.handle}-key`,
        currency: 'DKK',
        customer: { handle: `c-${options.handle}`, email: `${options.handle}@example.dk` },
        order_lines: [{ ordertext: options.ordertext, amount: options.amount, quantity: 1, vat: 0.25 }],
      },
      settle: true,
      accept_url: options.acceptUrl,
      cancel_url: options.cancelUrl,
      ...(options.locale ? { locale: options.locale } : {}),
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/** A Vipps MobilePay payment; answers the landing page's address. */
export async function createVippsPayment(
  request: APIRequestContext,
  options: { reference: string; value: number; description: string; returnUrl: string },
): Promise<string> {
  const token = await request.post('/dev/vipps/api/accesstoken/get', { headers: VIPPS });
  expect(token.status()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const { client_id: _id, client_secret: _secret, ...headers } = VIPPS;
  const response = await request.post('/dev/vipps/api/epayment/v1/payments', {
    headers: { ...headers, authorization: `Bearer ${accessToken}`, 'idempotency-key': options.reference },
    data: {
      amount: { currency: 'NOK', value: options.value },
      paymentMethod: { type: 'WALLET' },
      reference: options.reference,
      userFlow: 'WEB_REDIRECT',
      returnUrl: options.returnUrl,
      paymentDescription: options.description,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { redirectUrl: string }).redirectUrl;
}

/** An expiry (MM/YY) next year, for the card stand-in's window. */
function nextYearExpiry(): string {
  return `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
}

/**
 * A paid order of the Danish plate pack with a shipping address, bought through the API by the
 * person whose token is given and paid in the card stand-in's window (card 4111…, an accepted CVC),
 * as the checkout screens do it. Waits until the order is fulfilled (its plates wait to be packed);
 * answers its id and receipt number.
 */
export async function paidPlatesOrderViaApi(
  request: APIRequestContext,
  token: string,
  shippingAddress = {
    name: 'Olga Oblat',
    street_address: 'Cykelvej 1',
    zip_code: '2100',
    city: 'København Ø',
    country: 'DK',
  },
): Promise<{ orderId: string; receiptNumber: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const products = await request.get('/api/webshop/products?region=dk');
  expect(products.status()).toBe(200);
  const plates = ((await products.json()) as Array<{ id: string; handle: string }>).find(
    (product) => product.handle === 'dk-plates',
  );
  expect(plates, 'the Danish plate pack is in the catalogue').toBeTruthy();
  const started = await request.post('/api/webshop/orders/reepay', {
    headers,
    data: { items: [{ product_id: plates?.id, quantity: 1 }], shipping_address: shippingAddress },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { order_id: orderId, payment_url: paymentUrl } = (await started.json()) as {
    order_id: string;
    payment_url: string;
  };
  const window = new URL(paymentUrl);
  const paid = await request.post(`${window.pathname}${window.search}`, {
    form: { card: '4111 1111 1111 1111', expiry: nextYearExpiry(), cvv: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
  let receiptNumber = '';
  await expect
    .poll(
      async () => {
        const order = (await (await request.get(`/api/webshop/orders/${orderId}`, { headers })).json()) as {
          status: string;
          receipt_number: string | null;
        };
        receiptNumber = order.receipt_number ?? '';
        return order.status;
      },
      { timeout: 15_000 },
    )
    .toBe('fulfilled');
  return { orderId, receiptNumber };
}

/** The free credits of the person whose token is given (GET /webshop/bike-ownership-credits/overview). */
export async function freeCredits(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/webshop/bike-ownership-credits/overview', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { credits_free: number }).credits_free;
}

/**
 * A subscription to `plan` at the card provider, bought through the API by the person whose token is
 * given and paid in the card stand-in's window as the checkout screens do it; waits until the
 * provider's word has made it active and renewing.
 */
export async function subscribedViaApi(
  request: APIRequestContext,
  token: string,
  plan: 'SINGLE' | 'FAMILY' = 'SINGLE',
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const started = await request.post('/api/webshop/subscriptions/sessions', {
    headers,
    data: { plan, immediate_start_consent: true },
  });
  expect(started.status(), await started.text()).toBe(201);
  const window = new URL(((await started.json()) as { payment_url: string }).payment_url);
  const paid = await request.post(`${window.pathname}${window.search}`, {
    form: { card: '4111 1111 1111 1111', expiry: nextYearExpiry(), cvv: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
  await expect
    .poll(
      async () => {
        const table = await request.post('/api/webshop/customer-session-for-pricing-table', { headers });
        return ((await table.json()) as { renews: boolean }).renews;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}
