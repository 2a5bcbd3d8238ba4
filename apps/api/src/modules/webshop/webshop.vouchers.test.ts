import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/bikes.ts';
import { voucherRedemptions, vouchers } from '../../db/schema/webshop.ts';
import { postBike, registerBike } from '../../test/bike-api-helpers.ts';
import { uniqueFrameNumber } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser } from '../../test/identity-helpers.ts';
import { grantStaffRole } from '../../test/role-fixtures.ts';
import { catalogue, makeVouchers, redeem, staffAdminToken } from '../../test/webshop-helpers.ts';

let t: TestApp;
let admin: string;
let products: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  t = await createTestApp({
    voucherRateLimits: { redemptionsPerAccountPerHour: 1000, redemptionsPerAddressPerHour: 1000 },
  });
  admin = await staffAdminToken(t.app);
  products = await catalogue(t.app);
});
afterAll(async () => {
  await t?.close();
});

const productId = (handle: string) => {
  const product = products[handle];
  if (!product) throw new Error(`no product ${handle}`);
  return product.id;
};

const orders = (token: string | null) =>
  t.app.inject({ method: 'GET', url: '/api/webshop/orders', headers: token ? bearer(token) : {} });
const order = (token: string | null, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/webshop/orders/${id}`, headers: token ? bearer(token) : {} });
const overview = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/webshop/bike-ownership-credits/overview',
    headers: bearer(token),
  });

describe('POST /api/webshop/voucher-batches', () => {
  it('lets an admin make a batch and answers the codes once, storing only their hashes', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webshop/voucher-batches',
      headers: bearer(admin),
      payload: {
        note: 'Bike shop spring',
        count: 3,
        max_redemptions: 2,
        expires_at: '2099-01-01T00:00:00Z',
        product_id: productId('dk-registration'),
      },
    });
    expect(response.statusCode).toBe(201);
    const batch = response.json<{ batch_id: string; codes: string[] }>();
    expect(batch.codes).toHaveLength(3);
    for (const code of batch.codes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const stored = await t.database.db.select().from(vouchers).where(eq(vouchers.batchId, batch.batch_id));
    expect(stored).toHaveLength(3);
    const everything = JSON.stringify(stored);
    for (const code of batch.codes) {
      expect(everything).not.toContain(code);
      expect(everything).not.toContain(code.replaceAll('-', ''));
    }
  });

  it('refuses support staff and other people (403), visitors (401)', async () => {
    const support = await signUpUser(t.app);
    await grantStaffRole(t.app.db, support.partyId, 'support');
    const supportToken = (
      await t.app.inject({
        method: 'POST',
        url: '/api/identities/authentications',
        payload: { email: support.email, password: support.password },
      })
    ).json<{ authentication_token: string }>().authentication_token;
    const person = await signUpUser(t.app);
    const body = { note: 'x', count: 1, expires_at: '2099-01-01T00:00:00Z', discount_percent: 10 };
    for (const [token, status] of [
      [supportToken, 403],
      [person.token, 403],
      [null, 401],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webshop/voucher-batches',
        headers: token ? bearer(token) : {},
        payload: body,
      });
      expect(response.statusCode).toBe(status);
    }
  });

  it('refuses a batch granting both or neither, an expiry in the past and an unknown product', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/webshop/voucher-batches', headers: bearer(admin), payload });
    const base = { note: 'x', count: 1, expires_at: '2099-01-01T00:00:00Z' };
    expect((await post(base)).statusCode).toBe(422);
    expect(
      (await post({ ...base, discount_percent: 10, product_id: productId('dk-single') })).statusCode,
    ).toBe(422);
    const past = await post({ ...base, expires_at: '2020-01-01T00:00:00Z', discount_percent: 10 });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('voucher_expiry_in_past');
    const unknown = await post({ ...base, product_id: randomUUID() });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().code).toBe('product_unavailable');
  });
});

describe('POST /api/webshop/vouchers/redemptions', () => {
  it('turns a registration voucher into a credit with no card, and the person registers a bike with it', async () => {
    const person = await signUpUser(t.app);
    expect(
      (await postBike(t.app, person.token, { nickname: 'x', frame_number: uniqueFrameNumber() })).statusCode,
    ).toBe(403);
    const [code] = await makeVouchers(t.app, admin, { product_id: productId('dk-registration') });
    // Typed in lower case with spaces: the same code.
    const response = await redeem(t.app, person.token, {
      code: (code ?? '').toLowerCase().replaceAll('-', ' '),
    });
    expect(response.statusCode).toBe(201);
    const result = response.json();
    expect(result.credits_granted).toBe(1);
    expect(result.bike_id).toBeNull();
    expect(result.order).toMatchObject({
      status: 'fulfilled',
      payment_method: 'voucher',
      total_minor: 0,
      discount_minor: 10_000,
      receipt_number: null,
      lines: [{ kind: 'registration', quantity: 1, unit_price_minor: 10_000, total_minor: 0 }],
    });
    expect((await overview(person.token)).json()).toMatchObject({
      subscription_active: true,
      credits_free: 1,
    });
    await registerBike(t.app, person.token);
    expect((await overview(person.token)).json()).toMatchObject({ credits_free: 0, credits_used: 1 });
    const [subscription] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, result.order.id));
    expect(subscription).toMatchObject({ source: 'voucher', partyId: person.partyId });
  });

  it('a subscription voucher gives the plan’s credits and a paid period of its months', async () => {
    const person = await signUpUser(t.app);
    const [code] = await makeVouchers(t.app, admin, { product_id: productId('dk-family') });
    const response = await redeem(t.app, person.token, { code });
    expect(response.statusCode).toBe(201);
    const view = (await overview(person.token)).json();
    expect(view).toMatchObject({ subscription_active: true, plan: 'FAMILY', credits_free: 4, vip: false });
    const end = Date.parse(view.current_period_end);
    expect(end).toBeGreaterThan(Date.now() + 360 * 24 * 60 * 60 * 1000);
    expect(end).toBeLessThan(Date.now() + 370 * 24 * 60 * 60 * 1000);
  });

  it('a code is used once per person, a single-use code once at all, and unknown or expired codes answer alike', async () => {
    const [code] = await makeVouchers(t.app, admin, {
      product_id: productId('dk-registration'),
      max_redemptions: 2,
    });
    const first = await signUpUser(t.app);
    const second = await signUpUser(t.app);
    const third = await signUpUser(t.app);
    expect((await redeem(t.app, first.token, { code })).statusCode).toBe(201);
    const again = await redeem(t.app, first.token, { code });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('voucher_already_redeemed');
    expect((await redeem(t.app, second.token, { code })).statusCode).toBe(201);
    const usedUp = await redeem(t.app, third.token, { code });
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json().code).toBe('voucher_invalid');
    const unknown = await redeem(t.app, third.token, { code: 'AAAA-BBBB-CCCC' });
    expect(unknown.json().code).toBe('voucher_invalid');
    const [expiring] = await makeVouchers(t.app, admin, { product_id: productId('dk-registration') });
    await t.database.db.execute(
      // The batch's expiry moved into the past, as time passing would.
      `update voucher_batches set expires_at = now() - interval '1 minute' where id = (select batch_id from vouchers order by created_at desc limit 1)`,
    );
    const expired = await redeem(t.app, third.token, { code: expiring });
    expect(expired.json().code).toBe('voucher_invalid');
    expect((await orders(third.token)).json()).toEqual([]);
  });

  it('unknown, expired, used-up and wrong-kind codes answer alike at redemption (400 voucher_invalid)', async () => {
    const person = await signUpUser(t.app);
    const holder = await signUpUser(t.app);
    const answers: Array<[number, string]> = [];
    const tryCode = async (code: string | undefined) => {
      const response = await redeem(t.app, person.token, { code });
      answers.push([response.statusCode, response.json().code]);
    };
    // Unknown.
    await tryCode('AAAA-BBBB-CCCC');
    // Expired.
    const [expiring] = await makeVouchers(t.app, admin, { product_id: productId('dk-registration') });
    await t.database.db.execute(
      `update voucher_batches set expires_at = now() - interval '1 minute' where id = (select batch_id from vouchers order by created_at desc limit 1)`,
    );
    await tryCode(expiring);
    // Used up (by someone else).
    const [single] = await makeVouchers(t.app, admin, { product_id: productId('dk-registration') });
    expect((await redeem(t.app, holder.token, { code: single })).statusCode).toBe(201);
    await tryCode(single);
    // The wrong kind: a discount code, fresh and used up, and a code for goods (plates).
    const [discount] = await makeVouchers(t.app, admin, { discount_percent: 20 });
    await tryCode(discount);
    const [usedDiscount] = await makeVouchers(t.app, admin, { discount_percent: 20, max_redemptions: 1 });
    await t.database.db.execute(
      `update vouchers set redemptions = 1 where batch_id = (select batch_id from vouchers order by created_at desc limit 1)`,
    );
    await tryCode(usedDiscount);
    const [plates] = await makeVouchers(t.app, admin, { product_id: productId('dk-plates') });
    await tryCode(plates);
    expect(answers).toEqual(Array.from({ length: 6 }, () => [400, 'voucher_invalid']));
    const redemptions = await t.database.db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.partyId, person.partyId));
    expect(redemptions).toEqual([]);
  });

  it('at checkout a code for a product answers as an unknown code does (400 voucher_invalid)', async () => {
    const person = await signUpUser(t.app);
    const [granting] = await makeVouchers(t.app, admin, { product_id: productId('dk-registration') });
    const answers: Array<[number, string]> = [];
    for (const code of [granting, 'AAAA-BBBB-CCCC']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webshop/orders/reepay',
        headers: bearer(person.token),
        payload: { items: [{ product_id: productId('dk-single'), quantity: 1 }], voucher_code: code },
      });
      answers.push([response.statusCode, response.json().code]);
    }
    expect(answers).toEqual([
      [400, 'voucher_invalid'],
      [400, 'voucher_invalid'],
    ]);
    // The product code was not used: it is still redeemed as what it grants.
    expect((await redeem(t.app, person.token, { code: granting })).statusCode).toBe(201);
  });

  it('a registration voucher for someone else’s bike answers 404 and uses nothing', async () => {
    const owner = await signUpUser(t.app);
    const [own] = await makeVouchers(t.app, admin, { product_id: productId('dk-registration') });
    await redeem(t.app, owner.token, { code: own });
    const bike = await registerBike(t.app, owner.token);
    const stranger = await signUpUser(t.app);
    const [code] = await makeVouchers(t.app, admin, { product_id: productId('dk-registration') });
    const response = await redeem(t.app, stranger.token, { code, bike_id: bike.bike_id });
    expect(response.statusCode).toBe(404);
    expect((await redeem(t.app, stranger.token, { code })).statusCode).toBe(201);
  });

  it('refuses a visitor (401), a bad body (422), and answers a retry with the same Idempotency-Key once', async () => {
    expect((await redeem(t.app, null, { code: 'AAAA-BBBB-CCCC' })).statusCode).toBe(401);
    const person = await signUpUser(t.app);
    expect((await redeem(t.app, person.token, { code: 'x' })).statusCode).toBe(422);
    const [code] = await makeVouchers(t.app, admin, { product_id: productId('dk-registration') });
    const key = { 'idempotency-key': randomUUID() };
    const first = await redeem(t.app, person.token, { code }, key);
    const retry = await redeem(t.app, person.token, { code }, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().order.id).toBe(first.json().order.id);
    expect((await orders(person.token)).json()).toHaveLength(1);
  });
});

describe('GET /api/webshop/orders and …/{order_id}', () => {
  it('shows the buyer their orders; another person and a visitor get 404 and 401', async () => {
    const buyer = await signUpUser(t.app);
    const [code] = await makeVouchers(t.app, admin, { product_id: productId('dk-single') });
    const made = (await redeem(t.app, buyer.token, { code })).json();
    const list = await orders(buyer.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((entry: { id: string }) => entry.id)).toEqual([made.order.id]);
    const own = await order(buyer.token, made.order.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: made.order.id,
      status: 'fulfilled',
      currency: 'DKK',
      region: 'dk',
    });
    const other = await signUpUser(t.app);
    expect((await order(other.token, made.order.id)).statusCode).toBe(404);
    expect((await orders(other.token)).json()).toEqual([]);
    expect((await order(null, made.order.id)).statusCode).toBe(401);
    expect((await orders(null)).statusCode).toBe(401);
    expect((await order(buyer.token, randomUUID())).statusCode).toBe(404);
    expect((await order(buyer.token, 'nope')).statusCode).toBe(404);
  });
});

// Each test builds an app of its own with low budgets: slow on a busy machine, hence the timeouts.
describe('guessing voucher codes', () => {
  it('is limited per account', async () => {
    const limited = await createTestApp({
      voucherRateLimits: { redemptionsPerAccountPerHour: 3, redemptionsPerAddressPerHour: 100 },
    });
    try {
      const person = await signUpUser(limited.app);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        statuses.push(
          (await redeem(limited.app, person.token, { code: `GUES-SXXX-${attempt}AAA` })).statusCode,
        );
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      // Another account from the same address still has its own budget.
      const other = await signUpUser(limited.app);
      expect((await redeem(limited.app, other.token, { code: 'GUES-SXXX-9AAA' })).statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  }, 90_000);

  it('is limited per address, whichever account tries', async () => {
    const limited = await createTestApp({
      voucherRateLimits: { redemptionsPerAccountPerHour: 100, redemptionsPerAddressPerHour: 2 },
    });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const person = await signUpUser(limited.app);
        statuses.push(
          (await redeem(limited.app, person.token, { code: `GUES-SXXX-${attempt}AAA` })).statusCode,
        );
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  }, 90_000);

  it('counts codes tried at checkout and at redemption in one budget', async () => {
    const limited = await createTestApp({
      voucherRateLimits: { redemptionsPerAccountPerHour: 3, redemptionsPerAddressPerHour: 100 },
    });
    try {
      const limitedProducts = await catalogue(limited.app);
      const single = limitedProducts['dk-single']?.id;
      const person = await signUpUser(limited.app);
      const atCheckout = (attempt: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/webshop/orders/reepay',
          headers: bearer(person.token),
          payload: {
            items: [{ product_id: single, quantity: 1 }],
            voucher_code: `GUES-SXXX-${attempt}AAA`,
          },
        });
      const statuses = [
        (await atCheckout(0)).statusCode,
        (await redeem(limited.app, person.token, { code: 'GUES-SXXX-1AAA' })).statusCode,
        (await atCheckout(2)).statusCode,
        (await redeem(limited.app, person.token, { code: 'GUES-SXXX-3AAA' })).statusCode,
        (await atCheckout(4)).statusCode,
      ];
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      // A checkout without a code is no guess: it is not refused by the guessing budget.
      const plain = await limited.app.inject({
        method: 'POST',
        url: '/api/webshop/orders/reepay',
        headers: bearer(person.token),
        payload: { items: [{ product_id: single, quantity: 1 }] },
      });
      expect(plain.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  }, 90_000);
});
