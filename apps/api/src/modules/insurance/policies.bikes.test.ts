import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBike, signUpOwner } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, type TestUser } from '../../test/identity-helpers.ts';
import { appliedPolicy, createInsurer, issuesOf, type TestInsurer } from '../../test/insurance-helpers.ts';
import { signUpStaff } from '../../test/organisation-helpers.ts';

/*
 * A registered bike put on an open policy later (issue 16 §2: "more can follow up to
 * number_of_bikes"): the holder's own bike, not insured elsewhere, within the number of bikes;
 * the premium prices the named bike instead of the default one.
 */

let t: TestApp;
let insurer: TestInsurer;
let holder: TestUser;
let other: TestUser;
let first: string;
let second: string;
let third: string;
let policy: { id: string; annual_premium: { amount_minor: number } };

beforeAll(async () => {
  t = await createTestApp();
  const staffAdmin = await signUpStaff(t.app, 'admin');
  insurer = await createInsurer(t.app, staffAdmin.token);
  holder = await signUpOwner(t.app, 4);
  other = await signUpOwner(t.app, 2);
  first = (await registerBike(t.app, holder.token, { category: 'city', price: 8_000 })).bike_id;
  second = (await registerBike(t.app, holder.token, { category: 'city', price: 8_000 })).bike_id;
  third = (await registerBike(t.app, holder.token)).bike_id;
  policy = (await appliedPolicy(t.app, holder.token, {
    insurer_party_id: insurer.partyId,
    coverage: 'bike_theft',
    number_of_bikes: 2,
    bike_ids: [first],
  })) as typeof policy;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const add = (token: string | null, bikeId: string, policyId = policy.id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/insurance/policies/${policyId}/insured-bikes`,
    headers: token ? bearer(token) : {},
    payload: { bike_id: bikeId },
  });

describe('POST /api/insurance/policies/{id}/insured-bikes', () => {
  it('puts the holder’s bike on the policy, priced as itself instead of the default bike', async () => {
    const response = await add(holder.token, second);
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json();
    expect(updated.insured_items.map((item: { bike_id: string }) => item.bike_id)).toEqual([first, second]);
    expect(updated.insured_items[1].verification_status).toBe('needs_uploads');
    // Two 8,000 kr city bikes (500 kr each) instead of one and the default 15,000 kr racer (1,100 kr).
    expect(policy.annual_premium.amount_minor).toBe(50_000 + 110_000);
    expect(updated.annual_premium.amount_minor).toBe(50_000 + 50_000);
  });

  it('refuses a bike beyond the number of bikes, one already insured, and one of someone else', async () => {
    const full = await add(holder.token, third);
    expect(issuesOf(full)).toEqual([['body.bike_id', 'insured_bikes_exceed_number']]);
    const again = await add(holder.token, second);
    expect(issuesOf(again)).toEqual([['body.bike_id', 'bike_already_insured']]);
    const foreign = (await registerBike(t.app, other.token)).bike_id;
    expect(issuesOf(await add(holder.token, foreign))).toEqual([['body.bike_id', 'bike_not_owned']]);
  });

  it('is the holder’s alone: others get 404, visitors 401', async () => {
    expect((await add(other.token, third)).statusCode).toBe(404);
    expect((await add(insurer.staff.token, third)).statusCode).toBe(404);
    expect((await add(null, third)).statusCode).toBe(401);
    expect((await add(holder.token, third, 'not-a-uuid')).statusCode).toBe(404);
  });
});
