import type { ChatMessagePage } from '@nbr/domain/chats';
import type { Pickup } from '@nbr/domain/finds';
import type { StaffFoundItem, StaffFoundItemList } from '@nbr/domain/found-matching';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foundBikeMatches } from '../../db/schema/theft.ts';
import { insertBike } from '../../test/bike-helpers.ts';
import {
  createDock,
  insertDeviceWithLocks,
  insertParking,
  municipalityOperator,
} from '../../test/dock-fixtures.ts';
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
 * "Possibly yours" (issue 32 §2) through HTTP on the real database: each of the three events (a
 * finder reports a bike found, a town takes one in, a dock hands one over) finds the stolen bike it
 * may be; a strong match mails the owner once, matching again repeats nothing, our staff see the
 * candidates with reasons and decide them, and nobody but the owner sees or claims a notice.
 */

describe('found bikes meet stolen reports', () => {
  let t: TestApp;
  let staff: TestUser;
  let municipality: TestVettedOrganisation;
  let someone: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signUpStaff(t.app, 'admin');
    municipality = await createVettedOrganisation(t.app, staff.token, 'municipality', 'Aarhus Kommune');
    someone = await signUpVerifiedUser(t.app, 'someone');
  });

  afterAll(async () => {
    await t?.close();
  });

  /** An owner whose bike (with this frame number) is reported stolen. */
  async function stolenBike(
    frameNumber: string,
    bike: Record<string, unknown> = {},
    /** More fields of the theft report (its place). */
    theft: Record<string, unknown> = {},
  ) {
    const { owner, bikeId } = await ownerWithBike(t.app, {
      language: 'en',
      bike: { frame_number: frameNumber, ...bike },
    });
    const report = await reportStolen(t.app, owner.token, bikeId, theft);
    return { owner, bikeId, reportId: report.report_id };
  }

  it('a town takes in a bike registered under a look-alike frame number: the owner is told once and claims it in a chat', async () => {
    const serial = digits();
    const stolen = await stolenBike(`FRM10${serial}A`);
    // The same frame read with I for 1 and O for 0, registered by someone else (the stolen bike resold).
    const found = await insertBike(t.app.db, {
      ownerPartyId: someone.partyId,
      frameNumber: `FRMIO${serial}A`,
      brand: 'Kildemoes',
    });
    const taken = await inject(t.app, municipality.member.token, 'POST', '/api/item-pickups', {
      identifier: `FRMIO${serial}A`,
      place: 'Kommunens cykelgård',
      collect_until: inDays(30),
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const pickupId = taken.json<Pickup>().pickup_id;

    const item = await staffItem(t.app, staff.token, pickupId);
    expect(item).toMatchObject({
      source: 'taken_in',
      bike_id: found.bikeId,
      holder_organisation: 'Aarhus Kommune',
    });
    const candidate = item.candidates.find((entry) => entry.theft_report_id === stolen.reportId);
    expect(candidate).toMatchObject({ bike_id: stolen.bikeId, strong: true, decision: null });
    expect(candidate?.reasons.map((reason) => reason.kind)).toEqual(
      expect.arrayContaining(['frame_look_alike', 'brand', 'after_theft']),
    );
    expect(candidate?.notified_at).not.toBeNull();

    const mails = await mailsTo(t.app.db, stolen.owner.email, 'found_match');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('was taken in by Aarhus Kommune on');
    expect(mails[0]?.text).toContain('/app/possibly-yours');

    // Matching again (our staff, after the register changed) repeats neither a candidate nor a mail.
    const rematched = await inject(
      t.app,
      staff.token,
      'POST',
      `/api/backoffice/found-matches/${pickupId}/rematch`,
    );
    expect(rematched.statusCode, rematched.body).toBe(200);
    expect(rematched.json<StaffFoundItem>().candidates).toHaveLength(item.candidates.length);
    const rows = await t.app.db
      .select()
      .from(foundBikeMatches)
      .where(eq(foundBikeMatches.pickupId, pickupId));
    expect(rows).toHaveLength(item.candidates.length);
    expect(await mailsTo(t.app.db, stolen.owner.email, 'found_match')).toHaveLength(1);

    // The owner's notice names the town, never anything of another person; nobody else has one.
    const [notice] = await notices(t.app, stolen.owner.token);
    expect(notice).toMatchObject({
      match_id: candidate?.match_id,
      bike_id: stolen.bikeId,
      source: 'taken_in',
      holder_organisation: 'Aarhus Kommune',
      chat_id: null,
    });
    expect(await notices(t.app, someone.token)).toEqual([]);
    expect(await notices(t.app, municipality.member.token)).toEqual([]);
    expect((await inject(t.app, null, 'GET', '/api/found-matches')).statusCode).toBe(401);
    const claimUrl = `/api/found-matches/${notice?.match_id}/claim`;
    expect((await inject(t.app, someone.token, 'POST', claimUrl)).statusCode).toBe(404);
    expect((await inject(t.app, municipality.member.token, 'POST', claimUrl)).statusCode).toBe(404);
    expect((await inject(t.app, null, 'POST', claimUrl)).statusCode).toBe(401);
    // Our staff's list is theirs alone.
    expect((await inject(t.app, stolen.owner.token, 'GET', '/api/backoffice/found-matches')).statusCode).toBe(
      403,
    );

    // The claim opens the chat about the owner's bike with the town, once.
    const claimed = await inject(t.app, stolen.owner.token, 'POST', claimUrl);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const chatId = claimed.json<{ chat_id: string }>().chat_id;
    expect((await inject(t.app, stolen.owner.token, 'POST', claimUrl)).json()).toEqual({ chat_id: chatId });
    const messages = await inject(t.app, stolen.owner.token, 'GET', `/api/chats/${chatId}/messages`);
    expect(messages.json<ChatMessagePage>().messages.map((message) => message.system_event)).toEqual([
      'found_match_claimed',
    ]);
    expect((await notices(t.app, stolen.owner.token))[0]?.chat_id).toBe(chatId);
  });

  it('a finder reports a bike found whose frame number is one character off: strong with the same brand, staff only with another', async () => {
    const serial = digits();
    const sameBrand = await stolenBike(`TRK7${serial}X`, { brand: 'Trek' });
    const otherBrand = await stolenBike(`GNT7${serial}X`, { brand: 'Giant' });
    const finder = await signUpVerifiedUser(t.app, 'finder');
    const found = await insertBike(t.app.db, {
      ownerPartyId: someone.partyId,
      frameNumber: `TRK7${serial}Y`,
      brand: 'Trek',
    });
    const reported = await inject(t.app, finder.token, 'POST', `/api/bikes/${found.bikeId}/pickups`, {
      place: 'Nørreport station',
      collect_until: inDays(7),
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const item = await staffItem(t.app, staff.token, reported.json<Pickup>().pickup_id);
    expect(item.source).toBe('reported_found');
    expect(item.holder_organisation).toBeNull();
    const strong = item.candidates.find((entry) => entry.theft_report_id === sameBrand.reportId);
    expect(strong?.strong).toBe(true);
    expect(strong?.reasons).toContainEqual({ kind: 'frame_close_serial', distance: 1 });
    const [mail] = await mailsTo(t.app.db, sameBrand.owner.email, 'found_match');
    expect(mail?.text).toContain('was reported found on');
    // Never the finder: not their name, not their address.
    expect(mail?.text).not.toContain(finder.email);
    expect(mail?.text).not.toContain('finder');

    // GNT7…X is four edits from TRK7…Y: no candidate by identifier (and Giant is not Trek).
    expect(item.candidates.find((entry) => entry.theft_report_id === otherBrand.reportId)).toBeUndefined();
    expect(await mailsTo(t.app.db, otherBrand.owner.email, 'found_match')).toHaveLength(0);
  });

  it('a bike left too long in a dock, handed over: matched as left in a dock; look-alikes stolen near the dock are shown to staff only', async () => {
    const operator = await municipalityOperator(t.app, 'Aarhus Kommune');
    const looks = { brand: 'Raleigh', color: 'green', category: 'city' };
    // Stolen about a kilometre from the dock (Banegårdspladsen, Aarhus: 56.15, 10.2), and in Copenhagen.
    const nearAarhus = {
      location: { latitude: 56.158, longitude: 10.205 },
      place: 'Nørregade 1, 8000 Aarhus C',
    };
    const stolen = await stolenBike(`DCK4${digits()}P`, looks, nearAarhus);
    const lookAlike = await stolenBike(`DCK9${digits()}Q`, looks, nearAarhus);
    const farAway = await stolenBike(`DCK7${digits()}R`, looks);
    const parked = await insertBike(t.app.db, {
      ownerPartyId: someone.partyId,
      frameNumber: `WXY${digits()}K`,
      brand: 'Raleigh',
      color: 'green',
      category: 'city',
    });
    // The parked bike shares no identifier with either stolen one: only its looks, place and time.
    const dockId = await createDock(t.app, operator, { max_parking_hours: 24 });
    const { lockIds } = await insertDeviceWithLocks(t.app.db, dockId, ['A1']);
    const parkingId = await insertParking(t.app.db, {
      dockId,
      lockId: lockIds[0]!,
      partyId: someone.partyId,
      bikeId: parked.bikeId,
      lockedAt: new Date(Date.now() - 48 * 60 * 60 * 1000),
    });
    const handed = await inject(
      t.app,
      operator.admin.token,
      'POST',
      `/api/docks/${dockId}/parkings/${parkingId}/hand-over`,
      { place: 'Kommunens cykelgård', collect_until: inDays(30) },
    );
    expect(handed.statusCode, handed.body).toBe(201);
    const item = await staffItem(t.app, staff.token, handed.json<Pickup>().pickup_id);
    expect(item.source).toBe('left_in_dock');
    for (const report of [stolen.reportId, lookAlike.reportId]) {
      const candidate = item.candidates.find((entry) => entry.theft_report_id === report);
      expect(candidate?.strong).toBe(false);
      expect(candidate?.notified_at).toBeNull();
      expect(candidate?.reasons.map((reason) => reason.kind)).toEqual([
        'brand',
        'colour',
        'category',
        'near',
        'after_theft',
      ]);
    }
    // Looks alone, 150 km away: no candidate.
    expect(item.candidates.find((entry) => entry.theft_report_id === farAway.reportId)).toBeUndefined();
    expect(await mailsTo(t.app.db, lookAlike.owner.email, 'found_match')).toHaveLength(0);

    // Our staff dismiss one and confirm the other; the list shows the decisions.
    const [first, second] = item.candidates;
    const dismissed = await inject(
      t.app,
      staff.token,
      'PUT',
      `/api/backoffice/found-match-candidates/${first?.match_id}/decision`,
      {
        decision: 'dismissed',
      },
    );
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const bad = await inject(
      t.app,
      staff.token,
      'PUT',
      `/api/backoffice/found-match-candidates/${second?.match_id}/decision`,
      {
        decision: 'maybe',
      },
    );
    expect(bad.statusCode).toBe(422);
    const list = await inject(t.app, staff.token, 'GET', '/api/backoffice/found-matches');
    const listed = list.json<StaffFoundItemList>().items.find((entry) => entry.pickup_id === item.pickup_id);
    expect(listed?.candidates.find((entry) => entry.match_id === first?.match_id)?.decision).toBe(
      'dismissed',
    );
    expect(listed?.candidates.find((entry) => entry.match_id === second?.match_id)?.decision).toBeNull();
  });
});
