import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../db/schema/platform.ts';
import { orders as ordersTable } from '../../db/schema/webshop.ts';
import { postBike, signUpOwner } from '../../test/bike-api-helpers.ts';
import { uniqueFrameNumber } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser } from '../../test/identity-helpers.ts';
import { catalogue } from '../../test/webshop-helpers.ts';
import { IDEMPOTENCY_LEASE_MS } from './idempotency.ts';

/*
 * Idempotency-Key on the product's own routes, one of each kind: a service that opens its own
 * transaction (registering a bike) and a payment at a provider between two transactions (a card
 * checkout). A request carrying DIE fails once its handler is done, after its transaction
 * committed: what a client sees when the instance dies before answering (idempotency.crash.test.ts
 * kills a real process there).
 */

const DIE = 'x-test-die-after-commit';

let t: TestApp;
let singleProductId: string;

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.addHook('preSerialization', async (request, _reply, payload) => {
        if (request.headers[DIE]) throw new Error('the instance died before answering');
        return payload;
      });
    },
  });
  const products = await catalogue(t.app);
  const single = products['dk-single'];
  if (!single) throw new Error('no dk-single');
  singleProductId = single.id;
});
afterAll(async () => {
  await t?.close();
});

const keyed = (token: string, key: string, extra: Record<string, string> = {}) =>
  bearer(token, { 'idempotency-key': key, ...extra });

async function ordersOf(partyId: string) {
  return t.database.db.select().from(ordersTable).where(eq(ordersTable.partyId, partyId));
}

describe('Idempotency-Key on a route whose service opens its own transaction (POST /api/bikes)', () => {
  it('repeats the registration the client never heard of: one bike, one credit, no frame_number_in_use', async () => {
    const owner = await signUpOwner(t.app, 2);
    const body = { nickname: 'Registered once', frame_number: uniqueFrameNumber() };
    const key = `bike-${randomUUID()}`;
    const died = await postBike(t.app, owner.token, body, { 'idempotency-key': key, [DIE]: '1' });
    expect(died.statusCode).toBe(500);

    const retried = await postBike(t.app, owner.token, body, { 'idempotency-key': key });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/bikes/${retried.json().bike_id}`,
      headers: bearer(owner.token),
    });
    expect(retried.json()).toEqual(read.json());

    const list = await t.app.inject({ method: 'GET', url: '/api/bikes', headers: bearer(owner.token) });
    expect(list.json().map((bike: { frame_number: string }) => bike.frame_number)).toEqual([
      body.frame_number,
    ]);
    const credits = await t.app.inject({
      method: 'GET',
      url: '/api/webshop/bike-ownership-credits/overview',
      headers: bearer(owner.token),
    });
    expect(credits.json()).toMatchObject({ credits_free: 1 });
  });

  it('keeps nothing of a refusal: the retry after buying a credit registers', async () => {
    const owner = await signUpUser(t.app);
    const body = { nickname: 'Later', frame_number: uniqueFrameNumber() };
    const key = `bike-${randomUUID()}`;
    const refused = await postBike(t.app, owner.token, body, { 'idempotency-key': key });
    expect(refused.statusCode).toBe(403);
    await t.app.inject({ method: 'POST', url: '/dev/credits', payload: { email: owner.email, count: 1 } });
    const retried = await postBike(t.app, owner.token, body, { 'idempotency-key': key });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('Idempotency-Key on a payment route (POST /api/webshop/orders/reepay)', () => {
  const checkoutWith = (token: string, key: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webshop/orders/reepay',
      headers: keyed(token, key, extra),
      payload: { items: [{ product_id: singleProductId, quantity: 1 }] },
    });

  it('repeats the checkout the client never heard of: one order, the same payment window', async () => {
    const buyer = await signUpUser(t.app);
    const key = `order-${randomUUID()}`;
    expect((await checkoutWith(buyer.token, key, { [DIE]: '1' })).statusCode).toBe(500);
    const [placed] = await ordersOf(buyer.partyId);

    const retried = await checkoutWith(buyer.token, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual({ order_id: placed?.id, payment_url: placed?.paymentUrl });
    expect(await ordersOf(buyer.partyId)).toHaveLength(1);
  });

  it('continues with the order placed before the instance died at the provider: no second order', async () => {
    const buyer = await signUpUser(t.app);
    const key = `order-${randomUUID()}`;
    const first = await checkoutWith(buyer.token, key);
    expect(first.statusCode).toBe(201);
    // What an instance that died between placing the order and recording its payment window leaves:
    // the order pending, the key's progress naming it, no answer, a lease that ran out.
    const orderId = first.json().order_id;
    await t.database.db.update(ordersTable).set({ paymentUrl: null }).where(eq(ordersTable.id, orderId));
    await t.database.db
      .update(idempotencyKeys)
      .set({
        status: null,
        response: null,
        progress: { order_id: orderId },
        createdAt: new Date(Date.now() - IDEMPOTENCY_LEASE_MS - 1_000),
      })
      .where(and(eq(idempotencyKeys.partyId, buyer.partyId), eq(idempotencyKeys.key, key)));

    const retried = await checkoutWith(buyer.token, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    // The provider answers the same window for the same order (our order id is its key).
    expect(retried.json()).toEqual(first.json());
    const orders = await ordersOf(buyer.partyId);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.paymentUrl).toBe(first.json().payment_url);
  });

  it('after the provider failed, the retry places a new order: the first was cancelled, nothing paid', async () => {
    const buyer = await signUpUser(t.app);
    const key = `order-${randomUUID()}`;
    await t.app.inject({ method: 'POST', url: '/dev/reepay/outage', payload: { down: true } });
    try {
      const failed = await checkoutWith(buyer.token, key);
      expect(failed.statusCode).toBe(503);
    } finally {
      await t.app.inject({ method: 'POST', url: '/dev/reepay/outage', payload: { down: false } });
    }
    const retried = await checkoutWith(buyer.token, key);
    expect(retried.statusCode, retried.body).toBe(201);
    const orders = await ordersOf(buyer.partyId);
    expect(orders.map((order) => order.status).sort()).toEqual(['cancelled', 'pending']);
    expect(orders.find((order) => order.status === 'pending')?.id).toBe(retried.json().order_id);
  });
});
