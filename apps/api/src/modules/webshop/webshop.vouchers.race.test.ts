import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikeOwnershipCredits } from '../../db/schema/bikes.ts';
import { orders, voucherRedemptions } from '../../db/schema/webshop.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { catalogue, makeVouchers, redeem, staffAdminToken } from '../../test/webshop-helpers.ts';

/*
 * Vouchers under concurrency. On PostgreSQL (api-postgres) the redemptions truly run in parallel on
 * a pool of connections; the conditional increment of the voucher's use count must let exactly one
 * of them have a single-use code. On PGlite they are serialised and the same assertions hold.
 */

describe('voucher redemptions under concurrency', () => {
  let t: TestApp;
  let admin: string;
  let registration: string;

  beforeAll(async () => {
    t = await createTestApp({
      voucherRateLimits: { redemptionsPerAccountPerHour: 1000, redemptionsPerAddressPerHour: 1000 },
    });
    admin = await staffAdminToken(t.app);
    registration = (await catalogue(t.app))['dk-registration']?.id ?? '';
  });

  afterAll(async () => {
    await t?.close();
  });

  it('20 people redeeming one single-use code at once: exactly one gets the credit', async () => {
    const [code] = await makeVouchers(t.app, admin, { product_id: registration });
    const people: TestUser[] = [];
    for (let index = 0; index < 20; index += 1) people.push(await signUpUser(t.app));
    const answers = await Promise.all(people.map((person) => redeem(t.app, person.token, { code })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    const winner = people[statuses.indexOf(201)];
    if (!winner) throw new Error('no winner');
    const credits = await Promise.all(
      people.map((person) =>
        t.app.db.select().from(bikeOwnershipCredits).where(eq(bikeOwnershipCredits.partyId, person.partyId)),
      ),
    );
    expect(credits.map((rows) => rows.length)).toEqual(people.map((person) => (person === winner ? 1 : 0)));
    const placed = await Promise.all(
      people.map((person) => t.app.db.select().from(orders).where(eq(orders.partyId, person.partyId))),
    );
    expect(placed.flat()).toHaveLength(1);
  });

  it('one person sending the same code 10 times at once: one redemption, one credit', async () => {
    const [code] = await makeVouchers(t.app, admin, { product_id: registration, max_redemptions: 50 });
    const person = await signUpUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => redeem(t.app, person.token, { code })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    const rows = await t.app.db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.partyId, person.partyId));
    expect(rows).toHaveLength(1);
    const credits = await t.app.db
      .select()
      .from(bikeOwnershipCredits)
      .where(eq(bikeOwnershipCredits.partyId, person.partyId));
    expect(credits).toHaveLength(1);
  });
});
