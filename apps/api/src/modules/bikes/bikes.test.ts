import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import {
  bikeOwnershipCredits,
  bikeOwnerships,
  bikes,
  stickers,
  subscriptions,
} from '../../db/schema/bikes.ts';
import { identities, parties } from '../../db/schema/identity.ts';
import { idempotencyKeys } from '../../db/schema/platform.ts';
import { uuidv7 } from '../../platform/ids.ts';
import {
  grantCredits,
  postBike,
  printStickers,
  registerBike,
  signUpOwner,
  storeBikeFile,
} from '../../test/bike-api-helpers.ts';
import { uniqueFrameNumber } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, TEST_PASSWORD, type TestUser } from '../../test/identity-helpers.ts';
import { grantStaffRole, insertOrganisation, switchInto } from '../../test/role-fixtures.ts';
import { signUpConfirmedUser, verifyThroughDevProvider } from '../../test/verification-helpers.ts';
import { IDENTIFIER_CHECKS_PER_ACCOUNT_PER_MINUTE } from './bikes.routes.ts';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app, 40);
  other = await signUpOwner(t.app, 5);
  staff = await signUpUser(t.app);
  await grantStaffRole(t.database.db, staff.partyId, 'support');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

function call(
  method: 'GET' | 'PATCH' | 'DELETE' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function overview(token: string) {
  const response = await call('GET', '/api/webshop/bike-ownership-credits/overview', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<
    { credits_free: number; credits_used: number; credits_total: number } & Record<string, unknown>
  >();
}

async function bikeCount(partyId: string): Promise<number> {
  return (await db().select({ id: bikes.id }).from(bikes).where(eq(bikes.ownerPartyId, partyId))).length;
}

function approval(bikeId: string) {
  return {
    verification_session_type: 'approval',
    approval_action: 'delete_bike',
    approval_object_id: bikeId,
    success_url: `/app/my-bikes/${bikeId}`,
    failure_url: `/app/my-bikes/${bikeId}?approval=failed`,
  };
}

describe('POST /api/bikes/', () => {
  it('registers a bike with every field, its ownership, plate and credit; price in whole kroner', async () => {
    const [plate] = await printStickers(t.app, 1);
    const before = await overview(owner.token);
    const response = await postBike(t.app, owner.token, {
      nickname: '  Min cykel ',
      frame_number: 'wda 12345-s',
      plate_id: plate?.toLowerCase(),
      brand: 'FDB',
      model: 'Classic',
      production_year: 2021,
      category: 'city',
      color: 'green',
      type: 'female',
      is_electric: true,
      price: 6500,
      purchase_date: '2021-05-01',
      bikedna_code: 'dna-77',
      visibility: 'searchable',
    });
    expect(response.statusCode, response.body).toBe(201);
    const bike = response.json();
    expect(bike).toMatchObject({
      nickname: 'Min cykel',
      frame_number: 'wda 12345-s',
      plate_id: plate,
      brand: 'FDB',
      model: 'Classic',
      production_year: 2021,
      category: 'city',
      color: 'green',
      type: 'female',
      is_electric: true,
      price: 6500,
      currency: 'DKK',
      purchase_date: '2021-05-01',
      bikedna_code: 'DNA-77',
      visibility: 'searchable',
      status: 'registered',
      owner_verified: false,
      frame_number_locked: false,
      deletion_needs_approval: true,
      frame_number_check: {
        kind: 'danish',
        warnings: [],
        candidate_years: expect.arrayContaining([2021]),
        manufacturer: 'FDB',
      },
      pictures: [],
      documents: [],
      equipment: [],
    });
    const [row] = await db().select().from(bikes).where(eq(bikes.id, bike.bike_id));
    expect(row).toMatchObject({
      frameNumberKey: 'WDA12345S',
      frameNumberLookAlike: 'WDA123455',
      priceMinor: 650_000,
      region: 'dk',
      ownerPartyId: owner.partyId,
    });
    const [credit] = await db()
      .select()
      .from(bikeOwnershipCredits)
      .where(eq(bikeOwnershipCredits.bikeOwnershipId, bike.bike_ownership_id));
    expect(credit?.partyId).toBe(owner.partyId);
    const after = await overview(owner.token);
    expect(after.credits_free).toBe(before.credits_free - 1);
  });

  it('prices a Norwegian owner’s bike in NOK and registers it in region no', async () => {
    const norwegian = await signUpOwner(t.app, 1, { chosen_region: 'no', chosen_language: 'no' });
    const bike = await registerBike(t.app, norwegian.token, { price: 12000 });
    expect(bike).toMatchObject({ currency: 'NOK', price: 12000 });
    const [row] = await db().select().from(bikes).where(eq(bikes.id, bike.bike_id));
    expect(row?.region).toBe('no');
  });

  it('registers for the organisation a member acts for: its credits, its region, its list', async () => {
    const member = await signUpUser(t.app);
    const organisationId = await insertOrganisation(db(), {
      name: 'Sykkelbutikken AS',
      type: 'business',
      region: 'no',
      members: [{ partyId: member.partyId, role: 'admin' }],
    });
    const acting = await call('PUT', '/api/identities/authentications/acting-party', member.token, {
      party_id: organisationId,
    });
    expect(acting.statusCode, acting.body).toBe(200);
    const orgToken = acting.json().authentication_token as string;
    const refused = await postBike(t.app, orgToken, {
      nickname: 'Shop bike',
      frame_number: uniqueFrameNumber(),
    });
    expect(refused.json().code).toBe('no_subscription');

    const subscriptionId = uuidv7();
    await db()
      .insert(subscriptions)
      .values({ id: subscriptionId, partyId: organisationId, plan: 'ORGANISATION', source: 'staff' });
    await db().insert(bikeOwnershipCredits).values({ id: uuidv7(), partyId: organisationId, subscriptionId });
    const bike = await registerBike(t.app, orgToken, { nickname: 'Shop bike', price: 5000 });
    expect(bike).toMatchObject({ currency: 'NOK', price: 5000 });
    const [row] = await db().select().from(bikes).where(eq(bikes.id, bike.bike_id));
    expect(row).toMatchObject({ ownerPartyId: organisationId, region: 'no' });
    const ownListing = await call('GET', '/api/bikes/', orgToken);
    expect(ownListing.json()).toEqual([expect.objectContaining({ bike_id: bike.bike_id })]);
    // The person acting for themself does not own it.
    const personal = await call('PUT', '/api/identities/authentications/acting-party', orgToken, {
      party_id: member.partyId,
    });
    const personalToken = personal.json().authentication_token as string;
    expect((await call('GET', '/api/bikes/', personalToken)).json()).toEqual([]);
    expect((await call('GET', `/api/bikes/${bike.bike_id}/`, personalToken)).statusCode).toBe(404);
  });

  it('allows frame numbers that only look alike, and refuses one typed differently but equal', async () => {
    const first = await postBike(t.app, owner.token, { nickname: 'A', frame_number: 'LKA 40O7 S' });
    expect(first.statusCode, first.body).toBe(201);
    // O and 0 look alike, but the keys differ: a different frame number.
    const lookAlike = await postBike(t.app, owner.token, { nickname: 'B', frame_number: 'LKA4007S' });
    expect(lookAlike.statusCode, lookAlike.body).toBe(201);

    const before = await overview(owner.token);
    const count = await bikeCount(owner.partyId);
    const same = await postBike(t.app, other.token, { nickname: 'C', frame_number: 'lka-40o7.s' });
    expect(same.statusCode).toBe(422);
    expect(same.json()).toEqual({
      code: 'validation_failed',
      detail: [
        {
          loc: ['body', 'frame_number'],
          type: 'frame_number_in_use',
          msg: expect.stringContaining('support'),
        },
      ],
    });
    expect(await bikeCount(owner.partyId)).toBe(count);
    expect((await overview(owner.token)).credits_free).toBe(before.credits_free);
  });

  it('takes a frame number typed with Cyrillic or Greek look-alikes for the Latin one: in use, and found by search', async () => {
    const latin = `WBKP${Date.now().toString().slice(-7)}`;
    const first = await postBike(t.app, owner.token, { nickname: 'Latin', frame_number: latin });
    expect(first.statusCode, first.body).toBe(201);
    // A Cyrillic Р, then a Greek Ρ and Κ: the same number, not a second copy beside it.
    for (const copy of [latin.replace('P', 'Р'), latin.replace('P', 'Ρ').replace('K', 'Κ')]) {
      expect(copy).not.toBe(latin);
      const duplicate = await postBike(t.app, other.token, { nickname: 'Copy', frame_number: copy });
      expect(duplicate.statusCode, duplicate.body).toBe(422);
      expect(duplicate.json().detail).toEqual([
        expect.objectContaining({ loc: ['body', 'frame_number'], type: 'frame_number_in_use' }),
      ]);
    }

    // Registered with a look-alike, a number is stored and found as the Latin one.
    const typedLatin = `WBKE${Date.now().toString().slice(-7)}`;
    const cyrillic = await postBike(t.app, owner.token, {
      nickname: 'Cyrillic',
      frame_number: typedLatin.replace('E', 'Е'),
    });
    expect(cyrillic.statusCode, cyrillic.body).toBe(201);
    expect(cyrillic.json().frame_number).toBe(typedLatin);
    const found = await t.app.inject({ method: 'GET', url: '/api/search', query: { q: typedLatin } });
    expect(found.json().results).toEqual([
      expect.objectContaining({
        bike_id: cyrillic.json().bike_id,
        match: 'exact',
        identifier: 'frame_number',
      }),
    ]);
    const again = await postBike(t.app, other.token, { nickname: 'Latin again', frame_number: typedLatin });
    expect(again.statusCode).toBe(422);
  });

  it('treats a frame number typed with Latin-script look-alikes (ǀ, Ɪ, ʙ) as the number it imitates (issue 27)', async () => {
    const stamp = Date.now().toString().slice(-6);
    const latin = `WBI1${stamp}Z`;
    const original = await registerBike(t.app, owner.token, { frame_number: latin });
    // U+01C0 for the 1, U+A7AE for the I, U+0299 for the B: each the number in use, not a second one.
    for (const copy of [`WBI\u01C0${stamp}Z`, `WB\uA7AE1${stamp}Z`, `W\u0299I1${stamp}Z`, `wʙɪ|${stamp}z`]) {
      const duplicate = await postBike(t.app, other.token, { nickname: 'Copy', frame_number: copy });
      expect(duplicate.statusCode, `${copy}: ${duplicate.body}`).toBe(422);
      expect(duplicate.json().detail).toEqual([
        expect.objectContaining({ loc: ['body', 'frame_number'], type: 'frame_number_in_use' }),
      ]);
      // And a search for the look-alike finds the registered bike as an exact match.
      const found = await t.app.inject({ method: 'GET', url: '/api/search', query: { q: copy } });
      expect(found.json().results, copy).toEqual([
        expect.objectContaining({ bike_id: original.bike_id, match: 'exact', identifier: 'frame_number' }),
      ]);
    }

    // Registered with look-alikes, a number is stored and found as the Latin one.
    const typed = `W\u0299K\u01C0${stamp}Z`;
    const folded = await postBike(t.app, owner.token, { nickname: 'Small capitals', frame_number: typed });
    expect(folded.statusCode, folded.body).toBe(201);
    expect(folded.json().frame_number).toBe(`WBK1${stamp}Z`);
    const search = await t.app.inject({ method: 'GET', url: '/api/search', query: { q: `WBK1${stamp}Z` } });
    expect(search.json().results).toEqual([
      expect.objectContaining({ bike_id: folded.json().bike_id, match: 'exact' }),
    ]);

    // Any other letter outside A–Z, Æ, Ø, Å is refused, translated; nothing is registered.
    const accented = await postBike(
      t.app,
      other.token,
      { nickname: 'Accent', frame_number: `WBÍ1${stamp}Z` },
      { 'accept-language': 'da' },
    );
    expect(accented.statusCode).toBe(422);
    expect(accented.json().detail).toEqual([
      {
        loc: ['body', 'frame_number'],
        type: 'identifier_not_latin',
        msg: expect.stringContaining('A–Z, Æ, Ø, Å'),
      },
    ]);
  });

  it('refuses a frame number with letters of another script that are no look-alike, translated', async () => {
    const refused = await postBike(
      t.app,
      owner.token,
      { nickname: 'Other script', frame_number: 'WBKЖ12345' },
      { 'accept-language': 'en' },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toEqual([
      {
        loc: ['body', 'frame_number'],
        type: 'identifier_not_latin',
        msg: expect.stringContaining('only the letters A–Z, Æ, Ø, Å and the digits 0–9'),
      },
    ]);
  });

  it('refuses a frame number without a name or identifier, and a too short one, before anything else', async () => {
    const noIdentifier = await postBike(t.app, owner.token, { nickname: 'Nothing' });
    expect(noIdentifier.statusCode).toBe(422);
    expect(noIdentifier.json().detail[0]).toMatchObject({ type: 'frame_or_plate_required' });
    const short = await postBike(t.app, owner.token, { nickname: 'Short', frame_number: 'ab-1' });
    expect(short.json().detail[0]).toMatchObject({
      loc: ['body', 'frame_number'],
      type: 'identifier_too_short',
    });
  });

  it('refuses plates that are unknown, in use or another item’s, and both identifiers at once, writing nothing', async () => {
    const [free, used] = await printStickers(t.app, 2);
    const [equipmentSticker] = await printStickers(t.app, 1, 'equipment');
    const taken = await registerBike(t.app, other.token, { plate_id: used });
    const credits = (await overview(owner.token)).credits_free;
    const bikesBefore = await bikeCount(owner.partyId);

    const unknown = await postBike(t.app, owner.token, { nickname: 'X', plate_id: 'NOSUCH99' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toEqual([
      { loc: ['body', 'plate_id'], type: 'plate_id_invalid', msg: expect.stringContaining('NOSUCH99') },
    ]);
    const inUse = await postBike(t.app, owner.token, { nickname: 'X', plate_id: used });
    expect(inUse.json().detail).toEqual([
      { loc: ['body', 'plate_id'], type: 'plate_id_in_use', msg: expect.stringContaining(String(used)) },
    ]);
    const equipment = await postBike(t.app, owner.token, { nickname: 'X', plate_id: equipmentSticker });
    expect(equipment.json().detail).toEqual([
      { loc: ['body', 'plate_id'], type: 'plate_id_other_equipment', msg: expect.any(String) },
    ]);
    const both = await postBike(t.app, owner.token, {
      nickname: 'X',
      frame_number: String(taken.frame_number),
      plate_id: used,
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().detail).toEqual([
      { loc: ['body'], type: 'frame_number_and_plate_id_invalid', msg: expect.any(String) },
    ]);
    // A free plate with a taken frame number: nothing is written, the plate stays free.
    const frameOnly = await postBike(t.app, owner.token, {
      nickname: 'X',
      frame_number: String(taken.frame_number),
      plate_id: free,
    });
    expect(frameOnly.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'frame_number'], type: 'frame_number_in_use' }),
    ]);
    const [sticker] = await db()
      .select()
      .from(stickers)
      .where(eq(stickers.code, String(free)));
    expect(sticker).toMatchObject({ status: 'free', bikeId: null });
    expect(await bikeCount(owner.partyId)).toBe(bikesBefore);
    expect((await overview(owner.token)).credits_free).toBe(credits);
  });

  it('needs a subscription (no_subscription) and a free credit (no_free_credit)', async () => {
    const without = await signUpUser(t.app);
    const refused = await postBike(t.app, without.token, {
      nickname: 'X',
      frame_number: uniqueFrameNumber(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'no_subscription',
      detail: expect.stringContaining('abonnement'),
    });

    await grantCredits(t.app, without.email, 1);
    await registerBike(t.app, without.token);
    const spent = await postBike(t.app, without.token, { nickname: 'Y', frame_number: uniqueFrameNumber() });
    expect(spent.statusCode).toBe(403);
    expect(spent.json().code).toBe('no_free_credit');
    expect(await bikeCount(without.partyId)).toBe(1);
  });

  it('uses each credit once when ten registrations race for three credits', async () => {
    const racer = await signUpOwner(t.app, 3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        postBike(t.app, racer.token, { nickname: `Race ${index}`, frame_number: uniqueFrameNumber() }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status !== 201)).toEqual(Array(7).fill(403));
    for (const answer of answers.filter((a) => a.statusCode === 403)) {
      expect(answer.json().code).toBe('no_free_credit');
    }
    expect(await bikeCount(racer.partyId)).toBe(3);
    const used = await db()
      .select()
      .from(bikeOwnershipCredits)
      .where(eq(bikeOwnershipCredits.partyId, racer.partyId));
    expect(new Set(used.map((credit) => credit.bikeOwnershipId)).size).toBe(3);
    expect(used.every((credit) => credit.bikeOwnershipId !== null)).toBe(true);
  });

  it('lets a legacy account (signed up before 2023-02-07) register without buying: 100 credits, active', async () => {
    const legacy = await signUpUser(t.app);
    const longAgo = new Date('2022-06-01T10:00:00Z');
    await db().update(identities).set({ signedUpAt: longAgo }).where(eq(identities.partyId, legacy.partyId));
    await db().update(parties).set({ createdAt: longAgo }).where(eq(parties.id, legacy.partyId));
    await registerBike(t.app, legacy.token);
    expect(await overview(legacy.token)).toMatchObject({
      subscription_active: true,
      legacy: true,
      credits_total: 100,
      credits_used: 1,
      credits_free: 99,
      can_add_bike: true,
    });
    // Granted once, however often it is looked at.
    await registerBike(t.app, legacy.token);
    expect(await overview(legacy.token)).toMatchObject({ credits_total: 100, credits_used: 2 });

    // A person who signed up on or after the cut-off is not legacy.
    const recent = await signUpUser(t.app);
    const cutOff = new Date('2023-02-07T00:00:00Z');
    await db().update(identities).set({ signedUpAt: cutOff }).where(eq(identities.partyId, recent.partyId));
    await db().update(parties).set({ createdAt: cutOff }).where(eq(parties.id, recent.partyId));
    const refused = await postBike(t.app, recent.token, { nickname: 'X', frame_number: uniqueFrameNumber() });
    expect(refused.json().code).toBe('no_subscription');
  });

  it('registers a frame number once when several people register it at the same moment', async () => {
    const frameNumber = uniqueFrameNumber('RACE');
    const people = await Promise.all(Array.from({ length: 5 }, () => signUpOwner(t.app, 1)));
    const answers = await Promise.all(
      people.map((person, index) =>
        postBike(t.app, person.token, { nickname: `Same ${index}`, frame_number: frameNumber }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().detail).toEqual([
        expect.objectContaining({ loc: ['body', 'frame_number'], type: 'frame_number_in_use' }),
      ]);
    }
  });

  it('does not register twice for one Idempotency-Key', async () => {
    const careful = await signUpOwner(t.app, 3);
    const body = { nickname: 'Once', frame_number: uniqueFrameNumber() };
    const key = { 'idempotency-key': `register-${randomUUID()}` };
    const first = await postBike(t.app, careful.token, body, key);
    const again = await postBike(t.app, careful.token, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().bike_id).toBe(first.json().bike_id);
    expect(await bikeCount(careful.partyId)).toBe(1);
    expect((await overview(careful.token)).credits_free).toBe(2);
  });

  it('names staff switched into the account, not the person, as who registered it', async () => {
    const helped = await signUpOwner(t.app, 1);
    const switched = await switchInto(t.app, staff.token, helped.partyId);
    const bike = await registerBike(t.app, switched);
    const [ownership] = await db()
      .select()
      .from(bikeOwnerships)
      .where(eq(bikeOwnerships.id, bike.bike_ownership_id));
    expect(ownership).toMatchObject({ ownerPartyId: helped.partyId, createdByPartyId: staff.partyId });
  });

  it('refuses text with a NUL byte (422 invalid_characters) instead of failing in the database', async () => {
    const response = await postBike(t.app, owner.token, {
      nickname: 'Red\u0000one',
      brand: 'Ske\u0000ppshult',
      frame_number: uniqueFrameNumber(),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'nickname'], type: 'invalid_characters' }),
      expect.objectContaining({ loc: ['body', 'brand'], type: 'invalid_characters' }),
    ]);
  });

  it('refuses a visitor (401)', async () => {
    const response = await postBike(t.app, null, { nickname: 'X', frame_number: uniqueFrameNumber() });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/bikes/', () => {
  it('lists only the acting party’s bikes, newest first, with plate and thumbnail', async () => {
    const lister = await signUpOwner(t.app, 3);
    const [plate] = await printStickers(t.app, 1);
    const first = await registerBike(t.app, lister.token, { nickname: 'First', plate_id: plate });
    const second = await registerBike(t.app, lister.token, { nickname: 'Second' });
    await storeBikeFile(t.app, {
      bikeId: second.bike_id,
      ownerPartyId: lister.partyId,
      kind: 'frame_number',
    });
    const response = await call('GET', '/api/bikes/', lister.token);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((bike: { nickname: string }) => bike.nickname)).toEqual(['Second', 'First']);
    expect(list[0]).toMatchObject({
      bike_id: second.bike_id,
      bike_ownership_id: second.bike_ownership_id,
      thumbnail_url: expect.stringMatching(/^\/api\/files\/.+\/thumbnail\?expires=\d+&signature=/),
    });
    expect(list[1]).toMatchObject({ bike_id: first.bike_id, plate_id: plate, thumbnail_url: null });
    expect((await call('GET', '/api/bikes/', other.token)).json()).not.toContainEqual(
      expect.objectContaining({ bike_id: first.bike_id }),
    );
    expect((await call('GET', '/api/bikes/', null)).statusCode).toBe(401);
  });
});

describe('GET /api/bikes/{bike_id}/', () => {
  it('shows the owner and staff the owner’s view; another user and unknown ids get the same 404', async () => {
    const bike = await registerBike(t.app, owner.token, { nickname: 'Mine' });
    const mine = await call('GET', `/api/bikes/${bike.bike_id}/`, owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ bike_id: bike.bike_id, nickname: 'Mine' });
    // Staff reading someone's bike (private pictures, documents) give a reason, kept in the audit
    // trail; the owner's own reads are not.
    const withoutReason = await call('GET', `/api/bikes/${bike.bike_id}`, staff.token);
    expect(withoutReason.statusCode).toBe(422);
    expect(withoutReason.json().detail[0].loc).toEqual(['query', 'reason']);
    const reason = encodeURIComponent('Ticket #31: owner asks about pictures');
    expect((await call('GET', `/api/bikes/${bike.bike_id}?reason=${reason}`, staff.token)).statusCode).toBe(
      200,
    );
    const views = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'bike.viewed_by_staff'), eq(auditEvents.targetPartyId, owner.partyId)),
      );
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      actorPartyId: staff.partyId,
      details: { bike_id: bike.bike_id, reason: 'Ticket #31: owner asks about pictures' },
    });

    const foreign = await call('GET', `/api/bikes/${bike.bike_id}/`, other.token);
    const unknown = await call('GET', `/api/bikes/${randomUUID()}/`, other.token);
    const malformed = await call('GET', '/api/bikes/not-a-bike/', other.token);
    for (const response of [foreign, unknown, malformed]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(foreign.json());
    }
    expect((await call('GET', `/api/bikes/${bike.bike_id}/`, null)).statusCode).toBe(401);
  });
});

describe('PATCH /api/bikes/{bike_id}/', () => {
  it('edits what is sent, clears with null or empty, swaps and releases the plate, bumps updated_at', async () => {
    const [plateA, plateB] = await printStickers(t.app, 2);
    const bike = await registerBike(t.app, owner.token, { plate_id: plateA, model: 'Old', price: 100 });
    const response = await call('PATCH', `/api/bikes/${bike.bike_id}/`, owner.token, {
      nickname: 'Renamed',
      model: '',
      price: null,
      color: 'red',
      plate_id: plateB,
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json();
    expect(edited).toMatchObject({
      nickname: 'Renamed',
      model: null,
      price: null,
      color: 'red',
      plate_id: plateB,
    });
    expect(edited.frame_number).toBe(bike.frame_number);
    expect(Date.parse(edited.updated_at)).toBeGreaterThan(Date.parse(String(bike.updated_at)));
    const [released] = await db()
      .select()
      .from(stickers)
      .where(eq(stickers.code, String(plateA)));
    expect(released).toMatchObject({ status: 'free', bikeId: null });

    const noPlate = await call('PATCH', `/api/bikes/${bike.bike_id}/`, owner.token, { plate_id: null });
    expect(noPlate.json().plate_id).toBeNull();
    const neither = await call('PATCH', `/api/bikes/${bike.bike_id}/`, owner.token, { frame_number: '' });
    expect(neither.statusCode).toBe(422);
    expect(neither.json().detail[0]).toMatchObject({ type: 'frame_or_plate_required' });
  });

  it('refuses a frame number in use and plates that cannot be used, changing nothing', async () => {
    const [equipmentSticker] = await printStickers(t.app, 1, 'equipment');
    const mine = await registerBike(t.app, owner.token);
    const theirs = await registerBike(t.app, other.token);
    const taken = await call('PATCH', `/api/bikes/${mine.bike_id}/`, owner.token, {
      nickname: 'Not saved',
      frame_number: String(theirs.frame_number).toLowerCase(),
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().detail[0]).toMatchObject({
      loc: ['body', 'frame_number'],
      type: 'frame_number_in_use',
    });
    const equipment = await call('PATCH', `/api/bikes/${mine.bike_id}/`, owner.token, {
      plate_id: equipmentSticker,
    });
    expect(equipment.json().detail[0]).toMatchObject({ type: 'plate_id_other_equipment' });
    const unchanged = await call('GET', `/api/bikes/${mine.bike_id}/`, owner.token);
    expect(unchanged.json()).toMatchObject({ nickname: mine.nickname, frame_number: mine.frame_number });
    // Its own frame number, typed differently, is not "in use".
    const own = await call('PATCH', `/api/bikes/${mine.bike_id}/`, owner.token, {
      frame_number: String(mine.frame_number).toLowerCase(),
    });
    expect(own.statusCode).toBe(200);
  });

  it('locks the frame number after a change of ownership (409) but not the other fields', async () => {
    const bike = await registerBike(t.app, owner.token);
    await db().update(bikes).set({ frameNumberLockedAt: new Date() }).where(eq(bikes.id, bike.bike_id));
    const locked = await call('PATCH', `/api/bikes/${bike.bike_id}/`, owner.token, {
      frame_number: uniqueFrameNumber(),
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('frame_number_locked');
    const cleared = await call('PATCH', `/api/bikes/${bike.bike_id}/`, owner.token, { frame_number: null });
    expect(cleared.statusCode).toBe(409);
    const other_fields = await call('PATCH', `/api/bikes/${bike.bike_id}/`, owner.token, {
      nickname: 'Still mine',
      frame_number: bike.frame_number,
    });
    expect(other_fields.statusCode).toBe(200);
    expect(other_fields.json()).toMatchObject({ nickname: 'Still mine', frame_number_locked: true });
  });

  it('answers 404 to another user and to staff, 401 to a visitor', async () => {
    const bike = await registerBike(t.app, owner.token, { nickname: 'Untouched' });
    for (const token of [other.token, staff.token]) {
      const response = await call('PATCH', `/api/bikes/${bike.bike_id}/`, token, { nickname: 'Hijacked' });
      expect(response.statusCode).toBe(404);
    }
    expect((await call('PATCH', `/api/bikes/${bike.bike_id}/`, null, { nickname: 'x' })).statusCode).toBe(
      401,
    );
    expect((await call('GET', `/api/bikes/${bike.bike_id}/`, owner.token)).json().nickname).toBe('Untouched');
  });
});

describe('DELETE /api/bikes/{bike_id}/', () => {
  it('needs an identity approval for this bike, then deletes it with its files; plate and credit become free', async () => {
    const person = await signUpConfirmedUser(t.app);
    await grantCredits(t.app, person.email, 2);
    const [plate] = await printStickers(t.app, 1);
    const bike = await registerBike(t.app, person.token, { plate_id: plate });
    const file = await storeBikeFile(t.app, {
      bikeId: bike.bike_id,
      ownerPartyId: person.partyId,
      kind: 'receipt',
    });

    const refused = await call('DELETE', `/api/bikes/${bike.bike_id}/`, person.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('approval_required');
    expect(await bikeCount(person.partyId)).toBe(1);

    // An approval for another bike does not do.
    const otherBike = await registerBike(t.app, person.token);
    await verifyThroughDevProvider(t.app, person.token, { body: approval(otherBike.bike_id) });
    expect((await call('DELETE', `/api/bikes/${bike.bike_id}/`, person.token)).statusCode).toBe(403);

    const approved = await verifyThroughDevProvider(t.app, person.token, { body: approval(bike.bike_id) });
    expect(approved.json().session_task_result).toBe('approved');
    expect((await call('DELETE', `/api/bikes/${bike.bike_id}/`, other.token)).statusCode).toBe(404);
    const deleted = await call('DELETE', `/api/bikes/${bike.bike_id}/`, person.token);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/api/bikes/${bike.bike_id}/`, person.token)).statusCode).toBe(404);
    const [sticker] = await db()
      .select()
      .from(stickers)
      .where(eq(stickers.code, String(plate)));
    expect(sticker).toMatchObject({ status: 'free', bikeId: null });
    for (const key of file.keys) expect(await t.app.fileStorage.get(key)).toBeNull();
    expect(await overview(person.token)).toMatchObject({ credits_free: 1, credits_used: 1 });
    const events = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'bike.deleted'), eq(auditEvents.targetPartyId, person.partyId)));
    expect(events).toEqual([expect.objectContaining({ actorPartyId: person.partyId })]);
    // The freed plate can go on another bike.
    expect((await postBike(t.app, person.token, { nickname: 'Again', plate_id: plate })).statusCode).toBe(
      201,
    );
  });

  it('answers 404 to another user, staff and unknown ids, 401 to a visitor, and keeps the bike', async () => {
    const bike = await registerBike(t.app, owner.token);
    for (const token of [other.token, staff.token]) {
      expect((await call('DELETE', `/api/bikes/${bike.bike_id}/`, token)).statusCode).toBe(404);
    }
    expect((await call('DELETE', `/api/bikes/${randomUUID()}/`, owner.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/bikes/${bike.bike_id}/`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/bikes/${bike.bike_id}/`, owner.token)).statusCode).toBe(200);
  });
});

describe('GET /api/bikes/{bike_id}/public', () => {
  async function bikeWithPicture(visibility: 'active' | 'searchable' | 'private') {
    const bike = await registerBike(t.app, owner.token, {
      brand: 'Winther',
      model: 'Wallaroo',
      color: 'blue',
      category: 'cargo',
      visibility,
    });
    await storeBikeFile(t.app, { bikeId: bike.bike_id, ownerPartyId: owner.partyId, kind: 'public' });
    await storeBikeFile(t.app, { bikeId: bike.bike_id, ownerPartyId: owner.partyId, kind: 'private' });
    return bike.bike_id;
  }
  const view = (bikeId: string, token: string | null) => call('GET', `/api/bikes/${bikeId}/public`, token);

  it('shows an active bike fully: model and the public picture, to anyone', async () => {
    const bikeId = await bikeWithPicture('active');
    for (const token of [null, other.token]) {
      const response = await view(bikeId, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        bike_id: bikeId,
        status: 'registered',
        brand: 'Winther',
        model: 'Wallaroo',
        color: 'blue',
        category: 'cargo',
        is_electric: false,
        picture_url: expect.stringMatching(/^\/api\/files\/.+\/original\?/),
        thumbnail_url: expect.stringMatching(/^\/api\/files\/.+\/thumbnail\?/),
        is_owner: false,
      });
    }
    expect((await view(bikeId, owner.token)).json().is_owner).toBe(true);
  });

  it('shows a searchable bike without model or picture', async () => {
    const bikeId = await bikeWithPicture('searchable');
    const response = await view(bikeId, null);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      brand: 'Winther',
      model: null,
      picture_url: null,
      thumbnail_url: null,
    });
  });

  it('hides a private bike from everyone but its owner, unless it is reported stolen', async () => {
    const bikeId = await bikeWithPicture('private');
    expect((await view(bikeId, null)).statusCode).toBe(404);
    expect((await view(bikeId, other.token)).statusCode).toBe(404);
    const mine = await view(bikeId, owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ is_owner: true, model: null, picture_url: null });
    await db().update(bikes).set({ status: 'stolen' }).where(eq(bikes.id, bikeId));
    const stolen = await view(bikeId, null);
    expect(stolen.statusCode).toBe(200);
    expect(stolen.json()).toMatchObject({
      status: 'stolen',
      brand: 'Winther',
      model: null,
      picture_url: null,
    });
    expect((await view(randomUUID(), null)).statusCode).toBe(404);
    expect((await view('nope', null)).statusCode).toBe(404);
  });
});

describe('POST /api/bikes/identifier-checks', () => {
  const check = (token: string | null, payload: Record<string, unknown>) =>
    call('POST', '/api/bikes/identifier-checks', token, payload);

  it('answers valid, invalid and already used for frame numbers and plates, with the soft check', async () => {
    const [free, used] = await printStickers(t.app, 2);
    const [equipmentSticker] = await printStickers(t.app, 1, 'equipment');
    const theirs = await registerBike(t.app, other.token, { plate_id: used });

    const fresh = await check(owner.token, { frame_number: 'WDA 99887 K', brand: 'SCO', plate_id: free });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({
      frame_number: expect.objectContaining({ status: 'valid', problem: null, kind: 'danish' }),
      plate_id: { status: 'valid', problem: null },
      bike: null,
    });
    expect(fresh.json().frame_number.warnings).toContain('brand_prefix_mismatch');

    const taken = await check(owner.token, {
      frame_number: String(theirs.frame_number).toLowerCase(),
      plate_id: used,
    });
    expect(taken.json()).toMatchObject({
      frame_number: { status: 'already_used' },
      plate_id: { status: 'already_used' },
    });
    const invalid = await check(owner.token, { frame_number: 'ab', plate_id: 'NOSUCH77' });
    expect(invalid.json()).toMatchObject({
      frame_number: { status: 'invalid', problem: 'identifier_too_short' },
      plate_id: { status: 'invalid', problem: null },
    });
    const short = await check(owner.token, { plate_id: 'x1' });
    expect(short.json()).toEqual({
      frame_number: null,
      plate_id: { status: 'invalid', problem: 'identifier_too_short' },
      bike: null,
    });
    const equipment = await check(owner.token, { plate_id: equipmentSticker });
    expect(equipment.json().plate_id.status).toBe('other_equipment');
  });

  it('treats the caller’s own bike’s identifiers as valid, and names another’s bike_not_found', async () => {
    const [plate] = await printStickers(t.app, 1);
    const mine = await registerBike(t.app, owner.token, { plate_id: plate });
    const own = await check(owner.token, {
      bike_id: mine.bike_id,
      frame_number: mine.frame_number,
      plate_id: plate,
    });
    expect(own.json()).toMatchObject({
      frame_number: { status: 'valid' },
      plate_id: { status: 'valid' },
      bike: null,
    });
    const foreign = await check(other.token, {
      bike_id: mine.bike_id,
      frame_number: mine.frame_number,
      plate_id: plate,
    });
    expect(foreign.json()).toMatchObject({
      frame_number: { status: 'already_used' },
      plate_id: { status: 'already_used' },
      bike: 'bike_not_found',
    });
    expect((await check(owner.token, { bike_id: 'nope' })).json().bike).toBe('bike_not_found');
    expect((await check(null, { frame_number: 'WDA12345S' })).statusCode).toBe(401);
  });
});

describe('identifier checks per account', () => {
  it('refuses checks beyond the per-account budget (429 rate_limited)', async () => {
    const busy = await signUpUser(t.app);
    for (let index = 0; index < IDENTIFIER_CHECKS_PER_ACCOUNT_PER_MINUTE; index += 1) {
      const response = await call('POST', '/api/bikes/identifier-checks', busy.token, {
        plate_id: `AAA${index}XX`,
      });
      expect(response.statusCode).toBe(200);
    }
    const refused = await call('POST', '/api/bikes/identifier-checks', busy.token, { plate_id: 'AAAXX' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    // Someone else still has their own budget.
    expect(
      (await call('POST', '/api/bikes/identifier-checks', other.token, { plate_id: 'AAAXX' })).statusCode,
    ).toBe(200);
  });
});

describe('account deletion', () => {
  it('deletes the person’s bikes with their files and the kept answers of their registrations, and frees their plates', async () => {
    const leaving = await signUpOwner(t.app, 2);
    const [plate] = await printStickers(t.app, 1);
    const bike = await registerBike(t.app, leaving.token, { plate_id: plate });
    // A second one registered with an Idempotency-Key: its kept answer holds the bike too.
    const keyed = await postBike(
      t.app,
      leaving.token,
      { nickname: 'Keyed', frame_number: uniqueFrameNumber() },
      { 'idempotency-key': `leaving-${randomUUID()}` },
    );
    expect(keyed.statusCode, keyed.body).toBe(201);
    expect(
      await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.partyId, leaving.partyId)),
    ).toHaveLength(1);
    const file = await storeBikeFile(t.app, { bikeId: bike.bike_id, ownerPartyId: leaving.partyId });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/identities/${leaving.partyId}/`,
      headers: bearer(leaving.token),
      payload: {
        confirm_data_copy: true,
        confirm_legal_retention: true,
        confirm_insurance_consequences: true,
        confirm_permanent: true,
        password: TEST_PASSWORD,
      },
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await bikeCount(leaving.partyId)).toBe(0);
    const [sticker] = await db()
      .select()
      .from(stickers)
      .where(eq(stickers.code, String(plate)));
    expect(sticker).toMatchObject({ status: 'free', bikeId: null });
    for (const key of file.keys) expect(await t.app.fileStorage.get(key)).toBeNull();
    expect(
      await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.partyId, leaving.partyId)),
    ).toEqual([]);
    // Other people's bikes are untouched.
    expect(await bikeCount(owner.partyId)).toBeGreaterThan(0);
  });
});
