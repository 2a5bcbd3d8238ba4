import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { STAND_IN_PAYMENT_CREDENTIALS } from '../config.ts';
import { bikeOwnershipCredits, subscriptions } from '../db/schema/bikes.ts';
import { orders } from '../db/schema/webshop.ts';
import { signReepayWebhook } from '../platform/payments/reepay/reepay-webhooks.ts';
import { bearer, logIn, signUpUser } from './identity-helpers.ts';
import { grantStaffRole } from './role-fixtures.ts';

/*
 * The shop for API tests: the catalogue as the migration seeds it, and voucher batches made the
 * way staff make them (POST /api/webshop/voucher-batches as a backoffice admin).
 */

interface CatalogueProduct {
  id: string;
  handle: string;
  kind: string;
  credits: number;
  price: { amount_minor: number; amount: number; vat_minor: number; currency: string };
}

/** The products of a region by handle (`dk-single`…). */
export async function catalogue(app: FastifyInstance, region: 'dk' | 'no' = 'dk') {
  const response = await app.inject({ method: 'GET', url: `/api/webshop/products?region=${region}` });
  if (response.statusCode !== 200) throw new Error(`products answered ${response.statusCode}`);
  const products = response.json<CatalogueProduct[]>();
  return Object.fromEntries(products.map((product) => [product.handle, product])) as Record<
    string,
    CatalogueProduct
  >;
}

/** A backoffice admin's token (a new person given the admin role). */
export async function staffAdminToken(app: FastifyInstance): Promise<string> {
  const admin = await signUpUser(app);
  await grantStaffRole(app.db, admin.partyId, 'admin');
  return logIn(app, admin.email, admin.password);
}

/** A batch of voucher codes made by an admin; answers the codes. */
export async function makeVouchers(
  app: FastifyInstance,
  adminToken: string,
  batch: {
    product_id?: string;
    discount_percent?: number;
    count?: number;
    max_redemptions?: number;
    expires_at?: string;
  },
): Promise<string[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/webshop/voucher-batches',
    headers: bearer(adminToken),
    payload: {
      note: 'Test batch',
      count: 1,
      expires_at: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
      ...batch,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`voucher-batches answered ${response.statusCode}: ${response.body}`);
  return response.json<{ codes: string[] }>().codes;
}

export function redeem(
  app: FastifyInstance,
  token: string | null,
  body: Record<string, unknown>,
  headers = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/webshop/vouchers/redemptions',
    headers: token ? bearer(token, headers) : headers,
    payload: body,
  });
}

/** Starts a card checkout of a basket; fails the test unless it answers 201. */
export async function checkout(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ order_id: string; payment_url: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/webshop/orders/reepay',
    headers: bearer(token, headers),
    payload: body,
  });
  if (response.statusCode !== 201)
    throw new Error(`checkout answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** An expiry (MM/YY) next year. */
function nextYearExpiry(): string {
  return `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
}

/**
 * Pays in the stand-in's payment window as a person would (card 4111…, `cvv` picks the outcome,
 * payments.md §1.8) and waits until its webhooks have been delivered. Answers the window's answer.
 */
export async function payInWindow(
  app: FastifyInstance,
  paymentUrl: string,
  cvv = '123',
  /** A test card of the stand-in (payments.md): another card is another card identifier. */
  card = '4111 1111 1111 1111',
) {
  const url = new URL(paymentUrl);
  const response = await app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ card, expiry: nextYearExpiry(), cvv }).toString(),
  });
  await app.payments.reepay.standIn?.whenWebhooksSent();
  return response;
}

/** A webhook body as Reepay sends it, signed with `secret` (the stand-in's unless a test forges one). */
export function signedReepayWebhook(
  fields: { event_type: string; invoice?: string; customer?: string; event_id?: string; timestamp?: string },
  secret: string = STAND_IN_PAYMENT_CREDENTIALS.reepay.webhookSecret,
): Record<string, string> {
  const id = randomUUID().replaceAll('-', '');
  const timestamp = fields.timestamp ?? new Date().toISOString();
  return {
    id,
    event_id: fields.event_id ?? randomUUID().replaceAll('-', ''),
    event_type: fields.event_type,
    timestamp,
    signature: signReepayWebhook(secret, timestamp, id),
    ...(fields.invoice ? { invoice: fields.invoice } : {}),
    ...(fields.customer ? { customer: fields.customer } : {}),
  };
}

export function postReepayWebhook(app: FastifyInstance, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/webshop/webhooks/reepay',
    payload: body as Record<string, unknown>,
  });
}

// --- exactly once under concurrency (the race tests of both providers) -----------------------------

/** The same list in a random order: deliveries arrive in whatever order the network gives. */
export function shuffled<T>(list: readonly T[]): T[] {
  return list
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.item);
}

/** Webhook answers of one event delivered many times at once: all accepted, one settled the order. */
export function expectSettledOnce(answers: readonly LightMyRequestResponse[]): void {
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(answers.length).fill(200));
  const outcomes = answers.map((answer) => answer.json().outcome);
  expect(outcomes.filter((outcome) => outcome === 'settled')).toHaveLength(1);
  expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(answers.length - 1);
}

/** The order paid and fulfilled once: its receipt, one subscription, the buyer's `credits` credits. */
export async function expectFulfilledOnce(
  app: FastifyInstance,
  orderId: string,
  partyId: string,
  credits: number,
): Promise<void> {
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order?.status).toBe('fulfilled');
  expect(order?.receiptNumber).not.toBeNull();
  expect(await app.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId))).toHaveLength(1);
  expect(
    await app.db.select().from(bikeOwnershipCredits).where(eq(bikeOwnershipCredits.partyId, partyId)),
  ).toHaveLength(credits);
}
