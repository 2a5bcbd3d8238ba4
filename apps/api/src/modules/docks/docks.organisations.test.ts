import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockAccessOrganisations, docks } from '../../db/schema/docks.ts';
import { parties } from '../../db/schema/identity.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { createDock, dockBody, municipalityOperator, type TestOperator } from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { injectAs, signUpUser, type TestUser, uniqueEmail } from '../../test/identity-helpers.ts';
import { createBusiness, joinByInvitation, signUpVerifiedUser } from '../../test/organisation-helpers.ts';
import { DOCK_ORGANISATION_SEARCHES_PER_HOUR } from './docks.routes.ts';

/*
 * Organisations a dock may be listed for (issue 28, access = organisations): the operator's staff
 * find any organisation of the register by name (GET /api/operator/organisations), not only their
 * own, and save a dock listing it; suspended organisations are neither found nor newly listed; the
 * answer names an organisation and tells nothing else about it.
 */

let t: TestApp;
let municipality: TestOperator;
/** The municipality's dock operator, acting for it. */
let dockOperator: TestUser;
/** A plain member of the municipality, acting for it. */
let member: TestUser;
/** A person acting as themself. */
let person: TestUser;
/** The housing association's admin (the municipality's staff belong to none of these). */
let housingAdmin: TestUser;
let housingId: string;
let employerId: string;
let suspendedId: string;

async function search(token: string | null, q: string) {
  return injectAs(t.app, token, 'GET', `/api/operator/organisations?q=${encodeURIComponent(q)}`);
}

beforeAll(async () => {
  t = await createTestApp();
  municipality = await municipalityOperator(t.app, 'Aarhus Kommune');
  dockOperator = await signUpUser(t.app, { email: uniqueEmail('dock-operator') });
  await joinByInvitation(
    t.app,
    municipality.admin.token,
    municipality.organisationId,
    dockOperator,
    'dock_operator',
  );
  member = await signUpUser(t.app, { email: uniqueEmail('kommune-member') });
  await joinByInvitation(t.app, municipality.admin.token, municipality.organisationId, member, 'member');
  person = await signUpUser(t.app, { email: uniqueEmail('person') });

  housingAdmin = await signUpVerifiedUser(t.app, 'housing');
  housingId = await createBusiness(t.app, housingAdmin, 'Boligforeningen Østparken');
  // Its private facts, which the search must never tell.
  await t.app.db
    .update(organisations)
    .set({
      streetAddress: 'Hemmeligvej 7',
      billingEmail: 'faktura-oestparken@example.dk',
      phone: '+4511223344',
    })
    .where(eq(organisations.partyId, housingId));
  const employer = await signUpVerifiedUser(t.app, 'employer');
  employerId = await createBusiness(t.app, employer, 'Parken Arbejdsgiver ApS');
  const suspended = await signUpVerifiedUser(t.app, 'suspended');
  suspendedId = await createBusiness(t.app, suspended, 'Parkens Suspenderede Forening');
  await t.app.db
    .update(organisations)
    .set({ suspendedAt: new Date() })
    .where(eq(organisations.partyId, suspendedId));
});

afterAll(async () => {
  await t.close();
});

describe('finding organisations to list on a dock', () => {
  it('answers the dock operator with matches by name, starting-with first, and only who they are', async () => {
    const response = await search(dockOperator.token, '  PARKEN ');
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json().organisations;
    // "Parken Arbejdsgiver ApS" starts with the query; "Boligforeningen Østparken" contains it.
    expect(found).toEqual([
      { id: employerId, name: 'Parken Arbejdsgiver ApS', type: 'business', region: 'dk' },
      { id: housingId, name: 'Boligforeningen Østparken', type: 'business', region: 'dk' },
    ]);
    expect(response.body).not.toContain(housingAdmin.email);
    expect(response.body).not.toContain('Hemmeligvej');
    expect(response.body).not.toContain('faktura-oestparken');
    expect(response.body).not.toContain('11223344');

    // The admin may search as well.
    const asAdmin = await search(municipality.admin.token, 'østparken');
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().organisations.map((found: { id: string }) => found.id)).toEqual([housingId]);
  });

  it('leaves out suspended organisations and the one the caller acts for', async () => {
    const suspended = await search(dockOperator.token, 'Suspenderede');
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().organisations).toEqual([]);
    const own = await search(dockOperator.token, 'Aarhus Kommune');
    expect(own.json().organisations).toEqual([]);
  });

  it('takes the query literally and answers at most ten', async () => {
    const wildcard = await search(dockOperator.token, '%_');
    expect(wildcard.statusCode).toBe(200);
    expect(wildcard.json().organisations).toEqual([]);

    // Straight into the register: creating this many through the API would meet its hourly budget.
    for (let index = 0; index < 11; index += 1) {
      const partyId = uuidv7();
      await t.app.db.insert(parties).values({ id: partyId, kind: 'organisation' });
      await t.app.db.insert(organisations).values({
        partyId,
        name: `Mange Foreninger ${String(index).padStart(2, '0')}`,
        type: 'club',
        region: 'no',
      });
    }
    const many = await search(dockOperator.token, 'mange foreninger');
    expect(many.json().organisations).toHaveLength(10);
    expect(many.json().organisations[0]).toMatchObject({
      name: 'Mange Foreninger 00',
      type: 'club',
      region: 'no',
    });
  });

  it('refuses a plain member (403), a person acting as themself (403) and a visitor (401)', async () => {
    const asMember = await search(member.token, 'parken');
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().code).toBe('forbidden');
    expect((await search(person.token, 'parken')).statusCode).toBe(403);
    expect((await search(housingAdmin.token, 'parken')).statusCode).toBe(403);
    const asVisitor = await search(null, 'parken');
    expect(asVisitor.statusCode).toBe(401);
  });

  it('validates the query: 2 to 80 characters after trimming', async () => {
    for (const url of [
      '/api/operator/organisations',
      '/api/operator/organisations?q=a',
      '/api/operator/organisations?q=%20a%20',
      `/api/operator/organisations?q=${'a'.repeat(81)}`,
    ]) {
      const response = await injectAs(t.app, dockOperator.token, 'GET', url);
      expect(response.statusCode, url).toBe(422);
      const detail = response.json().detail;
      expect(detail[0].loc).toEqual(['query', 'q']);
      expect(typeof detail[0].msg).toBe('string');
      expect(['required', 'too_long']).toContain(detail[0].type);
    }
    expect((await search(dockOperator.token, 'a'.repeat(80))).statusCode).toBe(200);
  });
});

describe('the search budget', () => {
  it('limits how many searches one person makes in an hour', async () => {
    const busy = await signUpUser(t.app, { email: uniqueEmail('busy-operator') });
    await joinByInvitation(
      t.app,
      municipality.admin.token,
      municipality.organisationId,
      busy,
      'dock_operator',
    );
    for (let index = 0; index < DOCK_ORGANISATION_SEARCHES_PER_HOUR; index += 1) {
      const answer = await search(busy.token, 'parken');
      if (answer.statusCode !== 200) throw new Error(`search ${index} answered ${answer.statusCode}`);
    }
    const refused = await search(busy.token, 'parken');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    // Another person's budget is their own.
    expect((await search(dockOperator.token, 'parken')).statusCode).toBe(200);
  });
});

describe('saving a dock listing organisations', () => {
  it('lists an organisation the operator’s staff do not belong to', async () => {
    const created = await injectAs(
      t.app,
      dockOperator.token,
      'POST',
      '/api/docks',
      dockBody({ access: 'organisations', organisation_ids: [housingId] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().dock.organisations).toEqual([{ id: housingId, name: 'Boligforeningen Østparken' }]);
    const dockId = created.json().dock.id;

    const edited = await injectAs(
      t.app,
      dockOperator.token,
      'PUT',
      `/api/docks/${dockId}`,
      dockBody({ access: 'organisations', organisation_ids: [housingId, employerId] }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      edited
        .json()
        .dock.organisations.map((found: { id: string }) => found.id)
        .sort(),
    ).toEqual([housingId, employerId].sort());
  });

  it('refuses an unknown or a suspended organisation with 422 at its place, changing nothing', async () => {
    const dockId = await createDock(t.app, municipality, {
      name: 'Uændret',
      access: 'organisations',
      organisation_ids: [housingId],
    });
    for (const id of ['0190aaaa-0000-7000-8000-000000000000', suspendedId]) {
      const refused = await injectAs(
        t.app,
        dockOperator.token,
        'PUT',
        `/api/docks/${dockId}`,
        dockBody({ name: 'Ændret', access: 'organisations', organisation_ids: [housingId, id] }),
      );
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().detail).toHaveLength(1);
      expect(refused.json().detail[0]).toMatchObject({
        loc: ['body', 'organisation_ids', 1],
        type: 'invalid_value',
      });
    }
    const [row] = await t.app.db.select().from(docks).where(eq(docks.id, dockId));
    expect(row?.name).toBe('Uændret');
    const listed = await t.app.db
      .select()
      .from(dockAccessOrganisations)
      .where(eq(dockAccessOrganisations.dockId, dockId));
    expect(listed.map((entry) => entry.organisationPartyId)).toEqual([housingId]);

    const before = (await t.app.db.select().from(docks)).length;
    const newWithSuspended = await injectAs(
      t.app,
      dockOperator.token,
      'POST',
      '/api/docks',
      dockBody({ access: 'organisations', organisation_ids: [suspendedId] }),
    );
    expect(newWithSuspended.statusCode).toBe(422);
    expect((await t.app.db.select().from(docks)).length).toBe(before);
  });

  it('keeps an organisation suspended after it was listed, so the dock can still be edited', async () => {
    const founder = await signUpVerifiedUser(t.app, 'later-suspended');
    const laterSuspendedId = await createBusiness(t.app, founder, 'Senere Suspenderet ApS');
    const dockId = await createDock(t.app, municipality, {
      access: 'organisations',
      organisation_ids: [laterSuspendedId],
    });
    await t.app.db
      .update(organisations)
      .set({ suspendedAt: new Date() })
      .where(eq(organisations.partyId, laterSuspendedId));
    const edited = await injectAs(
      t.app,
      dockOperator.token,
      'PUT',
      `/api/docks/${dockId}`,
      dockBody({ name: 'Nyt navn', access: 'organisations', organisation_ids: [laterSuspendedId] }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().dock.name).toBe('Nyt navn');
  });
});
