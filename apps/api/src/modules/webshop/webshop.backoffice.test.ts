import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { injectAs, signUpUser } from '../../test/identity-helpers.ts';
import { createStaffFixtures } from '../../test/staff-fixtures.ts';
import { catalogue, makeVouchers, redeem } from '../../test/webshop-helpers.ts';

let t: TestApp;
let admin: string;
let support: string;
let person: string;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await createStaffFixtures(t.app);
  admin = staff.admin.token;
  support = staff.support.token;
  person = (await signUpUser(t.app)).token;
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string | null, method: 'GET' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, token, method, url, payload);

describe('backoffice prices (/v2/diverse)', () => {
  it('staff see every product of both regions; admins change a price, audited; the shop sells at it', async () => {
    const list = await call(support, 'GET', '/api/backoffice/products');
    expect(list.statusCode).toBe(200);
    const plates = list.json().find((product: { handle: string }) => product.handle === 'dk-plates');
    expect(plates).toMatchObject({ region: 'dk', currency: 'DKK', kind: 'plates', active: true });
    expect(list.json().some((product: { region: string }) => product.region === 'no')).toBe(true);

    const url = `/api/backoffice/products/${plates.id}/price`;
    expect((await call(support, 'PUT', url, { price_minor: 5900 })).statusCode).toBe(403);
    expect((await call(admin, 'PUT', url, { price_minor: 5950 })).statusCode).toBe(422);
    const changed = await call(admin, 'PUT', url, { price_minor: plates.price_minor + 1000 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().price_minor).toBe(plates.price_minor + 1000);
    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'webshop.product_price_changed'))
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(audit?.details).toMatchObject({
      product_id: plates.id,
      before: { price_minor: plates.price_minor },
      after: { price_minor: plates.price_minor + 1000 },
    });
    expect((await catalogue(t.app))['dk-plates']?.price.amount_minor).toBe(plates.price_minor + 1000);
    expect(
      (await call(admin, 'PUT', '/api/backoffice/products/nope/price', { price_minor: 100 })).statusCode,
    ).toBe(404);
  });

  it('refuses people and visitors', async () => {
    expect((await call(person, 'GET', '/api/backoffice/products')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/backoffice/products')).statusCode).toBe(401);
  });
});

describe('backoffice voucher batches (/v2/diverse)', () => {
  it('admins list batches with their codes and uses; support may not', async () => {
    const products = await catalogue(t.app);
    // The note is makeVouchers' own ('Test batch'); this file makes no other batch.
    const codes = await makeVouchers(t.app, admin, {
      count: 3,
      product_id: products['dk-registration']?.id,
    });
    const buyer = await signUpUser(t.app);
    expect((await redeem(t.app, buyer.token, { code: codes[0] })).statusCode).toBe(201);
    const list = await call(admin, 'GET', '/api/backoffice/voucher-batches');
    expect(list.statusCode).toBe(200);
    expect(list.json().find((batch: { note: string }) => batch.note === 'Test batch')).toMatchObject({
      product_handle: 'dk-registration',
      discount_percent: null,
      codes: 3,
      redemptions: 1,
    });
    expect((await call(support, 'GET', '/api/backoffice/voucher-batches')).statusCode).toBe(403);
  });
});
