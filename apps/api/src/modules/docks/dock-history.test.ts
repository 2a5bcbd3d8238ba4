import { randomUUID } from 'node:crypto';
import type { AccessLogPage } from '@nbr/domain/access-log';
import type { LastDockParking } from '@nbr/domain/docks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import {
  backdateOwnership,
  insertDockWithLock,
  insertParking,
  type TestDock,
} from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import {
  createVettedOrganisation,
  signUpStaff,
  type TestVettedOrganisation,
} from '../../test/organisation-helpers.ts';
import { ownerWithBike, reportStolen } from '../../test/theft-report-fixtures.ts';

/*
 * Issue 28, the register: a bike reported stolen shows its owner where it was last locked in a dock
 * (GET /api/bikes/{bike_id}/last-dock-parking); nobody else learns it here, and while the bike is not
 * stolen the answer is null.
 */

function lastParking(app: FastifyInstance, token: string | null, bikeId: string) {
  return app.inject({
    method: 'GET',
    url: `/api/bikes/${bikeId}/last-dock-parking`,
    headers: token ? bearer(token) : {},
  });
}

describe('GET /api/bikes/{bike_id}/last-dock-parking', () => {
  let t: TestApp;
  let owner: TestUser;
  let bikeId: string;
  let station: TestDock;
  let harbour: TestDock;
  let police: TestVettedOrganisation;
  let operator: TestVettedOrganisation;

  beforeAll(async () => {
    t = await createTestApp();
    const bike = await ownerWithBike(t.app);
    owner = bike.owner;
    bikeId = bike.bikeId;
    const staffAdmin = await signUpStaff(t.app, 'admin');
    operator = await createVettedOrganisation(t.app, staffAdmin.token, 'municipality', 'Aarhus Kommune');
    station = await insertDockWithLock(t.app.db, {
      operatorPartyId: operator.partyId,
      name: 'Banegården',
      lockLabel: 'A3',
    });
    harbour = await insertDockWithLock(t.app.db, {
      operatorPartyId: operator.partyId,
      name: 'Havnen',
      lockLabel: 'B1',
    });
    // Locked at the station a week ago and taken out; then locked at the harbour yesterday, still there.
    const day = 24 * 3600 * 1000;
    await backdateOwnership(t.app.db, bikeId, new Date(Date.now() - 30 * day));
    await insertParking(t.app.db, {
      ...station,
      partyId: owner.partyId,
      bikeId,
      lockedAt: new Date(Date.now() - 7 * day),
      unlockedAt: new Date(Date.now() - 6 * day),
      unlockedBy: 'owner',
    });
    await insertParking(t.app.db, {
      ...harbour,
      partyId: owner.partyId,
      bikeId,
      lockedAt: new Date(Date.now() - day),
    });
    police = await createVettedOrganisation(t.app, staffAdmin.token, 'police', 'Østjyllands Politi');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('answers null to the owner while the bike is not reported stolen', async () => {
    const response = await lastParking(t.app, owner.token, bikeId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('shows the owner of a stolen bike the dock and lock it was last locked in, and when', async () => {
    await reportStolen(t.app, owner.token, bikeId);
    const response = await lastParking(t.app, owner.token, bikeId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<LastDockParking>()).toEqual({
      dock_id: harbour.dockId,
      dock_name: 'Havnen',
      street_address: 'Banegårdspladsen 1',
      town: 'Aarhus C',
      lock_label: 'B1',
      locked_at: expect.any(String),
      unlocked_at: null,
    });
  });

  it('answers null for a stolen bike that never stood in a dock, or only with an earlier owner', async () => {
    const other = await ownerWithBike(t.app);
    await reportStolen(t.app, other.owner.token, other.bikeId);
    const never = await lastParking(t.app, other.owner.token, other.bikeId);
    expect(never.statusCode, never.body).toBe(200);
    expect(never.json()).toBeNull();
    // Locked before its owner had it (an earlier owner's parking): that is no business of this owner.
    const earlierOwner = await signUpUser(t.app);
    await insertParking(t.app.db, {
      ...station,
      partyId: earlierOwner.partyId,
      bikeId: other.bikeId,
      lockedAt: new Date(Date.now() - 3 * 24 * 3600 * 1000),
      unlockedAt: new Date(Date.now() - 2 * 24 * 3600 * 1000),
      unlockedBy: 'owner',
    });
    const earlier = await lastParking(t.app, other.owner.token, other.bikeId);
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect(earlier.json()).toBeNull();
  });

  it('tells nobody else: another person and the police get 404, a visitor 401', async () => {
    const stranger = await signUpUser(t.app);
    for (const token of [stranger.token, police.member.token]) {
      const response = await lastParking(t.app, token, bikeId);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
      expect(response.body).not.toContain('Havnen');
    }
    const visitor = await lastParking(t.app, null, bikeId);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain('Havnen');
  });

  it('answers 404 for a malformed or unknown bike id', async () => {
    for (const id of ['not-a-bike', '0190a4c2-7c1e-7000-8000-000000000000']) {
      const response = await lastParking(t.app, owner.token, id);
      expect(response.statusCode, response.body).toBe(404);
    }
  });

  it('shows the owner in their access log that the dock’s operator opened the lock holding their bike, and why', async () => {
    await insertParking(t.app.db, {
      ...station,
      partyId: owner.partyId,
      bikeId,
      lockedAt: new Date(Date.now() - 3600 * 1000),
      unlockedAt: new Date(),
      unlockedBy: 'operator',
    });
    // As the operator's remote opening records it (lock-commands.service.ts openRemotely): the
    // operator's admin acting for the organisation, the bike's owner as the target, and the dock's
    // name with the reason.
    await recordAuditEventBy(
      t.app.db,
      { identityPartyId: operator.member.partyId, sessionId: randomUUID(), switchedBy: null },
      {
        action: 'dock.lock_opened_remotely',
        targetPartyId: owner.partyId,
        details: {
          organisation_party_id: operator.partyId,
          reason: 'The lock jammed after a power cut',
          dock_id: station.dockId,
          dock_name: 'Banegården',
          lock_id: station.lockId,
          command_id: randomUUID(),
          bike_id: bikeId,
        },
      },
    );
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me/access-log',
      headers: bearer(owner.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = response.json<AccessLogPage>().entries;
    expect(entry).toMatchObject({
      action: 'dock.lock_opened_remotely',
      who: 'organisation',
      organisation_name: 'Aarhus Kommune',
      organisation_type: 'municipality',
      reason: 'The lock jammed after a power cut',
      case_number: null,
      dock_name: 'Banegården',
    });
    // By organisation, never by the staff member who opened it.
    expect(response.body).not.toContain(operator.member.email);
    expect(response.body).not.toContain(operator.member.partyId);
  });
});
