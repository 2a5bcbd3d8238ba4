import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities } from '../../db/schema/identity.ts';
import { auditEventsAbout } from '../../test/audit-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { injectAs, logIn, signUpUser, type TestUser, uniqueEmail } from '../../test/identity-helpers.ts';
import { insertOrganisation } from '../../test/role-fixtures.ts';
import { createStaffFixtures } from '../../test/staff-fixtures.ts';

let t: TestApp;
let support: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ({ support, admin } = await createStaffFixtures(t.app));
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

const call = (
  token: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
) => injectAs(t.app, token, method, url, payload);

const auditOf = (action: string, targetPartyId: string) => auditEventsAbout(db(), action, targetPartyId);

/** A dealer with an admin and a member who acts for it. */
async function dealer(name = `Cykelhandler ${Math.random().toString(36).slice(2, 8)}`) {
  const owner = await signUpUser(t.app);
  const clerk = await signUpUser(t.app);
  const id = await insertOrganisation(db(), {
    name,
    type: 'dealer',
    members: [
      { partyId: owner.partyId, role: 'admin' },
      { partyId: clerk.partyId, role: 'member' },
    ],
  });
  await db().update(identities).set({ defaultPartyId: id }).where(eq(identities.partyId, clerk.partyId));
  clerk.token = await logIn(t.app, clerk.email, clerk.password);
  return { id, owner, clerk };
}

describe('POST /api/backoffice/organisations (who creates which type)', () => {
  const body = (type: string) => ({
    name: `Ny ${type}`,
    type,
    region: 'dk',
    registration_number: type === 'police' ? null : null,
    admin_email: uniqueEmail('orgadmin'),
  });

  it('lets support create a club, but an insurer or the police only by an admin', async () => {
    const club = await call(support.token, 'POST', '/api/backoffice/organisations', body('club'));
    expect(club.statusCode).toBe(201);
    const police = await call(support.token, 'POST', '/api/backoffice/organisations', body('police'));
    expect(police.statusCode).toBe(403);
    expect(police.json().code).toBe('admin_only_organisation_type');
    const byAdmin = await call(admin.token, 'POST', '/api/backoffice/organisations', body('police'));
    expect(byAdmin.statusCode).toBe(201);
  });
});

describe('GET /api/backoffice/organisations', () => {
  it('finds organisations by name or town, with their member count; staff only', async () => {
    const { id } = await dealer('Søndergade Cykler');
    await call(admin.token, 'PATCH', `/api/backoffice/organisations/${id}`, { town: 'Vordingborg' });
    const byName = await call(support.token, 'GET', '/api/backoffice/organisations?query=søndergade');
    expect(byName.statusCode).toBe(200);
    expect(byName.json().results).toEqual([
      expect.objectContaining({ party_id: id, type: 'dealer', member_count: 2, town: 'Vordingborg' }),
    ]);
    const byTown = await call(
      support.token,
      'GET',
      '/api/backoffice/organisations?query=vordingborg&type=dealer',
    );
    expect(byTown.json().results.map((row: { party_id: string }) => row.party_id)).toEqual([id]);
    const person = await signUpUser(t.app);
    expect((await call(person.token, 'GET', '/api/backoffice/organisations')).statusCode).toBe(403);
  });

  it('shows one organisation with its members', async () => {
    const { id, owner } = await dealer();
    const answer = await call(support.token, 'GET', `/api/backoffice/organisations/${id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().members).toEqual(
      expect.arrayContaining([expect.objectContaining({ identity_party_id: owner.partyId, role: 'admin' })]),
    );
    expect((await call(support.token, 'GET', '/api/backoffice/organisations/not-an-id')).statusCode).toBe(
      404,
    );
  });
});

describe('PATCH /api/backoffice/organisations/:id', () => {
  it('places a dealer by its postcode, keeps coordinates staff enter, and audits before and after', async () => {
    const { id } = await dealer();
    const placed = await call(support.token, 'PATCH', `/api/backoffice/organisations/${id}`, {
      street_address: 'Banegårdspladsen 1',
      postcode: '8000',
      town: 'Aarhus',
      billing_email: 'Faktura@Example.dk',
      billing_reference: 'PO-17',
      listed_as_distributor: true,
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({
      postcode: '8000',
      latitude: 56.1567,
      longitude: 10.2108,
      billing_email: 'faktura@example.dk',
      listed_as_distributor: true,
    });
    const entered = await call(support.token, 'PATCH', `/api/backoffice/organisations/${id}`, {
      latitude: 56.15,
      longitude: 10.2,
    });
    expect(entered.json()).toMatchObject({ latitude: 56.15, longitude: 10.2 });
    const halfPlace = await call(support.token, 'PATCH', `/api/backoffice/organisations/${id}`, {
      latitude: 56,
    });
    expect(halfPlace.statusCode).toBe(422);

    const [audit] = await auditOf('organisation.updated', id);
    expect(audit).toMatchObject({
      actorPartyId: support.partyId,
      details: {
        organisation_party_id: id,
        before: { latitude: 56.1567, longitude: 10.2108 },
        after: { latitude: 56.15, longitude: 10.2 },
      },
    });
  });
});

describe('suspending an organisation', () => {
  it('lets an admin suspend it: nobody acts for it until the suspension is lifted', async () => {
    const { id, clerk } = await dealer();
    const before = await call(clerk.token, 'GET', '/api/identities/me');
    expect(before.statusCode).toBe(200);

    expect(
      (await call(support.token, 'POST', `/api/backoffice/organisations/${id}/suspend`, { reason: 'Unpaid' }))
        .statusCode,
    ).toBe(403);
    const suspended = await call(admin.token, 'POST', `/api/backoffice/organisations/${id}/suspend`, {
      reason: 'Unpaid invoices',
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().suspended_at).not.toBeNull();

    // The clerk's session acting for it has ended; signing in again acts for the person.
    expect((await call(clerk.token, 'GET', '/api/identities/me')).statusCode).toBe(401);
    const fresh = await logIn(t.app, clerk.email, clerk.password);
    const me = await call(fresh, 'GET', '/api/identities/me');
    expect(me.json().party_id).toBe(clerk.partyId);
    const actFor = await call(fresh, 'PUT', '/api/identities/authentications/acting-party', { party_id: id });
    expect(actFor.statusCode).toBe(403);
    expect(actFor.json().code).toBe('organisation_suspended');

    const [audit] = await auditOf('organisation.suspended', id);
    expect(audit).toMatchObject({
      actorPartyId: admin.partyId,
      details: { organisation_party_id: id, reason: 'Unpaid invoices' },
    });

    const lifted = await call(admin.token, 'POST', `/api/backoffice/organisations/${id}/unsuspend`, {
      reason: 'Paid',
    });
    expect(lifted.statusCode).toBe(200);
    const again = await call(fresh, 'PUT', '/api/identities/authentications/acting-party', { party_id: id });
    expect(again.statusCode).toBe(200);
  });
});

describe('members in the backoffice', () => {
  it('lets an admin change a role and remove a member (audited on the person), never the last admin', async () => {
    const { id, owner, clerk } = await dealer();
    const url = (partyId: string) => `/api/backoffice/organisations/${id}/members/${partyId}`;
    expect((await call(support.token, 'PATCH', url(clerk.partyId), { role: 'admin' })).statusCode).toBe(403);
    const promoted = await call(admin.token, 'PATCH', url(clerk.partyId), { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().role).toBe('admin');
    const [changed] = await auditOf('organisation.member_role_changed', clerk.partyId);
    expect(changed?.details).toMatchObject({ organisation_party_id: id, from: 'member', to: 'admin' });

    expect((await call(admin.token, 'DELETE', url(owner.partyId))).statusCode).toBe(204);
    const lastAdmin = await call(admin.token, 'DELETE', url(clerk.partyId));
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().code).toBe('last_admin');
    expect(await auditOf('organisation.member_removed', owner.partyId)).toHaveLength(1);
  });
});

describe('GET /api/distributors (public)', () => {
  it('lists only listed, unsuspended dealers, by town or postcode, with public fields only', async () => {
    const listed = await dealer('Fjordens Cykler');
    const unlisted = await dealer('Skjult Cykler');
    const suspended = await dealer('Lukket Cykler');
    for (const { id } of [listed, unlisted, suspended]) {
      await call(admin.token, 'PATCH', `/api/backoffice/organisations/${id}`, {
        town: 'Fjordby',
        postcode: '4000',
        listed_as_distributor: id !== unlisted.id,
        billing_email: 'secret@example.dk',
      });
    }
    await call(admin.token, 'POST', `/api/backoffice/organisations/${suspended.id}/suspend`, {
      reason: 'Closed',
    });

    const answer = await t.app.inject({ method: 'GET', url: '/api/distributors?query=fjordby' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    expect(answer.json()).toEqual([
      {
        party_id: listed.id,
        name: 'Fjordens Cykler',
        street_address: null,
        postcode: '4000',
        town: 'Fjordby',
        phone: null,
        website: null,
        latitude: 55.6419,
        longitude: 12.0878,
      },
    ]);
    const byPostcode = await t.app.inject({ method: 'GET', url: '/api/distributors?query=40' });
    expect(byPostcode.json().map((row: { party_id: string }) => row.party_id)).toContain(listed.id);
  });
});
