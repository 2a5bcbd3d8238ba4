import { randomBytes } from 'node:crypto';
import { todayInRegisterZone } from '@nbr/domain/bikes';
import type { ChatMessagePage } from '@nbr/domain/chats';
import type { Pickup, PickupList } from '@nbr/domain/finds';
import type { OrgBikeDetail } from '@nbr/domain/org-search';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { itemPickups } from '../../db/schema/theft.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, mailsTo, signUpUser, TEST_PASSWORD, type TestUser } from '../../test/identity-helpers.ts';
import {
  createVettedOrganisation,
  signUpStaff,
  type TestVettedOrganisation,
} from '../../test/organisation-helpers.ts';
import { ownerWithBike, reportStolen } from '../../test/theft-report-fixtures.ts';

/*
 * Found and abandoned bikes (issue 17 §3): the police or a municipality takes in a bike by its frame
 * number or plate; a registered bike's owner is mailed and told in a chat where and until when to
 * collect it; a stolen bike's report is linked and the owner told; unclaimed after the deadline the
 * holder releases it and the register keeps the history.
 */

function inDays(days: number): string {
  const day = new Date(`${todayInRegisterZone()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const PLACE = 'Kommunens cykelgård, Værkstedsvej 3, 8000 Aarhus C';

function hold(app: FastifyInstance, token: string | null, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/item-pickups',
    headers: token ? bearer(token) : {},
    payload: body,
  });
}

/** PUT /api/item-pickups/{id}/photo with one file, as a browser sends it. */
function uploadPhoto(
  app: FastifyInstance,
  token: string,
  pickupId: string,
  bytes: Buffer,
  type = 'image/png',
) {
  const boundary = `----nbr${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bike.png"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'PUT',
    url: `/api/item-pickups/${pickupId}/photo`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

function release(app: FastifyInstance, token: string, pickupId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/item-pickups/${pickupId}/released`,
    headers: bearer(token),
  });
}

async function list(app: FastifyInstance, token: string): Promise<PickupList> {
  const response = await app.inject({ method: 'GET', url: '/api/item-pickups', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function systemEvents(app: FastifyInstance, user: TestUser, chatId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/chats/${chatId}/messages`,
    headers: bearer(user.token),
  });
  return response.json<ChatMessagePage>().messages.flatMap((message) => message.system_event ?? []);
}

describe('found and abandoned bikes held by the police and municipalities', () => {
  let t: TestApp;
  let municipality: TestVettedOrganisation;
  let police: TestVettedOrganisation;
  let insurer: TestVettedOrganisation;

  beforeAll(async () => {
    t = await createTestApp();
    const staffAdmin = await signUpStaff(t.app, 'admin');
    municipality = await createVettedOrganisation(t.app, staffAdmin.token, 'municipality', 'Aarhus Kommune');
    police = await createVettedOrganisation(t.app, staffAdmin.token, 'police', 'Østjyllands Politi');
    insurer = await createVettedOrganisation(
      t.app,
      staffAdmin.token,
      'insurance_company',
      'Hold Forsikring A/S',
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a municipality takes in a registered bike by its plate: the owner is mailed and told with place and deadline', async () => {
    const { owner, bikeId, plate } = await ownerWithBike(t.app, {
      language: 'en',
      bike: { visibility: 'private' },
    });
    const until = inDays(14);
    const created = await hold(t.app, municipality.member.token, {
      identifier: plate.toLowerCase(),
      place: PLACE,
      collect_until: until,
      note: 'Open weekdays 9-15',
    });
    expect(created.statusCode, created.body).toBe(201);
    const pickup = created.json<Pickup>();
    expect(pickup).toMatchObject({
      bike_id: bikeId,
      status: 'waiting',
      is_holder: true,
      stolen_report_linked: false,
      // The member sees whose the bike is held by: the municipality, not themself.
      holder_name: 'Aarhus Kommune',
      holder_kind: 'organisation',
    });
    expect(pickup.actions).toEqual(['collected', 'cancel']);

    const [mail] = await mailsTo(t.app.db, owner.email, 'pickup_registered');
    expect(mail?.text).toContain('Aarhus Kommune');
    expect(mail?.text).toContain(PLACE);
    expect(mail?.text).toContain('Open weekdays 9-15');
    expect(mail?.text).not.toContain('reported stolen');
    const waiting = (await list(t.app, owner.token)).for_me[0];
    expect(waiting).toMatchObject({ holder_name: 'Aarhus Kommune', collect_until: until, place: PLACE });
    expect(await systemEvents(t.app, owner, pickup.chat_id!)).toEqual(['pickup_registered']);
    const [event] = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetPartyId, owner.partyId),
          eq(auditEvents.action, 'item_pickup.registered_by_organisation'),
        ),
      );
    expect(event).toMatchObject({
      actorPartyId: municipality.member.partyId,
      details: { organisation_party_id: municipality.partyId, pickup_id: pickup.pickup_id, bike_id: bikeId },
    });

    // One waiting pickup per bike.
    expect(
      (await hold(t.app, police.member.token, { identifier: plate, place: PLACE, collect_until: until }))
        .statusCode,
    ).toBe(409);
  });

  it('the police take in a stolen bike by its frame number: the theft report is linked and the owner told', async () => {
    const { owner, bikeId, frameNumber } = await ownerWithBike(t.app, { language: 'en' });
    const report = await reportStolen(t.app, owner.token, bikeId);
    const created = await hold(t.app, police.member.token, {
      identifier: frameNumber,
      place: 'Politigården',
      collect_until: inDays(30),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Pickup>().stolen_report_linked).toBe(true);
    const [row] = await t.app.db.select().from(itemPickups).where(eq(itemPickups.bikeId, bikeId));
    expect(row?.theftReportId).toBe(report.report_id);
    const [mail] = await mailsTo(t.app.db, owner.email, 'pickup_registered');
    expect(mail?.text).toContain('reported stolen');
    expect((await list(t.app, owner.token)).for_me[0]?.stolen_report_linked).toBe(true);
    // The organisation search shows the bike is held, and no longer offers to hold it.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/org-bike-search/bikes/${bikeId}`,
      headers: bearer(municipality.member.token),
    });
    expect(detail.json<OrgBikeDetail>().history.map((entry) => [entry.event, entry.holder_name])).toEqual([
      ['held', 'Østjyllands Politi'],
      ['reported_stolen', null],
      ['registered', null],
    ]);
    expect(detail.json<OrgBikeDetail>().actions).toEqual(['message']);
  });

  it('the holder adds a photo of the bike; owner and holder see it at a signed address, removed with the owner’s bikes', async () => {
    const { owner, plate } = await ownerWithBike(t.app);
    const created = await hold(t.app, municipality.member.token, {
      identifier: plate,
      place: PLACE,
      collect_until: inDays(7),
    });
    const pickup = created.json<Pickup>();
    expect(pickup.photo_url).toBeNull();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();

    expect((await uploadPhoto(t.app, owner.token, pickup.pickup_id, png)).statusCode).toBe(403);
    expect((await uploadPhoto(t.app, police.member.token, pickup.pickup_id, png)).statusCode).toBe(404);
    const notAPicture = await uploadPhoto(
      t.app,
      municipality.member.token,
      pickup.pickup_id,
      Buffer.from('%PDF-1.4'),
      'application/pdf',
    );
    expect(notAPicture.statusCode).toBe(415);
    const uploaded = await uploadPhoto(t.app, municipality.member.token, pickup.pickup_id, png);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const photoUrl = uploaded.json<Pickup>().photo_url;
    expect(photoUrl).toMatch(new RegExp(`^/api/item-pickups/${pickup.pickup_id}/photo\\?expires=`));

    const ownersView = (await list(t.app, owner.token)).for_me.find(
      (item) => item.pickup_id === pickup.pickup_id,
    );
    const served = await t.app.inject({ method: 'GET', url: ownersView?.photo_url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(40);
    const unsigned = await t.app.inject({
      method: 'GET',
      url: `/api/item-pickups/${pickup.pickup_id}/photo`,
    });
    expect(unsigned.statusCode).toBe(403);

    // A new photo replaces the old one in storage.
    const [before] = await t.app.db.select().from(itemPickups).where(eq(itemPickups.id, pickup.pickup_id));
    expect((await uploadPhoto(t.app, municipality.member.token, pickup.pickup_id, png)).statusCode).toBe(200);
    expect(await t.app.fileStorage.get(before!.photoStorageKey!)).toBeNull();
    const [after] = await t.app.db.select().from(itemPickups).where(eq(itemPickups.id, pickup.pickup_id));
    expect(await t.app.fileStorage.get(after!.photoStorageKey!)).not.toBeNull();
    // The owner deletes their account: their bikes go, and the photos of their pickups with them.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/identities/${owner.partyId}`,
      headers: bearer(owner.token),
      payload: {
        confirm_data_copy: true,
        confirm_legal_retention: true,
        confirm_insurance_consequences: true,
        confirm_permanent: true,
        password: TEST_PASSWORD,
      },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await t.app.fileStorage.get(after!.photoStorageKey!)).toBeNull();
  });

  it('refuses an unknown identifier, and everyone but the police and municipalities', async () => {
    const unknown = await hold(t.app, municipality.member.token, {
      identifier: 'NOSUCHFRAME999',
      place: PLACE,
      collect_until: inDays(7),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('bike_not_registered');
    const { plate } = await ownerWithBike(t.app);
    const person = await signUpUser(t.app);
    const body = { identifier: plate, place: PLACE, collect_until: inDays(7) };
    expect((await hold(t.app, null, body)).statusCode).toBe(401);
    expect((await hold(t.app, person.token, body)).statusCode).toBe(403);
    expect((await hold(t.app, insurer.member.token, body)).statusCode).toBe(403);
    expect(
      (await hold(t.app, municipality.member.token, { ...body, collect_until: inDays(-1) })).statusCode,
    ).toBe(422);
  });

  it('unclaimed after the deadline, the holder releases it; the owner is told and the history kept', async () => {
    const { owner, bikeId, plate } = await ownerWithBike(t.app, { language: 'en' });
    const created = await hold(t.app, municipality.member.token, {
      identifier: plate,
      place: PLACE,
      collect_until: inDays(1),
    });
    const pickup = created.json<Pickup>();
    // Before the deadline: not yet.
    const early = await release(t.app, municipality.member.token, pickup.pickup_id);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('pickup_not_due');
    // The owner cannot release it; nobody else sees it.
    expect((await release(t.app, owner.token, pickup.pickup_id)).statusCode).toBe(403);
    expect((await release(t.app, police.member.token, pickup.pickup_id)).statusCode).toBe(404);

    await t.app.db
      .update(itemPickups)
      .set({ collectUntil: inDays(-1) })
      .where(eq(itemPickups.id, pickup.pickup_id));
    expect(
      (await list(t.app, municipality.member.token)).held_by_me.find(
        (held) => held.pickup_id === pickup.pickup_id,
      )?.actions,
    ).toEqual(['collected', 'cancel', 'released']);
    const released = await release(t.app, municipality.member.token, pickup.pickup_id);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json<Pickup>()).toMatchObject({ status: 'released', actions: [] });
    expect((await release(t.app, municipality.member.token, pickup.pickup_id)).statusCode).toBe(409);

    const [mail] = await mailsTo(t.app.db, owner.email, 'pickup_released');
    expect(mail?.text).toContain('Aarhus Kommune');
    expect(mail?.text).toContain('released');
    expect(await systemEvents(t.app, owner, pickup.chat_id!)).toEqual([
      'pickup_registered',
      'pickup_released',
    ]);
    expect((await list(t.app, owner.token)).for_me[0]).toMatchObject({ status: 'released' });
    const [event] = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.targetPartyId, owner.partyId), eq(auditEvents.action, 'item_pickup.released')),
      );
    expect(event?.details).toEqual({
      organisation_party_id: municipality.partyId,
      pickup_id: pickup.pickup_id,
      bike_id: bikeId,
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/org-bike-search/bikes/${bikeId}`,
      headers: bearer(police.member.token),
    });
    expect(detail.json<OrgBikeDetail>().history.map((entry) => entry.event)).toEqual([
      'released',
      'held',
      'registered',
    ]);
  });
});
