import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { identities, sessions } from '../../db/schema/identity.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  claimsOf,
  codeFromMail,
  latestMail,
  logIn,
  signUpUser,
  TEST_PASSWORD,
  type TestUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import {
  addMember,
  createBusiness,
  nextCvr,
  signUpStaff,
  signUpVerifiedUser,
} from '../../test/organisation-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

function inject(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function actAs(token: string, partyId: string): Promise<string> {
  const response = await inject('PUT', '/api/identities/authentications/acting-party', token, {
    party_id: partyId,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ authentication_token: string }>().authentication_token;
}

/** Follows the invitation link of a new business user: chooses a password, then signs in. */
async function acceptInvitation(email: string): Promise<string> {
  const mail = await latestMail(db(), email, 'organisation_invitation');
  const { code } = codeFromMail(mail, '/reset-password');
  const reset = await inject(
    'POST',
    `/api/identities/authentications/password-resets/${code}/validate`,
    undefined,
    {
      new_password: TEST_PASSWORD,
    },
  );
  expect(reset.statusCode, reset.body).toBe(200);
  return logIn(t.app, email, TEST_PASSWORD);
}

describe('POST /api/organisations', () => {
  it('lets a verified person create a business and makes them its admin', async () => {
    const founder = await signUpVerifiedUser(t.app);
    const response = await inject('POST', '/api/organisations', founder.token, {
      name: '  Cykelsmeden ApS ',
      type: 'business',
      region: 'dk',
      registration_number: '2531 3763',
    });
    expect(response.statusCode, response.body).toBe(201);
    const organisation = response.json();
    expect(organisation).toMatchObject({
      name: 'Cykelsmeden ApS',
      type: 'business',
      region: 'dk',
      registration_number: '25313763',
      role: 'admin',
    });
    const mine = await inject('GET', '/api/organisations', founder.token);
    expect(mine.json()).toEqual([organisation]);
    const members = await inject('GET', `/api/organisations/${organisation.party_id}/members`, founder.token);
    expect(members.json()).toEqual([
      expect.objectContaining({
        identity_party_id: founder.partyId,
        email: founder.email,
        role: 'admin',
        invitation_pending: false,
      }),
    ]);
  });

  it('creates a club without a registration number, and a Norwegian dealer with an organisasjonsnummer', async () => {
    const founder = await signUpVerifiedUser(t.app);
    const club = await inject('POST', '/api/organisations', founder.token, {
      name: 'Cykelklubben Øst',
      type: 'club',
      region: 'dk',
    });
    expect(club.statusCode, club.body).toBe(201);
    expect(club.json()).toMatchObject({ type: 'club', registration_number: null });
    const dealer = await inject('POST', '/api/organisations', founder.token, {
      name: 'Sykkelhuset AS',
      type: 'dealer',
      region: 'no',
      registration_number: '974 760 673',
    });
    expect(dealer.statusCode, dealer.body).toBe(201);
    expect(dealer.json()).toMatchObject({ region: 'no', registration_number: '974760673' });
  });

  it('answers 422 with field codes for a bad registration number and a missing name', async () => {
    const founder = await signUpVerifiedUser(t.app);
    const response = await inject('POST', '/api/organisations', founder.token, {
      name: '',
      type: 'business',
      region: 'dk',
      registration_number: '25313764',
    });
    expect(response.statusCode).toBe(422);
    expect(
      response.json().detail.map((issue: { loc: string[]; type: string }) => [issue.loc, issue.type]),
    ).toEqual([
      [['body', 'name'], 'required'],
      [['body', 'registration_number'], 'invalid_registration_number'],
    ]);
  });

  it('answers 409 organisation_exists for a registration number already registered', async () => {
    const first = await signUpVerifiedUser(t.app);
    const second = await signUpVerifiedUser(t.app);
    const cvr = nextCvr();
    const body = { name: 'Dobbelt ApS', type: 'business', region: 'dk', registration_number: cvr };
    expect((await inject('POST', '/api/organisations', first.token, body)).statusCode).toBe(201);
    const again = await inject('POST', '/api/organisations', second.token, { ...body, name: 'Kopi ApS' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('organisation_exists');
  });

  it('refuses the types only the backoffice creates (insurers, police) with 403', async () => {
    const founder = await signUpVerifiedUser(t.app);
    for (const type of ['insurance_company', 'police']) {
      const response = await inject('POST', '/api/organisations', founder.token, {
        name: 'Selvbestaltet Forsikring',
        type,
        region: 'dk',
        registration_number: nextCvr(),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
  });

  it('asks an unverified person to verify their identity first (403), and a visitor to sign in (401)', async () => {
    const unverified = await signUpUser(t.app);
    const body = { name: 'Uverificeret ApS', type: 'business', region: 'dk', registration_number: nextCvr() };
    const refused = await inject('POST', '/api/organisations', unverified.token, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('identity_verification_required');
    expect((await inject('POST', '/api/organisations', undefined, body)).statusCode).toBe(401);
  });
});

describe('reading organisations', () => {
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let organisationId: string;

  beforeAll(async () => {
    admin = await signUpVerifiedUser(t.app);
    member = await signUpUser(t.app);
    outsider = await signUpUser(t.app);
    organisationId = await createBusiness(t.app, admin, 'Læsbar ApS');
    expect(
      (await addMember(t.app, admin.token, organisationId, { email: member.email, role: 'member' }))
        .statusCode,
    ).toBe(201);
  });

  it('shows an organisation and its members to its members, with their own role', async () => {
    const seen = await inject('GET', `/api/organisations/${organisationId}`, member.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ party_id: organisationId, name: 'Læsbar ApS', role: 'member' });
    const members = await inject('GET', `/api/organisations/${organisationId}/members`, member.token);
    expect(members.json().map((entry: { email: string; role: string }) => [entry.email, entry.role])).toEqual(
      [
        [admin.email, 'admin'],
        [member.email, 'member'],
      ],
    );
    const mine = await inject('GET', '/api/organisations', member.token);
    expect(mine.json()).toEqual([expect.objectContaining({ party_id: organisationId, role: 'member' })]);
  });

  it('answers 404 to outsiders, for unknown ids and for ids that are not UUIDs alike', async () => {
    for (const url of [
      `/api/organisations/${organisationId}`,
      `/api/organisations/${organisationId}/members`,
      '/api/organisations/0190b2a4-0000-7000-8000-000000000000',
      '/api/organisations/not-an-id',
    ]) {
      const response = await inject('GET', url, outsider.token);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await inject('GET', '/api/organisations', outsider.token)).json()).toEqual([]);
  });

  it('lets staff look (role null) and asks visitors to sign in', async () => {
    const support = await signUpStaff(t.app, 'support');
    const seen = await inject('GET', `/api/organisations/${organisationId}`, support.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().role).toBeNull();
    expect(
      (await inject('GET', `/api/organisations/${organisationId}/members`, support.token)).statusCode,
    ).toBe(200);
    expect((await inject('GET', '/api/organisations')).statusCode).toBe(401);
    expect((await inject('GET', `/api/organisations/${organisationId}`)).statusCode).toBe(401);
    expect((await inject('GET', `/api/organisations/${organisationId}/members`)).statusCode).toBe(401);
  });
});

describe('POST /api/organisations/:id/members', () => {
  it('adds an existing person and tells them by mail; adding them twice is 409 member_exists', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const colleague = await signUpUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Kollega ApS');
    const added = await addMember(t.app, admin.token, organisationId, {
      email: colleague.email.toUpperCase(),
      role: 'member',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      identity_party_id: colleague.partyId,
      role: 'member',
      invitation_pending: false,
    });
    const mail = await latestMail(db(), colleague.email, 'organisation_member_added');
    expect(mail.text).toContain('Kollega ApS');
    expect(mail.links).toContain('http://localhost:3000/app/organisations');
    // An existing person keeps signing in as themself.
    const token = await logIn(t.app, colleague.email, colleague.password);
    expect(claimsOf(token)).toMatchObject({ party_id: colleague.partyId, organisation_type: null });

    const twice = await addMember(t.app, admin.token, organisationId, {
      email: colleague.email,
      role: 'admin',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('member_exists');
  });

  it('creates a business user for an unknown address, who chooses a password and signs in acting for the organisation', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Firmacykler ApS');
    const email = uniqueEmail('business-user');
    const added = await addMember(t.app, admin.token, organisationId, {
      email,
      role: 'member',
      first_name: 'Bo',
      last_name: 'Bruger',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      email,
      name: 'Bo Bruger',
      role: 'member',
      invitation_pending: true,
    });
    const [person] = await db().select().from(identities).where(eq(identities.email, email));
    expect(person).toMatchObject({
      passwordHash: null,
      defaultPartyId: organisationId,
      region: 'dk',
      language: 'da',
    });

    const mail = await latestMail(db(), email, 'organisation_invitation');
    expect(mail.subject).toContain('Firmacykler ApS');
    // No password yet: nobody can sign in to the account before following the link.
    const early = await inject('POST', '/api/identities/authentications', undefined, {
      email,
      password: TEST_PASSWORD,
    });
    expect(early.statusCode).toBe(401);

    const token = await acceptInvitation(email);
    expect(claimsOf(token)).toMatchObject({
      identity_party_id: person?.partyId,
      party_id: organisationId,
      organisation_type: 'business',
    });
    const members = await inject('GET', `/api/organisations/${organisationId}/members`, token);
    expect(members.json().find((entry: { email: string }) => entry.email === email)).toMatchObject({
      invitation_pending: false,
    });
  });

  it('is for admins only: a member gets 403, an outsider 404, a visitor 401; a bad body 422', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const member = await signUpUser(t.app);
    const outsider = await signUpUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Adgang ApS');
    await addMember(t.app, admin.token, organisationId, { email: member.email, role: 'member' });
    const body = { email: uniqueEmail('x'), role: 'member' as const };
    const byMember = await addMember(t.app, member.token, organisationId, body);
    expect(byMember.statusCode).toBe(403);
    expect((await addMember(t.app, outsider.token, organisationId, body)).statusCode).toBe(404);
    expect(
      (await inject('POST', `/api/organisations/${organisationId}/members`, undefined, body)).statusCode,
    ).toBe(401);
    const support = await signUpStaff(t.app, 'support');
    expect((await addMember(t.app, support.token, organisationId, body)).statusCode).toBe(403);
    const bad = await addMember(t.app, admin.token, organisationId, {
      email: 'not-an-address',
      role: 'owner',
    } as never);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail.map((issue: { type: string }) => issue.type)).toEqual([
      'invalid_email',
      'invalid_value',
    ]);
  });
});

describe('PATCH and DELETE /api/organisations/:id/members/:identityPartyId', () => {
  it('lets an admin promote and demote, but never the last admin (409 last_admin)', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const member = await signUpUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Roller ApS');
    await addMember(t.app, admin.token, organisationId, { email: member.email, role: 'member' });
    const url = (partyId: string) => `/api/organisations/${organisationId}/members/${partyId}`;

    const lastAdmin = await inject('PATCH', url(admin.partyId), admin.token, { role: 'member' });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().code).toBe('last_admin');

    const promoted = await inject('PATCH', url(member.partyId), admin.token, { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ identity_party_id: member.partyId, role: 'admin' });
    const stepDown = await inject('PATCH', url(admin.partyId), admin.token, { role: 'member' });
    expect(stepDown.statusCode).toBe(200);
    // No longer an admin: changing roles is refused now.
    expect((await inject('PATCH', url(member.partyId), admin.token, { role: 'member' })).statusCode).toBe(
      403,
    );

    expect((await inject('PATCH', url(member.partyId), member.token, { role: 'boss' })).statusCode).toBe(422);
    expect(
      (await inject('PATCH', url('0190b2a4-0000-7000-8000-000000000000'), member.token, { role: 'member' }))
        .statusCode,
    ).toBe(404);
    expect((await inject('PATCH', url(admin.partyId), undefined, { role: 'admin' })).statusCode).toBe(401);
    const outsider = await signUpUser(t.app);
    expect((await inject('PATCH', url(admin.partyId), outsider.token, { role: 'admin' })).statusCode).toBe(
      404,
    );
  });

  it('lets a member leave, an admin remove, and refuses removing others as a member or the last admin', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const first = await signUpUser(t.app);
    const second = await signUpUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Farvel ApS');
    for (const person of [first, second]) {
      await addMember(t.app, admin.token, organisationId, { email: person.email, role: 'member' });
    }
    const url = (partyId: string) => `/api/organisations/${organisationId}/members/${partyId}`;

    expect((await inject('DELETE', url(second.partyId), first.token)).statusCode).toBe(403);
    expect((await inject('DELETE', url(second.partyId))).statusCode).toBe(401);
    const lastAdmin = await inject('DELETE', url(admin.partyId), admin.token);
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().code).toBe('last_admin');

    expect((await inject('DELETE', url(first.partyId), first.token)).statusCode).toBe(204);
    expect((await inject('DELETE', url(second.partyId), admin.token)).statusCode).toBe(204);
    expect((await inject('DELETE', url(second.partyId), admin.token)).statusCode).toBe(404);
    const members = await inject('GET', `/api/organisations/${organisationId}/members`, admin.token);
    expect(members.json().map((entry: { email: string }) => entry.email)).toEqual([admin.email]);
    expect((await inject('GET', `/api/organisations/${organisationId}`, first.token)).statusCode).toBe(404);
  });

  it("ends a removed member's sessions acting for the organisation and forgets it as their default", async () => {
    const admin = await signUpVerifiedUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Afsked ApS');
    const email = uniqueEmail('leaver');
    const added = await addMember(t.app, admin.token, organisationId, { email, role: 'member' });
    const leaverId = added.json().identity_party_id as string;
    const actingToken = await acceptInvitation(email);
    expect(claimsOf(actingToken).party_id).toBe(organisationId);
    // A second session of the same person, acting for themself, survives the removal.
    const ownToken = await actAs(await logIn(t.app, email, TEST_PASSWORD), leaverId);

    expect(
      (await inject('DELETE', `/api/organisations/${organisationId}/members/${leaverId}`, admin.token))
        .statusCode,
    ).toBe(204);

    const refused = await inject('GET', '/api/identities/me', actingToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ detail: 'invalid_token' });
    expect((await inject('GET', '/api/identities/me', ownToken)).statusCode).toBe(200);
    const revoked = await db()
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(and(eq(sessions.partyId, leaverId), eq(sessions.actingPartyId, organisationId)));
    expect(revoked.map((row) => row.reason)).toEqual(['organisation_left']);
    const [person] = await db().select().from(identities).where(eq(identities.partyId, leaverId));
    expect(person?.defaultPartyId).toBeNull();
    const again = await logIn(t.app, email, TEST_PASSWORD);
    expect(claimsOf(again)).toMatchObject({ party_id: leaverId, organisation_type: null });
  });
});

describe('PUT /api/identities/authentications/acting-party', () => {
  it('switches the session to an organisation and back; the old token stops working; the choice is remembered', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Skifter ApS');

    const orgToken = await actAs(admin.token, organisationId);
    expect(claimsOf(orgToken)).toMatchObject({
      party_id: organisationId,
      identity_party_id: admin.partyId,
      organisation_type: 'business',
      sid: claimsOf(admin.token).sid,
    });
    const old = await inject('GET', '/api/identities/me', admin.token);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ detail: 'invalid_token' });
    expect((await inject('GET', '/api/identities/me', orgToken)).statusCode).toBe(200);

    // The next sign-in acts for the organisation too.
    const nextLogin = await logIn(t.app, admin.email, admin.password);
    expect(claimsOf(nextLogin)).toMatchObject({ party_id: organisationId, organisation_type: 'business' });

    const personToken = await actAs(orgToken, admin.partyId);
    expect(claimsOf(personToken)).toMatchObject({ party_id: admin.partyId, organisation_type: null });
    expect((await inject('GET', '/api/identities/me', orgToken)).statusCode).toBe(401);
    const [person] = await db().select().from(identities).where(eq(identities.partyId, admin.partyId));
    expect(person?.defaultPartyId).toBeNull();
  });

  it('refuses an organisation the person does not belong to (403), a bad id (422) and a visitor (401)', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const outsider = await signUpUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Lukket ApS');
    const url = '/api/identities/authentications/acting-party';
    const refused = await inject('PUT', url, outsider.token, { party_id: organisationId });
    expect(refused.statusCode).toBe(403);
    // Someone else's person party is not an organisation of theirs either.
    expect((await inject('PUT', url, outsider.token, { party_id: admin.partyId })).statusCode).toBe(403);
    expect((await inject('PUT', url, outsider.token, { party_id: 'nope' })).statusCode).toBe(422);
    expect((await inject('PUT', url, undefined, { party_id: organisationId })).statusCode).toBe(401);
    // The refused switch left the session as it was.
    expect((await inject('GET', '/api/identities/me', outsider.token)).statusCode).toBe(200);
  });
});

describe('POST /api/backoffice/organisations', () => {
  it('lets a backoffice admin create an insurer whose new business user lands acting for it', async () => {
    const staffAdmin = await signUpStaff(t.app, 'admin');
    const email = uniqueEmail('insurer-admin');
    const response = await inject('POST', '/api/backoffice/organisations', staffAdmin.token, {
      name: 'Tryg Test Forsikring A/S',
      type: 'insurance_company',
      region: 'dk',
      registration_number: nextCvr(),
      admin_email: email,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name: 'Tryg Test Forsikring A/S',
      type: 'insurance_company',
      role: null,
      admin: { email, is_new_user: true },
    });
    const token = await acceptInvitation(email);
    expect(claimsOf(token)).toMatchObject({
      party_id: created.party_id,
      organisation_type: 'insurance_company',
    });
    const members = await inject('GET', `/api/organisations/${created.party_id}/members`, token);
    expect(members.json()).toEqual([expect.objectContaining({ email, role: 'admin' })]);

    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetPartyId, created.party_id));
    expect(audit).toMatchObject({ action: 'organisation.create', actorPartyId: staffAdmin.partyId });
  });

  it('makes an existing person the admin without a new account; duplicates are 409', async () => {
    const staffAdmin = await signUpStaff(t.app, 'admin');
    const person = await signUpUser(t.app);
    const cvr = nextCvr();
    const body = {
      name: 'Politiet Test',
      type: 'police',
      region: 'dk',
      registration_number: cvr,
      admin_email: person.email,
    };
    const response = await inject('POST', '/api/backoffice/organisations', staffAdmin.token, body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().admin).toEqual({
      identity_party_id: person.partyId,
      email: person.email,
      is_new_user: false,
    });
    await latestMail(db(), person.email, 'organisation_member_added');
    const again = await inject('POST', '/api/backoffice/organisations', staffAdmin.token, body);
    expect(again.statusCode).toBe(409);
  });

  it('refuses support staff and users (403), visitors (401) and a missing admin e-mail (422)', async () => {
    const staffAdmin = await signUpStaff(t.app, 'admin');
    const support = await signUpStaff(t.app, 'support');
    const verified = await signUpVerifiedUser(t.app);
    const body = {
      name: 'Nej A/S',
      type: 'insurance_company',
      region: 'dk',
      registration_number: nextCvr(),
      admin_email: uniqueEmail('no'),
    };
    expect((await inject('POST', '/api/backoffice/organisations', support.token, body)).statusCode).toBe(403);
    expect((await inject('POST', '/api/backoffice/organisations', verified.token, body)).statusCode).toBe(
      403,
    );
    expect((await inject('POST', '/api/backoffice/organisations', undefined, body)).statusCode).toBe(401);
    const { admin_email: _missing, ...withoutAdmin } = body;
    const invalid = await inject('POST', '/api/backoffice/organisations', staffAdmin.token, withoutAdmin);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().detail[0]).toMatchObject({ loc: ['body', 'admin_email'], type: 'required' });
  });
});
