import type { DockLocks } from '@nbr/domain/docks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docks } from '../../db/schema/docks.ts';
import { insertBike } from '../../test/bike-helpers.ts';
import {
  businessOperator,
  createDock,
  dockBody,
  insertDeviceWithLocks,
  insertParking,
  type TestOperator,
} from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { injectAs, signUpUser, type TestUser, uniqueEmail } from '../../test/identity-helpers.ts';
import { createBusiness, joinByInvitation, signUpVerifiedUser } from '../../test/organisation-helpers.ts';
import { DOCKS_CREATED_PER_HOUR } from './docks.routes.ts';

/*
 * Docks as people and operators see them (issue 28): a person's docks (public ones, their
 * organisations' own, those listing one of their organisations or naming their address) with free
 * locks now; a dock's locks, their own parking marked and nobody else's shown; the operator creates,
 * edits and closes docks; a dock anyone else may not use or run answers 404 dock_not_found.
 */

let t: TestApp;
let operator: TestOperator;
let person: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  operator = await businessOperator(t.app);
  person = await signUpUser(t.app, { email: uniqueEmail('parker') });
  stranger = await signUpUser(t.app, { email: uniqueEmail('stranger') });
});

afterAll(async () => {
  await t.close();
});

describe('creating a dock', () => {
  it('lets the admin acting for the organisation create one, and nobody else', async () => {
    const created = await injectAs(t.app, operator.admin.token, 'POST', '/api/docks', dockBody());
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body.dock).toMatchObject({ name: 'Banegården', access: 'signed_in', max_parking_hours: 72 });
    expect(body.locks).toEqual([]);
    const [row] = await t.app.db.select().from(docks).where(eq(docks.id, body.dock.id));
    expect(row?.operatorPartyId).toBe(operator.organisationId);

    // A person acting as themself, and a visitor.
    const asPerson = await injectAs(t.app, person.token, 'POST', '/api/docks', dockBody());
    expect(asPerson.statusCode).toBe(403);
    const asVisitor = await injectAs(t.app, null, 'POST', '/api/docks', dockBody());
    expect(asVisitor.statusCode).toBe(401);
  });

  it('refuses a plain member acting for the organisation (admins only)', async () => {
    const member = await signUpUser(t.app, { email: uniqueEmail('dock-member') });
    await joinByInvitation(t.app, operator.admin.token, operator.organisationId, member, 'member');
    const response = await injectAs(t.app, member.token, 'POST', '/api/docks', dockBody());
    expect(response.statusCode, response.body).toBe(403);
  });

  it('limits how many docks one person creates in an hour', async () => {
    const busy = await businessOperator(t.app, 'Travl Drift ApS');
    for (let index = 0; index < DOCKS_CREATED_PER_HOUR; index += 1) {
      const created = await injectAs(t.app, busy.admin.token, 'POST', '/api/docks', dockBody());
      expect(created.statusCode, created.body).toBe(201);
    }
    const refused = await injectAs(t.app, busy.admin.token, 'POST', '/api/docks', dockBody());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
  });

  it('validates the body and the organisations named, changing nothing on failure', async () => {
    const before = (await t.app.db.select().from(docks)).length;
    const bad = await injectAs(
      t.app,
      operator.admin.token,
      'POST',
      '/api/docks',
      dockBody({ postcode: 'x' }),
    );
    expect(bad.statusCode).toBe(422);
    const noOrganisations = await injectAs(
      t.app,
      operator.admin.token,
      'POST',
      '/api/docks',
      dockBody({ access: 'organisations' }),
    );
    expect(noOrganisations.statusCode).toBe(422);
    const unknown = await injectAs(
      t.app,
      operator.admin.token,
      'POST',
      '/api/docks',
      dockBody({ access: 'organisations', organisation_ids: ['0190aaaa-0000-7000-8000-000000000000'] }),
    );
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(unknown.json().detail[0].loc).toEqual(['body', 'organisation_ids', 0]);
    expect((await t.app.db.select().from(docks)).length).toBe(before);
  });
});

describe("a person's docks", () => {
  it('lists public docks, docks of their organisations and docks naming them, with free locks now', async () => {
    const publicDock = await createDock(t.app, operator, { name: 'Offentlig' });
    await insertDeviceWithLocks(t.app.db, publicDock, ['A1', 'A2', 'A3']);
    // A device not heard from: its locks are offline, not free.
    await insertDeviceWithLocks(t.app.db, publicDock, ['B1'], { online: false });

    const employer = await signUpVerifiedUser(t.app, 'employer');
    const employerId = await createBusiness(t.app, employer, 'Arbejdsgiver ApS');
    const employee = await signUpUser(t.app, { email: uniqueEmail('employee') });
    await joinByInvitation(t.app, employer.token, employerId, employee, 'member');
    const forEmployees = await createDock(t.app, operator, {
      name: 'Medarbejdere',
      access: 'organisations',
      organisation_ids: [employerId],
    });
    const named = await createDock(t.app, operator, {
      name: 'Navngivne',
      access: 'people',
      people: [`  ${person.email.toUpperCase()} `],
    });

    const ofPerson = await injectAs(t.app, person.token, 'GET', '/api/docks');
    expect(ofPerson.statusCode).toBe(200);
    const personDocks = ofPerson.json<{ docks: Array<{ id: string }> }>().docks.map((dock) => dock.id);
    expect(personDocks).toContain(publicDock);
    expect(personDocks).toContain(named);
    expect(personDocks).not.toContain(forEmployees);

    const ofEmployee = await injectAs(t.app, employee.token, 'GET', '/api/docks');
    const employeeDocks = ofEmployee.json<{ docks: Array<{ id: string }> }>().docks.map((dock) => dock.id);
    expect(employeeDocks).toContain(forEmployees);
    expect(employeeDocks).not.toContain(named);

    const summary = ofPerson
      .json<{
        docks: Array<{ id: string; free_locks: number; total_locks: number; operator_name: string }>;
      }>()
      .docks.find((dock) => dock.id === publicDock);
    expect(summary).toMatchObject({ free_locks: 3, total_locks: 4, operator_name: 'Dock Drift ApS' });

    expect((await injectAs(t.app, null, 'GET', '/api/docks')).statusCode).toBe(401);
  });

  it('leaves closed docks out', async () => {
    const dockId = await createDock(t.app, operator, { name: 'Lukkes' });
    const closed = await injectAs(t.app, operator.admin.token, 'POST', `/api/docks/${dockId}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().dock.closed_at).not.toBeNull();
    const list = await injectAs(t.app, person.token, 'GET', '/api/docks');
    expect(list.json<{ docks: Array<{ id: string }> }>().docks.map((dock) => dock.id)).not.toContain(dockId);
    const locks = await injectAs(t.app, person.token, 'GET', `/api/docks/${dockId}/locks`);
    expect(locks.statusCode).toBe(404);
    expect(locks.json().code).toBe('dock_not_found');
  });
});

describe("a dock's locks", () => {
  it('shows each lock’s state, marks my own parking with my bike and never anyone else’s', async () => {
    const dockId = await createDock(t.app, operator, { name: 'Låse' });
    const { lockIds } = await insertDeviceWithLocks(t.app.db, dockId, ['A1', 'A2', 'A3']);
    const mine = await insertBike(t.app.db, { ownerPartyId: person.partyId, nickname: 'Den røde' });
    const theirs = await insertBike(t.app.db, { ownerPartyId: stranger.partyId, nickname: 'Fremmed' });
    await insertParking(t.app.db, {
      dockId,
      lockId: lockIds[0]!,
      partyId: person.partyId,
      bikeId: mine.bikeId,
    });
    await insertParking(t.app.db, {
      dockId,
      lockId: lockIds[1]!,
      partyId: stranger.partyId,
      bikeId: theirs.bikeId,
    });

    const response = await injectAs(t.app, person.token, 'GET', `/api/docks/${dockId}/locks`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DockLocks>();
    expect(body.dock).toMatchObject({ id: dockId, free_locks: 1, total_locks: 3, my_locks: 1 });
    const [a1, a2, a3] = body.locks;
    expect(a1).toMatchObject({ label: 'A1', state: 'locked', is_mine: true });
    expect(a1?.my_parking).toMatchObject({ bike_id: mine.bikeId, bike_name: 'Den røde' });
    expect(a2).toMatchObject({ label: 'A2', state: 'locked', is_mine: false, my_parking: null });
    expect(a3).toMatchObject({ label: 'A3', state: 'free', is_mine: false, my_parking: null });
    expect(response.body).not.toContain(stranger.partyId);
    expect(response.body).not.toContain(theirs.bikeId);
    expect(response.body).not.toContain('Fremmed');

    // The stranger sees their own parking and not the person's.
    const ofStranger = await injectAs(t.app, stranger.token, 'GET', `/api/docks/${dockId}/locks`);
    const strangerLocks = ofStranger.json<DockLocks>().locks;
    expect(strangerLocks[0]).toMatchObject({ is_mine: false, my_parking: null });
    expect(strangerLocks[1]).toMatchObject({ is_mine: true });
    expect(ofStranger.body).not.toContain(mine.bikeId);

    expect((await injectAs(t.app, null, 'GET', `/api/docks/${dockId}/locks`)).statusCode).toBe(401);
  });

  it('answers 404 dock_not_found for a dock I may not use, an unknown one and a malformed id', async () => {
    const dockId = await createDock(t.app, operator, {
      name: 'Kun navngivne',
      access: 'people',
      people: [person.email],
    });
    const allowed = await injectAs(t.app, person.token, 'GET', `/api/docks/${dockId}/locks`);
    expect(allowed.statusCode).toBe(200);
    for (const url of [
      `/api/docks/${dockId}/locks`,
      '/api/docks/0190aaaa-0000-7000-8000-000000000000/locks',
      '/api/docks/not-a-dock/locks',
    ]) {
      const response = await injectAs(t.app, stranger.token, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('dock_not_found');
    }
  });

  it('keeps a dock in sight of a person whose bike is locked in it, after access narrows or it closes', async () => {
    const dockId = await createDock(t.app, operator, { name: 'Indsnævres' });
    const { lockIds } = await insertDeviceWithLocks(t.app.db, dockId, ['A1']);
    const bike = await insertBike(t.app.db, { ownerPartyId: person.partyId, nickname: 'Min' });
    await insertParking(t.app.db, {
      dockId,
      lockId: lockIds[0]!,
      partyId: person.partyId,
      bikeId: bike.bikeId,
    });
    const narrowed = await injectAs(
      t.app,
      operator.admin.token,
      'PUT',
      `/api/docks/${dockId}`,
      dockBody({ name: 'Indsnævres', access: 'people', people: [uniqueEmail('someone')] }),
    );
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(
      (await injectAs(t.app, operator.admin.token, 'POST', `/api/docks/${dockId}/close`)).statusCode,
    ).toBe(200);

    const list = await injectAs(t.app, person.token, 'GET', '/api/docks');
    expect(list.json<{ docks: Array<{ id: string }> }>().docks.map((dock) => dock.id)).toContain(dockId);
    const locks = await injectAs(t.app, person.token, 'GET', `/api/docks/${dockId}/locks`);
    expect(locks.statusCode, locks.body).toBe(200);
    expect(locks.json<DockLocks>().locks[0]).toMatchObject({
      is_mine: true,
      my_parking: { bike_name: 'Min' },
    });

    // Nobody else sees it.
    expect((await injectAs(t.app, stranger.token, 'GET', `/api/docks/${dockId}/locks`)).statusCode).toBe(404);
    const ofStranger = await injectAs(t.app, stranger.token, 'GET', '/api/docks');
    expect(ofStranger.json<{ docks: Array<{ id: string }> }>().docks.map((dock) => dock.id)).not.toContain(
      dockId,
    );
  });

  it('lets the operator’s own members use a dock restricted to others', async () => {
    const dockId = await createDock(t.app, operator, {
      name: 'Andres',
      access: 'people',
      people: [stranger.email],
    });
    // The admin acting for the organisation is a member of the operator.
    const response = await injectAs(t.app, operator.admin.token, 'GET', `/api/docks/${dockId}/locks`);
    expect(response.statusCode).toBe(200);
  });
});

describe('the operator’s docks', () => {
  it('lists the organisation’s docks with occupancy to its admin only', async () => {
    const other = await businessOperator(t.app, 'Anden Drift ApS');
    const dockId = await createDock(t.app, operator, { name: 'Belægning' });
    const { lockIds } = await insertDeviceWithLocks(t.app.db, dockId, ['A1', 'A2']);
    await insertParking(t.app.db, {
      dockId,
      lockId: lockIds[0]!,
      partyId: person.partyId,
      bikeId: null,
      lockedAt: new Date(Date.now() - 100 * 3600_000),
    });
    const response = await injectAs(t.app, operator.admin.token, 'GET', '/api/operator/docks');
    expect(response.statusCode).toBe(200);
    const summary = response
      .json<{ docks: Array<Record<string, unknown>> }>()
      .docks.find((dock) => dock.id === dockId);
    expect(summary).toMatchObject({ total_locks: 2, free_locks: 1, parked_locks: 1, left_behind: 1 });

    const ofOther = await injectAs(t.app, other.admin.token, 'GET', '/api/operator/docks');
    expect(ofOther.json<{ docks: Array<{ id: string }> }>().docks.map((dock) => dock.id)).not.toContain(
      dockId,
    );
    expect((await injectAs(t.app, person.token, 'GET', '/api/operator/docks')).statusCode).toBe(403);
    expect((await injectAs(t.app, null, 'GET', '/api/operator/docks')).statusCode).toBe(401);
  });

  it('shows the operation view to the operator only, never who parked', async () => {
    const dockId = await createDock(t.app, operator, { name: 'Drift' });
    const { lockIds, deviceId } = await insertDeviceWithLocks(t.app.db, dockId, ['A1']);
    const bike = await insertBike(t.app.db, { ownerPartyId: person.partyId });
    await insertParking(t.app.db, {
      dockId,
      lockId: lockIds[0]!,
      partyId: person.partyId,
      bikeId: bike.bikeId,
    });

    const response = await injectAs(t.app, operator.admin.token, 'GET', `/api/docks/${dockId}/operation`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.devices).toEqual([expect.objectContaining({ id: deviceId, is_online: true })]);
    expect(body.locks[0]).toMatchObject({ label: 'A1', state: 'locked', is_left_behind: false });
    expect(body.locks[0].parked_since).not.toBeNull();
    expect(response.body).not.toContain(person.partyId);
    expect(response.body).not.toContain(person.email);

    for (const token of [person.token, stranger.token]) {
      const refused = await injectAs(t.app, token, 'GET', `/api/docks/${dockId}/operation`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('dock_not_found');
    }
    expect((await injectAs(t.app, null, 'GET', `/api/docks/${dockId}/operation`)).statusCode).toBe(401);
  });

  it('edits a dock and its access lists; others get 404; a closed dock is not edited', async () => {
    const member = await signUpVerifiedUser(t.app, 'club');
    const clubId = await createBusiness(t.app, member, 'Klub ApS');
    const dockId = await createDock(t.app, operator, { name: 'Før' });
    const body = dockBody({
      name: 'Efter',
      access: 'organisations',
      organisation_ids: [clubId],
      max_parking_hours: 24,
    });

    const edited = await injectAs(t.app, operator.admin.token, 'PUT', `/api/docks/${dockId}`, body);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().dock).toMatchObject({
      name: 'Efter',
      access: 'organisations',
      organisations: [{ id: clubId, name: 'Klub ApS' }],
      max_parking_hours: 24,
    });

    const asOther = await injectAs(t.app, person.token, 'PUT', `/api/docks/${dockId}`, body);
    expect(asOther.statusCode).toBe(404);
    expect((await injectAs(t.app, null, 'PUT', `/api/docks/${dockId}`, body)).statusCode).toBe(401);

    // People named by address are stored normalised.
    const named = await injectAs(
      t.app,
      operator.admin.token,
      'PUT',
      `/api/docks/${dockId}`,
      dockBody({ access: 'people', people: ['  Kim@Example.DK '] }),
    );
    expect(named.json().dock).toMatchObject({
      access: 'people',
      organisations: [],
      people: ['kim@example.dk'],
    });

    expect(
      (await injectAs(t.app, operator.admin.token, 'POST', `/api/docks/${dockId}/close`)).statusCode,
    ).toBe(200);
    const afterClose = await injectAs(t.app, operator.admin.token, 'PUT', `/api/docks/${dockId}`, body);
    expect(afterClose.statusCode).toBe(409);
    expect(afterClose.json().code).toBe('dock_closed_down');
    const closeAgain = await injectAs(t.app, operator.admin.token, 'POST', `/api/docks/${dockId}/close`);
    expect(closeAgain.statusCode).toBe(409);
    // Still the operator's to read.
    expect(
      (await injectAs(t.app, operator.admin.token, 'GET', `/api/docks/${dockId}/operation`)).statusCode,
    ).toBe(200);
  });

  it('closes only the operator’s own docks', async () => {
    const dockId = await createDock(t.app, operator, { name: 'Ikke din' });
    const asPerson = await injectAs(t.app, person.token, 'POST', `/api/docks/${dockId}/close`);
    expect(asPerson.statusCode).toBe(404);
    expect((await injectAs(t.app, null, 'POST', `/api/docks/${dockId}/close`)).statusCode).toBe(401);
    const [row] = await t.app.db.select().from(docks).where(eq(docks.id, dockId));
    expect(row?.closedAt).toBeNull();
  });
});
