import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikeOwnershipCredits, subscriptions } from '../../db/schema/bikes.ts';
import { uuidv7 } from '../../platform/ids.ts';
import {
  detachCredit,
  grantCredits,
  postBike,
  registerBike,
  signUpOwner,
} from '../../test/bike-api-helpers.ts';
import { uniqueFrameNumber } from '../../test/bike-helpers.ts';
import { PRODUCTION_SECRETS, SINGLE_MACHINE_PRODUCTION } from '../../test/config-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';

let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app, 4);
  other = await signUpOwner(t.app, 2);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const DAY_MS = 24 * 60 * 60 * 1000;

function call(
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: token ? bearer(token, headers) : headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

const overview = (token: string | null) => call('GET', '/api/webshop/bike-ownership-credits/overview', token);
const credits = (token: string | null) => call('GET', '/api/webshop/bike-activations', token);
const activate = (token: string | null, creditId: string, ownershipId: string, headers = {}) =>
  call(
    'POST',
    `/api/webshop/bike-activations/${creditId}`,
    token,
    { bike_ownership_id: ownershipId },
    headers,
  );

/** A subscription with a paid period and `count` credits, as a purchase will leave it. */
async function paidSubscription(partyId: string, periodEnd: Date, count: number): Promise<void> {
  const id = uuidv7();
  await db()
    .insert(subscriptions)
    .values({ id, partyId, plan: 'FAMILY', currentPeriodEnd: periodEnd, source: 'purchase' });
  for (let index = 0; index < count; index += 1) {
    await db().insert(bikeOwnershipCredits).values({ id: uuidv7(), partyId, subscriptionId: id });
  }
}

describe('GET /api/webshop/bike-ownership-credits/overview', () => {
  it('says there is no subscription for a new account', async () => {
    const fresh = await signUpUser(t.app);
    const response = await overview(fresh.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      subscription_active: false,
      current_period_end: null,
      vip: false,
      legacy: false,
      plan: null,
      credits_total: 0,
      credits_free: 0,
      credits_used: 0,
      can_add_bike: false,
      waiting_plate_id: null,
    });
  });

  it('treats granted credits without a period end as VIP, active one year ahead', async () => {
    const vip = await signUpOwner(t.app, 3);
    await registerBike(t.app, vip.token);
    const answer = (await overview(vip.token)).json();
    expect(answer).toMatchObject({
      subscription_active: true,
      vip: true,
      legacy: false,
      plan: 'SINGLE',
      credits_total: 3,
      credits_free: 2,
      credits_used: 1,
      can_add_bike: true,
    });
    const ahead = Date.parse(answer.current_period_end) - Date.now();
    expect(ahead).toBeGreaterThan(364 * DAY_MS);
    expect(ahead).toBeLessThan(366 * DAY_MS);
  });

  it('follows a paid period: active until its end, refused after it', async () => {
    const payer = await signUpUser(t.app);
    const end = new Date(Date.now() + 30 * DAY_MS);
    await paidSubscription(payer.partyId, end, 1);
    expect((await overview(payer.token)).json()).toMatchObject({
      subscription_active: true,
      vip: false,
      plan: 'FAMILY',
      current_period_end: end.toISOString(),
      can_add_bike: true,
    });

    const lapsed = await signUpUser(t.app);
    const ended = new Date(Date.now() - DAY_MS);
    await paidSubscription(lapsed.partyId, ended, 2);
    expect((await overview(lapsed.token)).json()).toMatchObject({
      subscription_active: false,
      current_period_end: null,
      plan: 'FAMILY',
      credits_free: 2,
      can_add_bike: false,
    });
    const refused = await postBike(t.app, lapsed.token, { nickname: 'X', frame_number: uniqueFrameNumber() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('no_subscription');
  });

  it('refuses a visitor', async () => {
    expect((await overview(null)).statusCode).toBe(401);
  });
});

describe('GET /api/webshop/bike-activations', () => {
  it('lists the caller’s own credits, newest first, with the bike a used one is on', async () => {
    const lister = await signUpOwner(t.app, 2);
    const bike = await registerBike(t.app, lister.token, { nickname: 'Credited' });
    const response = await credits(lister.token);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(2);
    expect(list).toContainEqual({
      id: expect.any(String),
      bike_ownership_id: bike.bike_ownership_id,
      party_id: lister.partyId,
      created_on: expect.any(String),
      modified_on: expect.any(String),
      subscription_id: null,
      bike_id: bike.bike_id,
      bike_nickname: 'Credited',
    });
    expect(
      list.filter((credit: { bike_ownership_id: string | null }) => !credit.bike_ownership_id),
    ).toHaveLength(1);
    const theirs = (await credits(other.token)).json();
    expect(theirs.every((credit: { party_id: string }) => credit.party_id === other.partyId)).toBe(true);
    expect((await credits(null)).statusCode).toBe(401);
  });
});

describe('POST /api/webshop/bike-activations/{credit_id}', () => {
  it('puts a free credit on an ownership without one, and answers the same again without a second effect', async () => {
    const bike = await registerBike(t.app, owner.token);
    const freed = await detachCredit(db(), bike.bike_ownership_id);
    const key = { 'idempotency-key': `activate-${randomUUID()}` };
    const first = await activate(owner.token, freed, bike.bike_ownership_id, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      id: freed,
      bike_ownership_id: bike.bike_ownership_id,
      bike_id: bike.bike_id,
    });
    const replay = await activate(owner.token, freed, bike.bike_ownership_id, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    // Without the header too: attaching X to Y again is the same success.
    const again = await activate(owner.token, freed, bike.bike_ownership_id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(freed);
    const onOwnership = await db()
      .select()
      .from(bikeOwnershipCredits)
      .where(eq(bikeOwnershipCredits.bikeOwnershipId, bike.bike_ownership_id));
    expect(onOwnership).toHaveLength(1);
  });

  it('refuses a used credit (credit_in_use) and an ownership that has one (bike_has_credit)', async () => {
    const holder = await signUpOwner(t.app, 3);
    const first = await registerBike(t.app, holder.token);
    const second = await registerBike(t.app, holder.token);
    const list = (await credits(holder.token)).json() as Array<{
      id: string;
      bike_ownership_id: string | null;
    }>;
    const free = list.find((credit) => credit.bike_ownership_id === null);
    const used = list.find((credit) => credit.bike_ownership_id === first.bike_ownership_id);
    if (!free || !used) throw new Error('expected a free and a used credit');

    const hasOne = await activate(holder.token, free.id, second.bike_ownership_id);
    expect(hasOne.statusCode).toBe(409);
    expect(hasOne.json().code).toBe('bike_has_credit');

    await detachCredit(db(), second.bike_ownership_id);
    const inUse = await activate(holder.token, used.id, second.bike_ownership_id);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('credit_in_use');
  });

  it('refuses a free credit of a lapsed subscription (403 no_subscription), as registering does', async () => {
    const lapsed = await signUpOwner(t.app, 1);
    const bike = await registerBike(t.app, lapsed.token);
    // Only the lapsed subscription's credit is free: the granted one stays on another bike.
    await db()
      .delete(bikeOwnershipCredits)
      .where(eq(bikeOwnershipCredits.bikeOwnershipId, bike.bike_ownership_id));
    await paidSubscription(lapsed.partyId, new Date(Date.now() - DAY_MS), 1);
    const [credit] = await db()
      .select()
      .from(bikeOwnershipCredits)
      .where(eq(bikeOwnershipCredits.partyId, lapsed.partyId));
    if (!credit) throw new Error('expected the lapsed credit');

    const refused = await activate(lapsed.token, credit.id, bike.bike_ownership_id);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('no_subscription');
    const [still] = await db()
      .select()
      .from(bikeOwnershipCredits)
      .where(eq(bikeOwnershipCredits.id, credit.id));
    expect(still?.bikeOwnershipId).toBeNull();

    // Renewed, the same credit may be used.
    await db()
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() + 30 * DAY_MS) })
      .where(eq(subscriptions.partyId, lapsed.partyId));
    expect((await activate(lapsed.token, credit.id, bike.bike_ownership_id)).statusCode).toBe(200);
  });

  it('answers 404 for someone else’s credit or ownership and for unknown ids; 401 for a visitor', async () => {
    const mine = await registerBike(t.app, owner.token);
    await detachCredit(db(), mine.bike_ownership_id);
    const theirs = await registerBike(t.app, other.token);
    const myCredits = (await credits(owner.token)).json() as Array<{
      id: string;
      bike_ownership_id: string | null;
    }>;
    const myFree = myCredits.find((credit) => credit.bike_ownership_id === null);
    const theirFree = (
      (await credits(other.token)).json() as Array<{ id: string; bike_ownership_id: string | null }>
    ).find((credit) => credit.bike_ownership_id === null);
    if (!myFree || !theirFree) throw new Error('expected free credits');

    const cases = [
      await activate(owner.token, theirFree.id, mine.bike_ownership_id),
      await activate(owner.token, myFree.id, theirs.bike_ownership_id),
      await activate(other.token, myFree.id, mine.bike_ownership_id),
      await activate(owner.token, randomUUID(), mine.bike_ownership_id),
      await activate(owner.token, 'not-a-credit', mine.bike_ownership_id),
      await activate(owner.token, myFree.id, randomUUID()),
    ];
    for (const response of cases) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    expect((await activate(null, myFree.id, mine.bike_ownership_id)).statusCode).toBe(401);
    const badBody = await call('POST', `/api/webshop/bike-activations/${myFree.id}`, owner.token, {
      bike_ownership_id: 'nope',
    });
    expect(badBody.statusCode).toBe(422);
    // Nothing moved.
    const [still] = await db()
      .select()
      .from(bikeOwnershipCredits)
      .where(eq(bikeOwnershipCredits.id, myFree.id));
    expect(still?.bikeOwnershipId).toBeNull();
  });
});

describe('POST /dev/credits', () => {
  it('grants a VIP subscription with credits to an account by e-mail; 404 for an unknown address', async () => {
    const person = await signUpUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/dev/credits',
      payload: { email: person.email.toUpperCase(), count: 3 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      party_id: person.partyId,
      subscription_id: expect.any(String),
      credits_free: 3,
    });
    await grantCredits(t.app, person.email, 2);
    expect((await overview(person.token)).json()).toMatchObject({ credits_free: 5, vip: true });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/dev/credits',
      payload: { email: 'nobody-here@example.dk', count: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/dev/credits',
      payload: { email: person.email, count: 0 },
    });
    expect(invalid.statusCode).toBe(422);
  });

  it('does not exist in production, nor does /dev/stickers', async () => {
    const production = await createTestApp({
      env: { ...SINGLE_MACHINE_PRODUCTION, ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail.example.org:587' },
    });
    try {
      const grant = await production.app.inject({
        method: 'POST',
        url: '/dev/credits',
        payload: { email: owner.email, count: 1 },
      });
      expect(grant.statusCode).toBe(404);
      const print = await production.app.inject({
        method: 'POST',
        url: '/dev/stickers',
        payload: { count: 1 },
      });
      expect(print.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
