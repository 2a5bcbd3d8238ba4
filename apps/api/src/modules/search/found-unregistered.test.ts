import { todayInRegisterZone } from '@nbr/domain/bikes';
import type { ChatMessagePage } from '@nbr/domain/chats';
import type { Pickup, PickupList } from '@nbr/domain/finds';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemPickups } from '../../db/schema/theft.ts';
import { digits, inDays, inject, notices, staffItem } from '../../test/found-match-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { mailsTo, type TestUser } from '../../test/identity-helpers.ts';
import {
  createVettedOrganisation,
  signUpStaff,
  signUpVerifiedUser,
  type TestVettedOrganisation,
} from '../../test/organisation-helpers.ts';
import { ownerWithBike, reportStolen } from '../../test/theft-report-fixtures.ts';

/*
 * "Possibly yours" for bikes the register does not know (issue 32 §2): a town or the police takes in
 * a bike whose frame number matches no registered bike, or that shows none, describes it, and it is
 * matched against the open theft reports like a registered one. Through HTTP on the real database.
 */

async function heldBy(app: FastifyInstance, token: string): Promise<Pickup[]> {
  const response = await inject(app, token, 'GET', '/api/item-pickups');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PickupList>().held_by_me;
}

describe('a town takes in a bike the register does not know', () => {
  let t: TestApp;
  let staff: TestUser;
  let aarhus: TestVettedOrganisation;
  let odense: TestVettedOrganisation;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signUpStaff(t.app, 'admin');
    aarhus = await createVettedOrganisation(t.app, staff.token, 'municipality', 'Aarhus Kommune');
    odense = await createVettedOrganisation(t.app, staff.token, 'municipality', 'Odense Kommune');
  });

  afterAll(async () => {
    await t?.close();
  });

  async function stolenBike(frameNumber: string, bike: Record<string, unknown>, theft = {}) {
    const { owner, bikeId } = await ownerWithBike(t.app, {
      language: 'en',
      bike: { frame_number: frameNumber, ...bike },
    });
    const report = await reportStolen(t.app, owner.token, bikeId, theft);
    return { owner, bikeId, reportId: report.report_id };
  }

  async function pickupsOfHolder(partyId: string): Promise<number> {
    const [row] = await t.app.db
      .select({ n: count() })
      .from(itemPickups)
      .where(eq(itemPickups.holderPartyId, partyId));
    return row?.n ?? 0;
  }

  it('its frame number is one edit from a stolen bike of the same brand: a strong candidate, the owner told once, the claim opens a chat with the town', async () => {
    const serial = digits();
    const stolen = await stolenBike(`UNR7${serial}X`, { brand: 'Trek', color: 'blue', category: 'city' });
    // Without a description, an unknown frame number is still "not registered".
    const bare = await inject(t.app, aarhus.member.token, 'POST', '/api/item-pickups', {
      identifier: `UNR7${serial}Y`,
      place: 'Kommunens cykelgård',
      collect_until: inDays(30),
    });
    expect(bare.statusCode, bare.body).toBe(404);
    expect(bare.json()).toMatchObject({ code: 'bike_not_registered' });

    const taken = await inject(t.app, aarhus.member.token, 'POST', '/api/item-pickups', {
      identifier: `UNR7${serial}Y`,
      unregistered: { brand: 'Trek', model: 'FX 2', color: 'blue', category: 'city', is_electric: false },
      place: 'Kommunens cykelgård',
      collect_until: inDays(30),
      found_on: todayInRegisterZone(),
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const pickup = taken.json<Pickup>();
    expect(pickup).toMatchObject({
      bike_id: null,
      bike: null,
      chat_id: null,
      status: 'waiting',
      is_holder: true,
      holder_name: 'Aarhus Kommune',
      unregistered_bike: {
        identifier: `UNR7${serial}Y`,
        brand: 'Trek',
        model: 'FX 2',
        color: 'blue',
        category: 'city',
        is_electric: false,
      },
    });
    expect(pickup.actions).toEqual(expect.arrayContaining(['collected', 'cancel']));
    // The town's list shows it; another town's does not, and cannot close it.
    expect((await heldBy(t.app, aarhus.member.token)).map((entry) => entry.pickup_id)).toContain(
      pickup.pickup_id,
    );
    expect((await heldBy(t.app, odense.member.token)).map((entry) => entry.pickup_id)).not.toContain(
      pickup.pickup_id,
    );
    const foreign = await inject(
      t.app,
      odense.member.token,
      'POST',
      `/api/item-pickups/${pickup.pickup_id}/cancel`,
    );
    expect(foreign.statusCode).toBe(404);

    const item = await staffItem(t.app, staff.token, pickup.pickup_id);
    expect(item).toMatchObject({
      source: 'taken_in',
      bike_id: null,
      registered: false,
      frame_number: `UNR7${serial}Y`,
      brand: 'Trek',
      model: 'FX 2',
      category: 'city',
      holder_organisation: 'Aarhus Kommune',
    });
    const candidate = item.candidates.find((entry) => entry.theft_report_id === stolen.reportId);
    expect(candidate).toMatchObject({ bike_id: stolen.bikeId, strong: true });
    expect(candidate?.reasons).toContainEqual({ kind: 'frame_close_serial', distance: 1 });
    expect(candidate?.notified_at).not.toBeNull();
    const mails = await mailsTo(t.app.db, stolen.owner.email, 'found_match');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('was taken in by Aarhus Kommune on');

    // Matching again tells nobody twice.
    const rematched = await inject(
      t.app,
      staff.token,
      'POST',
      `/api/backoffice/found-matches/${pickup.pickup_id}/rematch`,
    );
    expect(rematched.statusCode, rematched.body).toBe(200);
    expect(await mailsTo(t.app.db, stolen.owner.email, 'found_match')).toHaveLength(1);

    // The owner's claim opens the chat about their stolen bike with the town, which sees it.
    const [notice] = await notices(t.app, stolen.owner.token);
    expect(notice).toMatchObject({ bike_id: stolen.bikeId, holder_organisation: 'Aarhus Kommune' });
    const claimed = await inject(
      t.app,
      stolen.owner.token,
      'POST',
      `/api/found-matches/${notice?.match_id}/claim`,
    );
    expect(claimed.statusCode, claimed.body).toBe(200);
    const chatId = claimed.json<{ chat_id: string }>().chat_id;
    const seen = await inject(t.app, aarhus.member.token, 'GET', `/api/chats/${chatId}/messages`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<ChatMessagePage>().messages.map((message) => message.system_event)).toEqual([
      'found_match_claimed',
    ]);
    // The town hands it over and closes the pickup: no owner to mail for it.
    const collected = await inject(
      t.app,
      aarhus.member.token,
      'POST',
      `/api/item-pickups/${pickup.pickup_id}/collected`,
    );
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json<Pickup>()).toMatchObject({
      status: 'collected',
      unregistered_bike: { brand: 'Trek' },
    });
  });

  it('without an identifier: matching brand, colour and category near the theft place is a staff-only candidate with "near"', async () => {
    const brand = `Nearby${digits()}`;
    const looks = { brand, color: 'green', category: 'cargo' };
    const stolen = await stolenBike(`NRB${digits()}Q`, looks, {
      location: { latitude: 56.158, longitude: 10.205 },
      place: 'Nørregade 1, 8000 Aarhus C',
    });
    const taken = await inject(t.app, aarhus.member.token, 'POST', '/api/item-pickups', {
      unregistered: { brand, color: 'green', category: 'cargo' },
      location: { latitude: 56.15, longitude: 10.2 },
      place: 'Kommunens cykelgård',
      collect_until: inDays(30),
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const pickup = taken.json<Pickup>();
    expect(pickup.unregistered_bike).toMatchObject({ identifier: null, brand, is_electric: false });

    const item = await staffItem(t.app, staff.token, pickup.pickup_id);
    const candidate = item.candidates.find((entry) => entry.theft_report_id === stolen.reportId);
    expect(candidate).toMatchObject({ strong: false, notified_at: null });
    expect(candidate?.reasons.map((reason) => reason.kind)).toEqual([
      'brand',
      'colour',
      'category',
      'near',
      'after_theft',
    ]);
    expect(await mailsTo(t.app.db, stolen.owner.email, 'found_match')).toHaveLength(0);
    expect(await notices(t.app, stolen.owner.token)).toEqual([]);
    // The stolen bike's owner holds no pickup of it either: nobody is told by the pickup itself.
    const own = await inject(t.app, stolen.owner.token, 'GET', '/api/item-pickups');
    expect(own.json<PickupList>().for_me).toEqual([]);
  });

  it('only the police and municipalities take one in; nobody else sees it', async () => {
    const person = await signUpVerifiedUser(t.app, 'person');
    const body = {
      unregistered: { brand: 'Kildemoes', color: 'red', category: 'city' },
      place: 'Kommunens cykelgård',
      collect_until: inDays(30),
    };
    expect((await inject(t.app, person.token, 'POST', '/api/item-pickups', body)).statusCode).toBe(403);
    expect((await inject(t.app, null, 'POST', '/api/item-pickups', body)).statusCode).toBe(401);
    expect(await pickupsOfHolder(person.partyId)).toBe(0);
    const taken = await inject(t.app, odense.member.token, 'POST', '/api/item-pickups', body);
    expect(taken.statusCode, taken.body).toBe(201);
    const id = taken.json<Pickup>().pickup_id;
    expect((await heldBy(t.app, aarhus.member.token)).map((entry) => entry.pickup_id)).not.toContain(id);
    expect((await inject(t.app, person.token, 'GET', '/api/item-pickups')).json<PickupList>()).toEqual({
      for_me: [],
      held_by_me: [],
    });
    expect((await inject(t.app, person.token, 'POST', `/api/item-pickups/${id}/collected`)).statusCode).toBe(
      404,
    );
    expect((await inject(t.app, person.token, 'GET', `/api/backoffice/found-matches/${id}`)).statusCode).toBe(
      403,
    );
  });

  it('bad input is refused with a translated 422 and writes nothing', async () => {
    const before = await pickupsOfHolder(aarhus.partyId);
    const base = {
      unregistered: { brand: 'Kildemoes', color: 'red', category: 'city' },
      place: 'Kommunens cykelgård',
      collect_until: inDays(30),
    };
    const cases: Array<[object, string]> = [
      [{ ...base, location: { latitude: 95, longitude: 10.2 } }, 'location'],
      [{ ...base, location: { latitude: 56.1, longitude: 'east' } }, 'location'],
      [{ ...base, unregistered: { ...base.unregistered, color: 'plaid' } }, 'unregistered'],
      [{ ...base, unregistered: { ...base.unregistered, brand: ' ' } }, 'unregistered'],
      [{ ...base, identifier: '#?!' }, 'identifier'],
      [{ place: base.place, collect_until: base.collect_until }, 'identifier'],
    ];
    for (const [payload, field] of cases) {
      const response = await inject(t.app, aarhus.member.token, 'POST', '/api/item-pickups', payload, {
        'accept-language': 'da',
      });
      expect(response.statusCode, response.body).toBe(422);
      const detail = response.json<{ detail: Array<{ loc: string[]; msg: string; type: string }> }>().detail;
      const issue = detail.find((entry) => entry.loc.includes(field));
      expect(issue, response.body).toBeDefined();
      // Translated: a Danish sentence, not the code.
      expect(issue?.msg).not.toBe(issue?.type);
      expect(issue?.msg.length).toBeGreaterThan(3);
    }
    expect(await pickupsOfHolder(aarhus.partyId)).toBe(before);
  });
});
