import { todayInRegisterZone } from '@nbr/domain/bikes';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../cli/docks-simulate.ts';
import { lockDevices, lockParkings, locks } from '../../db/schema/docks.ts';
import { itemPickups } from '../../db/schema/theft.ts';
import { latestAuditEvent } from '../../test/audit-helpers.ts';
import { registerBike, signUpOwner } from '../../test/bike-api-helpers.ts';
import { insertBike, uniqueFrameNumber } from '../../test/bike-helpers.ts';
import {
  actFor,
  businessOperator,
  createDock,
  dockBody,
  insertDeviceWithLocks,
  insertParking,
  municipalityOperator,
  type TestOperator,
} from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { injectAs, logIn, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { createDeviceSlot } from '../../test/lock-device-fixtures.ts';
import { joinByInvitation } from '../../test/organisation-helpers.ts';
import { eventually, listen } from '../../test/realtime-helpers.ts';

/*
 * The dock operator role (issue 28): a member the admins made dock operator runs the organisation's
 * docks, acting for it, as an admin does — creates one, pairs a controller with a one-time code,
 * sees occupancy and a lock's history, opens a lock remotely with a reason, takes one out of
 * service, hands a left-behind bike to a municipality's held bikes — and nobody else's docks. A
 * plain member does none of it. A real controller (the simulator) pairs and answers over its socket.
 */

const HOUR = 3600_000;

describe('a dock operator', () => {
  let t: TestApp;
  let baseUrl: string;
  let business: TestOperator;
  /** Dock operator of the business, acting for it. */
  let dockOperator: TestUser;
  /** A plain member of the business, acting for it. */
  let member: TestUser;
  /** Dock operator of another business, acting for it. */
  let otherDockOperator: TestUser;
  let owner: TestUser;
  let simulator: Simulator | undefined;

  beforeAll(async () => {
    t = await createTestApp({
      locksSettings: { commandTimeoutMs: 5000, outcomePollMs: 100, passIntervalMs: 3_600_000 },
      lockDevicesRateLimits: { deviceConnectionsPerMinute: 10_000 },
      lockCommandsRateLimits: { commandsPerMinute: 10_000 },
    });
    baseUrl = await listen(t.app);
    business = await businessOperator(t.app, 'Parkering Drift ApS');
    dockOperator = await signUpUser(t.app);
    await joinByInvitation(
      t.app,
      business.admin.token,
      business.organisationId,
      dockOperator,
      'dock_operator',
    );
    member = await signUpUser(t.app);
    await joinByInvitation(t.app, business.admin.token, business.organisationId, member, 'member');
    const other = await businessOperator(t.app, 'Anden Drift ApS');
    otherDockOperator = await signUpUser(t.app);
    await joinByInvitation(
      t.app,
      other.admin.token,
      other.organisationId,
      otherDockOperator,
      'dock_operator',
    );
    owner = await signUpOwner(t.app, 5);
  });

  afterAll(async () => {
    await simulator?.stop();
    await t?.close();
  });

  it('creates a dock, pairs its controller, sees occupancy and history, opens remotely, marks out of service', async () => {
    const operator = { organisationId: business.organisationId, admin: dockOperator };
    const dockId = await createDock(t.app, operator);
    const created = await latestAuditEvent(t.app.db, 'dock.created');
    expect(created).toMatchObject({ actorPartyId: dockOperator.partyId });

    // Pairing: the dock operator makes the one-time code, the controller trades it for its password.
    const { code } = await createDeviceSlot(t.app, dockOperator.token, dockId);
    simulator = await startSimulator({ url: baseUrl, pairCode: code, connectors: 2, bikeLeavesAfterMs: 300 });
    await simulator.waitUntilConnected();
    const deviceId = simulator.deviceId;
    await eventually(async () => {
      const [row] = await t.app.db.select().from(lockDevices).where(eq(lockDevices.id, deviceId));
      return row?.connectedInstance !== null;
    });
    const lockIds = (
      await t.app.db.select().from(locks).where(eq(locks.deviceId, deviceId)).orderBy(asc(locks.connectorId))
    ).map((row) => row.id);
    expect(lockIds).toHaveLength(2);
    const [first, second] = lockIds as [string, string];

    // A person locks their bike; the dock operator sees the dock occupied, never by whom.
    const bike = await registerBike(t.app, owner.token);
    const locked = await injectAs(t.app, owner.token, 'POST', `/api/docks/${dockId}/locks/${first}/lock`, {
      bike_id: bike.bike_id,
    });
    expect(locked.json(), locked.body).toMatchObject({ outcome: 'accepted' });
    const list = await injectAs(t.app, dockOperator.token, 'GET', '/api/operator/docks');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().docks).toEqual([
      expect.objectContaining({ id: dockId, total_locks: 2, parked_locks: 1, free_locks: 1 }),
    ]);
    expect(list.body).not.toContain(owner.partyId);
    const operation = await injectAs(t.app, dockOperator.token, 'GET', `/api/docks/${dockId}/operation`);
    expect(operation.statusCode, operation.body).toBe(200);

    // Opening the lock remotely, with a reason: the controller opens it, the parking ends by the operator.
    const opened = await injectAs(
      t.app,
      dockOperator.token,
      'POST',
      `/api/docks/${dockId}/locks/${first}/remote-open`,
      {
        reason: 'Spærrer for nødudgangen',
      },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ outcome: 'accepted' });
    const [parking] = await t.app.db.select().from(lockParkings).where(eq(lockParkings.bikeId, bike.bike_id));
    expect(parking?.unlockedBy).toBe('operator');
    expect(await latestAuditEvent(t.app.db, 'dock.lock_opened_remotely')).toMatchObject({
      actorPartyId: dockOperator.partyId,
      targetPartyId: owner.partyId,
    });

    // Out of service with a reason and back, in the lock's history.
    const serviceUrl = `/api/docks/${dockId}/locks/${second}/out-of-service`;
    const marked = await injectAs(t.app, dockOperator.token, 'PUT', serviceUrl, { reason: 'Bøjet lås' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ state: 'out_of_service', out_of_service_reason: 'Bøjet lås' });
    const history = await injectAs(
      t.app,
      dockOperator.token,
      'GET',
      `/api/docks/${dockId}/locks/${second}/history`,
    );
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().entries).toContainEqual(
      expect.objectContaining({ kind: 'out_of_service', detail: { reason: 'Bøjet lås' } }),
    );
    const back = await injectAs(t.app, dockOperator.token, 'DELETE', serviceUrl);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ out_of_service_at: null });

    // Editing the dock is theirs too.
    const renamed = await injectAs(
      t.app,
      dockOperator.token,
      'PUT',
      `/api/docks/${dockId}`,
      dockBody({ name: 'Banegården Nord' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().dock).toMatchObject({ name: 'Banegården Nord' });

    // A plain member acting for the business, and the dock operator of another business, run none of it.
    for (const outsider of [member, otherDockOperator]) {
      for (const [method, url, payload] of [
        ['GET', `/api/docks/${dockId}/operation`, undefined],
        ['POST', `/api/docks/${dockId}/devices`, undefined],
        ['POST', `/api/docks/${dockId}/locks/${first}/remote-open`, { reason: 'Nope' }],
        ['PUT', serviceUrl, { reason: 'Nope' }],
        ['GET', `/api/docks/${dockId}/locks/${second}/history`, undefined],
        ['GET', `/api/docks/${dockId}/left-behind`, undefined],
      ] as const) {
        const refused = await injectAs(t.app, outsider.token, method, url, payload);
        expect(refused.statusCode, `${method} ${url}: ${refused.body}`).toBe(404);
      }
    }
    // The member may not create docks nor list the business's; the other dock operator lists only their own.
    expect((await injectAs(t.app, member.token, 'GET', '/api/operator/docks')).statusCode).toBe(403);
    expect((await injectAs(t.app, member.token, 'POST', '/api/docks', dockBody())).statusCode).toBe(403);
    const theirs = await injectAs(t.app, otherDockOperator.token, 'GET', '/api/operator/docks');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().docks).toEqual([]);
  });

  it('acting as themself, runs nothing', async () => {
    // A session of its own: choosing the acting party ends the session it was chosen in.
    const ownSession = {
      ...dockOperator,
      token: await logIn(t.app, dockOperator.email, dockOperator.password),
    };
    await actFor(t.app, ownSession, dockOperator.partyId);
    expect((await injectAs(t.app, ownSession.token, 'GET', '/api/operator/docks')).statusCode).toBe(403);
    expect((await injectAs(t.app, ownSession.token, 'POST', '/api/docks', dockBody())).statusCode).toBe(403);
  });

  it("of a municipality hands a left-behind bike to the municipality's held bikes", async () => {
    const municipality = await municipalityOperator(t.app, 'Parkering Kommune');
    const staffer = await signUpUser(t.app);
    await joinByInvitation(
      t.app,
      municipality.admin.token,
      municipality.organisationId,
      staffer,
      'dock_operator',
    );
    const dockId = await createDock(
      t.app,
      { organisationId: municipality.organisationId, admin: staffer },
      {
        max_parking_hours: 24,
      },
    );
    const { lockIds } = await insertDeviceWithLocks(t.app.db, dockId, ['A1']);
    const left = await insertBike(t.app.db, {
      ownerPartyId: owner.partyId,
      frameNumber: uniqueFrameNumber(),
    });
    const parkingId = await insertParking(t.app.db, {
      dockId,
      lockId: lockIds[0]!,
      partyId: owner.partyId,
      bikeId: left.bikeId,
      lockedAt: new Date(Date.now() - 48 * HOUR),
    });

    const listed = await injectAs(t.app, staffer.token, 'GET', `/api/docks/${dockId}/left-behind`);
    expect(listed.json()).toMatchObject({ can_hand_over: true, parkings: [{ parking_id: parkingId }] });
    const day = new Date(`${todayInRegisterZone()}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 30);
    const handed = await injectAs(
      t.app,
      staffer.token,
      'POST',
      `/api/docks/${dockId}/parkings/${parkingId}/hand-over`,
      {
        place: 'Kommunens cykelgård, Værkstedsvej 3',
        collect_until: day.toISOString().slice(0, 10),
      },
    );
    expect(handed.statusCode, handed.body).toBe(201);
    const [held] = await t.app.db
      .select()
      .from(itemPickups)
      .where(and(eq(itemPickups.bikeId, left.bikeId), eq(itemPickups.status, 'waiting')));
    expect(held?.holderPartyId).toBe(municipality.organisationId);
  });
});
