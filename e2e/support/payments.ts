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
