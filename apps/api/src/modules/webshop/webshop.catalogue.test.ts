import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikeOwnershipCredits } from '../../db/schema/bikes.ts';
import { products } from '../../db/schema/webshop.ts';
import { registerBike, signUpOwner } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser } from '../../test/identity-helpers.ts';
import { catalogue, makeVouchers, redeem, staffAdminToken } from '../../test/webshop-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const bikeServices = (token: string | null, bikeId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/webshop/bike-services/${bikeId}`,
    headers: token ? bearer(token) : {},
  });

describe('GET /api/webshop/products', () => {
  it('lists the Danish catalogue to a visitor, in whole kroner incl. 25 % VAT with the VAT in it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/webshop/products?region=dk' });
    expect(response.statusCode).toBe(200);
    const list = response.json<Array<Record<string, unknown>>>();
    expect(list.map((product) => product.handle)).toEqual([
      'dk-single',
      'dk-family',
      'dk-organisation',
      'dk-registration',
      'dk-plates',
      'dk-bikedna',
    ]);
    const registration = list.find((product) => product.handle === 'dk-registration');
    // SPEC §9: the extra bike registration is 100 kr, one-time, one credit.
    expect(registration).toMatchObject({
      kind: 'registration',
      credits: 1,
      period_months: null,
      renews: false,
      physical: false,
      vat_rate_percent: 25,
      price: { amount_minor: 10_000, amount: 100, vat_minor: 2_000, currency: 'DKK' },
    });
    expect(list.find((product) => product.handle === 'dk-family')).toMatchObject({
      plan: 'FAMILY',
      renews: true,
    });
    // Plates are shipped: delivered within 7–10 business days (SPEC §9).
    expect(list.find((product) => product.handle === 'dk-plates')).toMatchObject({
      physical: true,
      delivery_business_days: { min: 7, max: 10 },
    });
  });

  it('lists Norwegian prices in NOK, in the language asked for', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/webshop/products?region=no&lang=no' });
    expect(response.statusCode).toBe(200);
    const list = response.json<Array<{ handle: string; name: string; price: { currency: string } }>>();
    expect(new Set(list.map((product) => product.price.currency))).toEqual(new Set(['NOK']));
    expect(list.find((product) => product.handle === 'no-bikedna')?.name).toBe('BikeDNA-merking');
  });

  it('uses the signed-in person’s region when none is asked for', async () => {
    const norwegian = await signUpUser(t.app, { chosen_region: 'no' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/webshop/products',
      headers: bearer(norwegian.token),
    });
    expect(response.json<Array<{ region: string }>>().every((product) => product.region === 'no')).toBe(true);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/webshop/products' });
    expect(visitor.json<Array<{ region: string }>>().every((product) => product.region === 'dk')).toBe(true);
  });

  it('refuses an unknown region with 422', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/webshop/products?region=se' });
    expect(response.statusCode).toBe(422);
  });

  it('leaves out a product taken off sale, and follows a changed price (prices are data)', async () => {
    const [row] = await t.database.db.select().from(products).where(eq(products.handle, 'dk-bikedna'));
    if (!row) throw new Error('seeded product missing');
    await t.database.db.update(products).set({ active: false }).where(eq(products.id, row.id));
    await t.database.db.update(products).set({ priceMinor: 12_500 }).where(eq(products.handle, 'dk-plates'));
    try {
      const list = await catalogue(t.app);
      expect(list['dk-bikedna']).toBeUndefined();
      expect(list['dk-plates']?.price).toMatchObject({ amount_minor: 12_500, amount: 125, vat_minor: 2_500 });
    } finally {
      await t.database.db.update(products).set({ active: true }).where(eq(products.id, row.id));
      await t.database.db.update(products).set({ priceMinor: 4_900 }).where(eq(products.handle, 'dk-plates'));
    }
  });
});

describe('POST /api/webshop/bike-services/{bike_id}', () => {
  it('tells the owner the BikeDNA marking can still be bought for a registered bike', async () => {
    const owner = await signUpOwner(t.app, 1);
    const bike = await registerBike(t.app, owner.token);
    const response = await bikeServices(owner.token, bike.bike_id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ has_products: true });
  });

  it('answers 404 to another person and 401 to a visitor, and 404 for an id that is no bike', async () => {
    const owner = await signUpOwner(t.app, 1);
    const bike = await registerBike(t.app, owner.token);
    const other = await signUpOwner(t.app, 1);
    expect((await bikeServices(other.token, bike.bike_id)).statusCode).toBe(404);
    expect((await bikeServices(null, bike.bike_id)).statusCode).toBe(401);
    expect((await bikeServices(owner.token, randomUUID())).statusCode).toBe(404);
    expect((await bikeServices(owner.token, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('answers false once nothing is left: the bike has its registration and the marking is off sale', async () => {
    const owner = await signUpOwner(t.app, 1);
    const bike = await registerBike(t.app, owner.token);
    await t.database.db.update(products).set({ active: false }).where(eq(products.handle, 'dk-bikedna'));
    try {
      expect((await bikeServices(owner.token, bike.bike_id)).json()).toEqual({ has_products: false });
    } finally {
      await t.database.db.update(products).set({ active: true }).where(eq(products.handle, 'dk-bikedna'));
    }
  });

  it('offers a registration for a bike without one, until a voucher’s registration goes onto it', async () => {
    const owner = await signUpOwner(t.app, 1);
    const bike = await registerBike(t.app, owner.token);
    // As after a transfer: the ownership holds no credit.
    await t.database.db
      .update(bikeOwnershipCredits)
      .set({ bikeOwnershipId: null })
      .where(eq(bikeOwnershipCredits.bikeOwnershipId, bike.bike_ownership_id));
    const admin = await staffAdminToken(t.app);
    const list = await catalogue(t.app);
    const [code] = await makeVouchers(t.app, admin, { product_id: list['dk-registration']?.id ?? '' });
    await t.database.db.update(products).set({ active: false }).where(eq(products.handle, 'dk-bikedna'));
    try {
      expect((await bikeServices(owner.token, bike.bike_id)).json()).toEqual({ has_products: true });
      const redeemed = await redeem(t.app, owner.token, { code, bike_id: bike.bike_id });
      expect(redeemed.statusCode).toBe(201);
      expect(redeemed.json()).toMatchObject({ credits_granted: 1, bike_id: bike.bike_id });
      expect((await bikeServices(owner.token, bike.bike_id)).json()).toEqual({ has_products: false });
    } finally {
      await t.database.db.update(products).set({ active: true }).where(eq(products.handle, 'dk-bikedna'));
    }
  });
});
