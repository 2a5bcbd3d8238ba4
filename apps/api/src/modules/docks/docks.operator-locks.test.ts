import { todayInRegisterZone } from '@nbr/domain/bikes';
import type { RealtimeEvent } from '@nbr/domain/chats';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockEvents, lockParkings, locks } from '../../db/schema/docks.ts';
import { itemPickups } from '../../db/schema/theft.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { latestAuditEvent } from '../../test/audit-helpers.ts';
import { insertBike, uniqueFrameNumber } from '../../test/bike-helpers.ts';
import {
  businessOperator,
  createDock,
  insertCommand,
  insertDeviceWithLocks,
  insertParking,
  municipalityOperator,
  type TestOperator,
} from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  injectAs,
  mailsTo,
  signUpUser,
  type TestUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import { dockChannel } from './lock-state.ts';

/*
 * The operator's locks (issue 28): relabel, read a lock's history (never who parked or asked), take
 * a lock out of service and back (recorded, audited, live on the dock's channel), list bikes left
 * longer than the dock allows and hand one to the held-bike workflow (the police or a municipality
 * only). Every route: the operator, another person and a visitor.
 */

let t: TestApp;
let operator: TestOperator;
let person: TestUser;
let stranger: TestUser;

const HOUR = 3600_000;

function inDays(days: number): string {
  const day = new Date(`${todayInRegisterZone()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createTestApp();
  operator = await businessOperator(t.app);
  person = await signUpUser(t.app, { email: uniqueEmail('parker') });
  stranger = await signUpUser(t.app, { email: uniqueEmail('stranger') });
});

afterAll(async () => {
  await t.close();
});

describe('relabelling a lock', () => {
  it('changes the label for the operator; a taken label is refused; others get 404', async () => {
    const dockId = await createDock(t.app, operator);
    const { lockIds } = await insertDeviceWithLocks(t.app.db, dockId, ['1', '2']);
    const url = `/api/docks/${dockId}/locks/${lockIds[0]}/label`;

    const relabelled = await injectAs(t.app, operator.admin.token, 'PUT', url, { label: ' A1 ' });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    expect(relabelled.json()).toMatchObject({ id: lockIds[0], label: 'A1' });
    expect((await latestAuditEvent(t.app.db, 'dock.lock_relabelled'))?.details).toMatchObject({
      lock_id: lockIds[0],
      label: 'A1',
      previous_label: '1',
    });

    const taken = await injectAs(t.app, operator.admin.token, 'PUT', url, { label: '2' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('lock_label_taken');

    const empty = await injectAs(t.app, operator.admin.token, 'PUT', url, { label: '  ' });
    expect(empty.statusCode).toBe(422);

    const asPerson = await injectAs(t.app, person.token, 'PUT', url, { label: 'B1' });
    expect(asPerson.statusCode).toBe(404);
    expect(asPerson.json().code).toBe('dock_not_found');
    expect((await injectAs(t.app, null, 'PUT', url, { label: 'B1' })).statusCode).toBe(401);

    // A lock of another dock is not found in this one.
    const otherDock = await createDock(t.app, operator, { name: 'Anden' });
    const other = await insertDeviceWithLocks(t.app.db, otherDock, ['X']);
    const wrongDock = await injectAs(
      t.app,
      operator.admin.token,
      'PUT',
      `/api/docks/${dockId}/locks/${other.lockIds[0]}/label`,
      { label: 'Y' },
    );
    expect(wrongDock.statusCode).toBe(404);
    expect(wrongDock.json().code).toBe('lock_not_found');

    const [row] = await t.app.db.select().from(locks).where(eq(locks.id, lockIds[0]!));
    expect(row?.label).toBe('A1');
  });
});

describe('out of service', () => {
  it('marks the lock with a reason, records and audits it, and tells the dock’s screens', async () => {
    const dockId = await createDock(t.app, operator);
    const { lockIds } = await insertDeviceWithLocks(t.app.db, dockId, ['A1']);
    const lockId = lockIds[0]!;
    const url = `/api/docks/${dockId}/locks/${lockId}/out-of-service`;
    const events: RealtimeEvent[] = [];
    const unsubscribe = t.app.realtime.subscribe(dockChannel(dockId), (event) => events.push(event));
    try {
      const marked = await injectAs(t.app, operator.admin.token, 'PUT', url, { reason: 'Bøjet lås' });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json()).toMatchObject({ state: 'out_of_service', out_of_service_reason: 'Bøjet lås' });
      expect(events).toEqual([
        expect.objectContaining({
          type: 'dock.lock',
          dock_id: dockId,
          lock_id: lockId,
          state: 'out_of_service',
        }),
      ]);

      // A person sees it out of service, not free.
      const seen = await injectAs(t.app, person.token, 'GET', `/api/docks/${dockId}/locks`);
      expect(seen.json().locks[0].state).toBe('out_of_service');

      const back = await injectAs(t.app, operator.admin.token, 'DELETE', url);
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({
        state: 'free',
        out_of_service_at: null,
        out_of_service_reason: null,
      });
      expect(events.at(-1)).toMatchObject({ lock_id: lockId, state: 'free' });

      // Back in service again changes nothing and tells nobody.
      const again = await injectAs(t.app, operator.admin.token, 'DELETE', url);
      expect(again.statusCode).toBe(200);
      expect(events).toHaveLength(2);
    } finally {
      unsubscribe();
    }
    const kinds = (await t.app.db.select().from(lockEvents).where(eq(lockEvents.lockId, lockId))).map(
      (row) => row.kind,
    );
    expect(kinds.sort()).toEqual(['in_service', 'out_of_service']);
    expect((await latestAuditEvent(t.app.db, 'dock.lock_out_of_service'))?.details).toMatchObject({
      lock_id: lockId,
      reason: 'Bøjet lås',
    });
    expect((await latestAuditEvent(t.app.db, 'dock.lock_in_service'))?.details).toMatchObject({
      lock_id: lockId,
    });
  });

  it('needs a reason, and is the operator’s alone', async () => {
    const dockId = await createDock(t.app, operator);
    const { lockIds } = await insertDeviceWithLocks(t.app.db, dockId, ['A1']);
    const url = `/api/docks/${dockId}/locks/${lockIds[0]}/out-of-service`;
    expect((await injectAs(t.app, operator.admin.token, 'PUT', url, {})).statusCode).toBe(422);
    expect((await injectAs(t.app, person.token, 'PUT', url, { reason: 'x' })).statusCode).toBe(404);
    expect((await injectAs(t.app, person.token, 'DELETE', url)).statusCode).toBe(404);
    expect((await injectAs(t.app, null, 'PUT', url, { reason: 'x' })).statusCode).toBe(401);
    const [row] = await t.app.db.select().from(locks).where(eq(locks.id, lockIds[0]!));
    expect(row?.outOfServiceAt).toBeNull();
  });
});

describe("a lock's history", () => {
  it('merges events and commands newest first, a page at a time, naming nobody', async () => {
    const dockId = await createDock(t.app, operator);
    const { lockIds, deviceId } = await insertDeviceWithLocks(t.app.db, dockId, ['A1']);
    const lockId = lockIds[0]!;
    const bike = await insertBike(t.app.db, { ownerPartyId: person.partyId });
    const start = Date.now() - 10 * HOUR;
    await t.app.db.insert(lockEvents).values([
      { id: uuidv7(start), lockId, at: new Date(start), kind: 'connected', detail: {} },
      {
        id: uuidv7(start + 2 * HOUR),
        lockId,
        at: new Date(start + 2 * HOUR),
        kind: 'status',
        detail: { status: 'Locked', party_id: person.partyId },
      },
    ]);
    await insertCommand(
      t.app.db,
      { lockId, deviceId },
      {
        action: 'lock',
        requestedByPartyId: person.partyId,
        bikeId: bike.bikeId,
        status: 'accepted',
        deviceAnswer: 'Locked',
        at: new Date(start + HOUR),
      },
    );
    const url = `/api/docks/${dockId}/locks/${lockId}/history`;

    const first = await injectAs(t.app, operator.admin.token, 'GET', `${url}?page_size=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['status', 'lock']);
    expect(page.entries[1]).toMatchObject({
      source: 'command',
      detail: { status: 'accepted', requested_by: 'person', device_answer: 'Locked' },
    });
    expect(page.next_cursor).toBe(page.entries[1].id);
    expect(first.body).not.toContain(person.partyId);
    expect(first.body).not.toContain(person.email);

    const second = await injectAs(
      t.app,
      operator.admin.token,
      'GET',
      `${url}?page_size=2&cursor=${page.next_cursor}`,
    );
    expect(second.json().entries.map((entry: { kind: string }) => entry.kind)).toEqual(['connected']);
    expect(second.json().next_cursor).toBeNull();

    // A cursor that is not an entry of this lock.
    const foreign = await injectAs(
      t.app,
      operator.admin.token,
      'GET',
      `${url}?cursor=0190aaaa-0000-7000-8000-000000000000`,
    );
    expect(foreign.statusCode).toBe(422);
    expect((await injectAs(t.app, operator.admin.token, 'GET', `${url}?page_size=1000`)).statusCode).toBe(
      422,
    );
    expect((await injectAs(t.app, person.token, 'GET', url)).statusCode).toBe(404);
    expect((await injectAs(t.app, stranger.token, 'GET', url)).statusCode).toBe(404);
    expect((await injectAs(t.app, null, 'GET', url)).statusCode).toBe(401);
  });
});

describe('bikes left behind', () => {
  it('lists parkings older than the dock allows with the frame number, to the operator only', async () => {
    const dockId = await createDock(t.app, operator, { max_parking_hours: 24 });
    const { lockIds } = await insertDeviceWithLocks(t.app.db, dockId, ['A1', 'A2']);
    const frameNumber = uniqueFrameNumber();
    const old = await insertBike(t.app.db, { ownerPartyId: person.partyId, frameNumber });
    const fresh = await insertBike(t.app.db, { ownerPartyId: person.partyId });
    const parkingId = await insertParking(t.app.db, {
      dockId,
      lockId: lockIds[0]!,
      partyId: person.partyId,
      bikeId: old.bikeId,
      lockedAt: new Date(Date.now() - 30 * HOUR),
    });
    await insertParking(t.app.db, {
      dockId,
      lockId: lockIds[1]!,
      partyId: person.partyId,
      bikeId: fresh.bikeId,
    });

    const url = `/api/docks/${dockId}/left-behind`;
    const response = await injectAs(t.app, operator.admin.token, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      max_parking_hours: 24,
      can_hand_over: false,
      parkings: [
        {
          parking_id: parkingId,
          lock_label: 'A1',
          bike_id: old.bikeId,
          frame_number: frameNumber,
          hours_parked: 30,
        },
      ],
    });
    expect(response.body).not.toContain(person.partyId);
    expect((await injectAs(t.app, person.token, 'GET', url)).statusCode).toBe(404);
    expect((await injectAs(t.app, null, 'GET', url)).statusCode).toBe(401);
  });
});

describe('handing a left-behind bike over', () => {
  const pickup = () => ({ place: 'Kommunens cykelgård, Værkstedsvej 3', collect_until: inDays(30) });

  it('is refused to an operator that may not hold bikes', async () => {
    const dockId = await createDock(t.app, operator, { max_parking_hours: 1 });
    const { lockIds } = await insertDeviceWithLocks(t.app.db, dockId, ['A1']);
    const bike = await insertBike(t.app.db, { ownerPartyId: person.partyId });
    const parkingId = await insertParking(t.app.db, {
      dockId,
      lockId: lockIds[0]!,
      partyId: person.partyId,
      bikeId: bike.bikeId,
      lockedAt: new Date(Date.now() - 5 * HOUR),
    });
    const response = await injectAs(
      t.app,
      operator.admin.token,
      'POST',
      `/api/docks/${dockId}/parkings/${parkingId}/hand-over`,
      pickup(),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('held_bikes_not_allowed');
    const [row] = await t.app.db.select().from(lockParkings).where(eq(lockParkings.id, parkingId));
    expect(row?.handedOverAt).toBeNull();
  });

  it('lets a municipality hand the bike to its held-bike workflow once, telling the owner', async () => {
    const municipality = await municipalityOperator(t.app);
    const owner = await signUpUser(t.app, { email: uniqueEmail('owner') });
    const dockId = await createDock(t.app, municipality, { max_parking_hours: 24 });
    const { lockIds } = await insertDeviceWithLocks(t.app.db, dockId, ['A1', 'A2']);
    const bike = await insertBike(t.app.db, {
      ownerPartyId: owner.partyId,
      frameNumber: uniqueFrameNumber(),
    });
    const fresh = await insertBike(t.app.db, { ownerPartyId: owner.partyId });
    const parkingId = await insertParking(t.app.db, {
      dockId,
      lockId: lockIds[0]!,
      partyId: owner.partyId,
      bikeId: bike.bikeId,
      lockedAt: new Date(Date.now() - 48 * HOUR),
    });
    const freshParking = await insertParking(t.app.db, {
      dockId,
      lockId: lockIds[1]!,
      partyId: owner.partyId,
      bikeId: fresh.bikeId,
    });
    const url = `/api/docks/${dockId}/parkings/${parkingId}/hand-over`;

    // Another person, a visitor, and the municipality for a dock that is not its own.
    expect((await injectAs(t.app, stranger.token, 'POST', url, pickup())).statusCode).toBe(404);
    expect((await injectAs(t.app, null, 'POST', url, pickup())).statusCode).toBe(401);
    const notYet = await injectAs(
      t.app,
      municipality.admin.token,
      'POST',
      `/api/docks/${dockId}/parkings/${freshParking}/hand-over`,
      pickup(),
    );
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().code).toBe('parking_not_left_behind');
    expect((await injectAs(t.app, municipality.admin.token, 'POST', url, {})).statusCode).toBe(422);

    const listed = await injectAs(t.app, municipality.admin.token, 'GET', `/api/docks/${dockId}/left-behind`);
    expect(listed.json().can_hand_over).toBe(true);

    const handed = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(municipality.admin.token, { 'idempotency-key': `hand-over-${parkingId}` }),
      payload: pickup(),
    });
    expect(handed.statusCode, handed.body).toBe(201);
    expect(handed.json()).toMatchObject({ status: 'waiting', place: pickup().place });
    const [parking] = await t.app.db.select().from(lockParkings).where(eq(lockParkings.id, parkingId));
    expect(parking?.handedOverAt).not.toBeNull();
    const [held] = await t.app.db
      .select()
      .from(itemPickups)
      .where(and(eq(itemPickups.bikeId, bike.bikeId), eq(itemPickups.status, 'waiting')));
    expect(held?.holderPartyId).toBe(municipality.organisationId);
    const events = await t.app.db
      .select()
      .from(lockEvents)
      .where(and(eq(lockEvents.lockId, lockIds[0]!), eq(lockEvents.kind, 'handed_over')));
    expect(events).toHaveLength(1);
    expect((await mailsTo(t.app.db, owner.email, 'pickup_registered')).length).toBe(1);
    expect((await latestAuditEvent(t.app.db, 'dock.parking_handed_over'))?.details).toMatchObject({
      parking_id: parkingId,
    });

    // The same request again repeats the answer; a new one is refused, and nothing doubles.
    const replay = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(municipality.admin.token, { 'idempotency-key': `hand-over-${parkingId}` }),
      payload: pickup(),
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(handed.json().id);
    const again = await injectAs(t.app, municipality.admin.token, 'POST', url, pickup());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('parking_handed_over');
    expect((await mailsTo(t.app.db, owner.email, 'pickup_registered')).length).toBe(1);

    // No longer listed as left behind.
    const after = await injectAs(t.app, municipality.admin.token, 'GET', `/api/docks/${dockId}/left-behind`);
    expect(after.json().parkings).toEqual([]);

    const unknown = await injectAs(
      t.app,
      municipality.admin.token,
      'POST',
      `/api/docks/${dockId}/parkings/0190aaaa-0000-7000-8000-000000000000/hand-over`,
      pickup(),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('parking_not_found');
  });
});
