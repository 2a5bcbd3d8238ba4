import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { identities, sessions } from '../../db/schema/identity.ts';
import { organisationInvitations, organisationMembers } from '../../db/schema/organisations.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  claimsOf,
  latestMail,
  logIn,
  mailsTo,
  signUpUser,
  TEST_PASSWORD,
  type TestUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import {
  createBusiness,
  invite,
  joinByInvitation,
  latestInvitationCode,
  nextCvr,
  signUpStaff,
  signUpVerifiedUser,
} from '../../test/organisation-helpers.ts';
import { insertOrganisation, switchInto } from '../../test/role-fixtures.ts';

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
      }),
    ]);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetPartyId, organisation.party_id));
    expect(audit).toMatchObject({ action: 'organisation.create', actorPartyId: founder.partyId });
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

  it('refuses staff switched into a verified person (403 not_allowed_while_switched)', async () => {
    const person = await signUpVerifiedUser(t.app);
    const support = await signUpStaff(t.app, 'support');
    const switched = await switchInto(t.app, support.token, person.partyId);
    const body = { name: 'Skygge ApS', type: 'business', region: 'dk', registration_number: nextCvr() };
    const refused = await inject('POST', '/api/organisations', switched, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_allowed_while_switched');
    expect((await inject('GET', '/api/organisations', person.token)).json()).toEqual([]);
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
    await joinByInvitation(t.app, admin.token, organisationId, member);
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

const invitationsUrl = (organisationId: string) => `/api/organisations/${organisationId}/invitations`;
const codeUrl = (code: string, action = '') =>
  `/api/organisations/invitations/${code}${action ? `/${action}` : ''}`;

describe('inviting to an organisation', () => {
  it('answers the same for a known and an unknown address, creates no account, and mails a link', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const known = await signUpUser(t.app);
    const unknownEmail = uniqueEmail('nobody');
    const organisationId = await createBusiness(t.app, admin, 'Invitér <b>ApS</b>');

    const toKnown = await invite(t.app, admin.token, organisationId, { email: known.email, role: 'member' });
    const toUnknown = await invite(t.app, admin.token, organisationId, {
      email: unknownEmail.toUpperCase(),
      role: 'admin',
    });
    for (const response of [toKnown, toUnknown]) {
      expect(response.statusCode, response.body).toBe(201);
      expect(Object.keys(response.json()).sort()).toEqual([
        'created_at',
        'email',
        'expires_at',
        'id',
        'role',
      ]);
    }
    expect(toKnown.json()).toMatchObject({ email: known.email, role: 'member' });
    expect(toUnknown.json()).toMatchObject({ email: unknownEmail, role: 'admin' });
    const days =
      (Date.parse(toUnknown.json().expires_at) - Date.parse(toUnknown.json().created_at)) / 86_400_000;
    expect(days).toBe(7);
    // Nobody was added and no account was made for the unknown address.
    expect(await db().select().from(identities).where(eq(identities.email, unknownEmail))).toEqual([]);
    const members = await inject('GET', `/api/organisations/${organisationId}/members`, admin.token);
    expect(members.json().map((member: { email: string }) => member.email)).toEqual([admin.email]);
    expect((await inject('GET', '/api/organisations', known.token)).json()).toEqual([]);

    const mail = await latestMail(db(), unknownEmail, 'organisation_invitation');
    expect(mail.subject).toContain('Invitér <b>ApS</b>');
    expect(mail.html).toContain('Invitér &lt;b&gt;ApS&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>ApS</b>');
    expect(mail.text).toContain(admin.email);
    const code = await latestInvitationCode(t.app, unknownEmail);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is kept.
    const stored = await db()
      .select()
      .from(organisationInvitations)
      .where(eq(organisationInvitations.email, unknownEmail));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.codeHash).not.toContain(code);
    expect(stored[0]).toMatchObject({ invitedByPartyId: admin.partyId, organisationPartyId: organisationId });

    const pending = await inject('GET', invitationsUrl(organisationId), admin.token);
    expect(pending.statusCode).toBe(200);
    expect(
      pending
        .json()
        .map((entry: { email: string }) => entry.email)
        .sort(),
    ).toEqual([known.email, unknownEmail].sort());

    const audit = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetPartyId, organisationId),
          eq(auditEvents.action, 'organisation.invitation_sent'),
        ),
      );
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorPartyId: admin.partyId });
    expect(audit[0]?.details).not.toHaveProperty('switched_by');
  });

  it('renews an open invitation: one row, a new code and expiry, the old link dead', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Fornyet ApS');
    const email = uniqueEmail('renew');
    const first = await invite(t.app, admin.token, organisationId, { email, role: 'member' });
    const oldCode = await latestInvitationCode(t.app, email);
    const second = await invite(t.app, admin.token, organisationId, { email, role: 'admin' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ id: first.json().id, role: 'admin' });
    const newCode = await latestInvitationCode(t.app, email);
    expect(newCode).not.toBe(oldCode);
    expect(await mailsTo(db(), email, 'organisation_invitation')).toHaveLength(2);
    const rows = await db()
      .select()
      .from(organisationInvitations)
      .where(eq(organisationInvitations.email, email));
    expect(rows).toHaveLength(1);

    const person = await signUpUser(t.app, { email });
    const old = await inject('GET', codeUrl(oldCode), person.token);
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('invitation_invalid');
    const current = await inject('GET', codeUrl(newCode), person.token);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      organisation: { party_id: organisationId, name: 'Fornyet ApS', type: 'business' },
      role: 'admin',
      email,
    });
  });

  it('refuses a current member with 409 member_exists, but not an address that has only been invited', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const member = await signUpUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Medlem ApS');
    await joinByInvitation(t.app, admin.token, organisationId, member);
    const again = await invite(t.app, admin.token, organisationId, {
      email: member.email.toUpperCase(),
      role: 'admin',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('member_exists');
    const self = await invite(t.app, admin.token, organisationId, { email: admin.email, role: 'member' });
    expect(self.statusCode).toBe(409);
  });

  it('is for admins: member 403, outsider and staff 404/403, visitor 401, switched 403; bad bodies 422', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const member = await signUpUser(t.app);
    const outsider = await signUpUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Adgang ApS');
    await joinByInvitation(t.app, admin.token, organisationId, member);
    const body = { email: uniqueEmail('x'), role: 'member' as const };
    expect((await invite(t.app, member.token, organisationId, body)).statusCode).toBe(403);
    expect((await invite(t.app, outsider.token, organisationId, body)).statusCode).toBe(404);
    expect((await inject('POST', invitationsUrl(organisationId), undefined, body)).statusCode).toBe(401);
    const support = await signUpStaff(t.app, 'support');
    expect((await invite(t.app, support.token, organisationId, body)).statusCode).toBe(403);
    const switched = await switchInto(t.app, support.token, admin.partyId);
    const bySwitched = await invite(t.app, switched, organisationId, { email: support.email, role: 'admin' });
    expect(bySwitched.statusCode).toBe(403);
    expect(bySwitched.json().code).toBe('not_allowed_while_switched');
    expect(await mailsTo(db(), support.email, 'organisation_invitation')).toEqual([]);

    const bad = await invite(t.app, admin.token, organisationId, {
      email: 'not-an-address',
      role: 'owner',
    } as never);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail.map((issue: { type: string }) => issue.type)).toEqual([
      'invalid_email',
      'invalid_value',
    ]);

    // Listing: admins only.
    expect((await inject('GET', invitationsUrl(organisationId), member.token)).statusCode).toBe(403);
    expect((await inject('GET', invitationsUrl(organisationId), outsider.token)).statusCode).toBe(404);
    expect((await inject('GET', invitationsUrl(organisationId), support.token)).statusCode).toBe(403);
    expect((await inject('GET', invitationsUrl(organisationId))).statusCode).toBe(401);
    expect((await inject('GET', invitationsUrl('not-an-id'), admin.token)).statusCode).toBe(404);
  });

  it('lets an admin revoke an open invitation (audited); its link stops working', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const member = await signUpUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Tilbagekald ApS');
    await joinByInvitation(t.app, admin.token, organisationId, member);
    const email = uniqueEmail('revoked');
    const invitation = (await invite(t.app, admin.token, organisationId, { email, role: 'member' })).json();
    const code = await latestInvitationCode(t.app, email);
    const url = `${invitationsUrl(organisationId)}/${invitation.id}`;

    expect((await inject('DELETE', url, member.token)).statusCode).toBe(403);
    expect((await inject('DELETE', url)).statusCode).toBe(401);
    const support = await signUpStaff(t.app, 'support');
    const switched = await switchInto(t.app, support.token, admin.partyId);
    expect((await inject('DELETE', url, switched)).json().code).toBe('not_allowed_while_switched');
    expect((await inject('DELETE', `${invitationsUrl(organisationId)}/nope`, admin.token)).statusCode).toBe(
      404,
    );

    expect((await inject('DELETE', url, admin.token)).statusCode).toBe(204);
    expect((await inject('DELETE', url, admin.token)).statusCode).toBe(404);
    expect((await inject('GET', invitationsUrl(organisationId), admin.token)).json()).toEqual([]);
    const person = await signUpUser(t.app, { email });
    const accept = await inject('POST', codeUrl(code, 'accept'), person.token);
    expect(accept.statusCode).toBe(400);
    expect(accept.json().code).toBe('invitation_invalid');
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetPartyId, organisationId),
          eq(auditEvents.action, 'organisation.invitation_revoked'),
        ),
      );
    expect(audit).toMatchObject({
      actorPartyId: admin.partyId,
      details: { invitation_id: invitation.id, email },
    });
  });
});

describe('answering an invitation', () => {
  async function invitedPerson(role: 'admin' | 'member' = 'member') {
    const admin = await signUpVerifiedUser(t.app);
    const organisationId = await createBusiness(t.app, admin, `Svar ${role} ApS`);
    const person = await signUpUser(t.app);
    await invite(t.app, admin.token, organisationId, { email: person.email, role });
    const code = await latestInvitationCode(t.app, person.email);
    return { admin, organisationId, person, code };
  }

  it('shows the invitation to a signed-in holder of the code; visitors 401, unknown codes 400', async () => {
    const { organisationId, person, code } = await invitedPerson('admin');
    const other = await signUpUser(t.app);
    for (const token of [person.token, other.token]) {
      const seen = await inject('GET', codeUrl(code), token);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toEqual({
        organisation: { party_id: organisationId, name: 'Svar admin ApS', type: 'business' },
        role: 'admin',
        email: person.email,
        expires_at: expect.any(String),
      });
    }
    expect((await inject('GET', codeUrl(code))).statusCode).toBe(401);
    for (const bad of ['x'.repeat(43), 'short']) {
      const response = await inject('GET', codeUrl(bad), person.token);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().code).toBe('invitation_invalid');
    }
  });

  it('accepts with the invited address: member, session acting for it, e-mail confirmed, default party, audited', async () => {
    const { admin, organisationId, person, code } = await invitedPerson('member');
    const [before] = await db().select().from(identities).where(eq(identities.partyId, person.partyId));
    expect(before?.emailVerifiedAt).toBeNull();

    const accepted = await inject('POST', codeUrl(code, 'accept'), person.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const answer = accepted.json();
    expect(answer).toMatchObject({
      organisation: { party_id: organisationId, role: 'member', type: 'business' },
      role: 'member',
    });
    expect(claimsOf(answer.authentication_token)).toMatchObject({
      identity_party_id: person.partyId,
      party_id: organisationId,
      organisation_type: 'business',
      sid: claimsOf(person.token).sid,
    });
    // The old token named the person; the session now acts for the organisation.
    expect((await inject('GET', '/api/identities/me', person.token)).statusCode).toBe(401);
    const [after] = await db().select().from(identities).where(eq(identities.partyId, person.partyId));
    expect(after?.emailVerifiedAt).not.toBeNull();
    expect(after?.defaultPartyId).toBe(organisationId);
    const members = await inject('GET', `/api/organisations/${organisationId}/members`, admin.token);
    expect(
      members.json().map((member: { email: string; role: string }) => [member.email, member.role]),
    ).toEqual([
      [admin.email, 'admin'],
      [person.email, 'member'],
    ]);
    expect((await inject('GET', invitationsUrl(organisationId), admin.token)).json()).toEqual([]);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetPartyId, organisationId),
          eq(auditEvents.action, 'organisation.member_joined'),
        ),
      );
    expect(audit).toMatchObject({
      actorPartyId: person.partyId,
      details: { invited_by: admin.partyId, role: 'member' },
    });

    // Single use.
    const reused = await inject('POST', codeUrl(code, 'accept'), answer.authentication_token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('invitation_invalid');
    expect((await inject('GET', codeUrl(code), answer.authentication_token)).statusCode).toBe(400);
  });

  it('refuses another account with 403 invitation_email_mismatch naming the address, and leaves it usable', async () => {
    const { organisationId, person, code } = await invitedPerson();
    const other = await signUpUser(t.app);
    const refused = await inject('POST', codeUrl(code, 'accept'), other.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'invitation_email_mismatch' });
    expect(refused.json().detail).toContain(person.email);
    expect((await inject('POST', codeUrl(code, 'decline'), other.token)).statusCode).toBe(403);
    expect((await inject('GET', '/api/organisations', other.token)).json()).toEqual([]);
    const accepted = await inject('POST', codeUrl(code, 'accept'), person.token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().organisation.party_id).toBe(organisationId);
  });

  it('lets only one of two simultaneous accepts through', async () => {
    const { organisationId, person, code } = await invitedPerson();
    const second = await logIn(t.app, person.email, person.password);
    const answers = await Promise.all([
      inject('POST', codeUrl(code, 'accept'), person.token),
      inject('POST', codeUrl(code, 'accept'), second),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const rows = await db()
      .select()
      .from(organisationMembers)
      .where(
        and(
          eq(organisationMembers.organisationPartyId, organisationId),
          eq(organisationMembers.identityPartyId, person.partyId),
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it('answers 409 member_exists to someone who already belongs, keeping the invitation', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const person = await signUpUser(t.app);
    const organisationId = await insertOrganisation(db(), {
      name: 'Allerede ApS',
      type: 'business',
      members: [{ partyId: admin.partyId, role: 'admin' }],
    });
    await invite(t.app, admin.token, organisationId, { email: person.email, role: 'member' });
    const code = await latestInvitationCode(t.app, person.email);
    await db().insert(organisationMembers).values({
      organisationPartyId: organisationId,
      identityPartyId: person.partyId,
      role: 'member',
    });
    const response = await inject('POST', codeUrl(code, 'accept'), person.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('member_exists');
  });

  it('declines (204, link dead), refuses expired invitations, visitors and switched staff', async () => {
    const declined = await invitedPerson();
    expect((await inject('POST', codeUrl(declined.code, 'decline'))).statusCode).toBe(401);
    expect((await inject('POST', codeUrl(declined.code, 'decline'), declined.person.token)).statusCode).toBe(
      204,
    );
    expect((await inject('POST', codeUrl(declined.code, 'accept'), declined.person.token)).statusCode).toBe(
      400,
    );
    expect(
      (await inject('GET', invitationsUrl(declined.organisationId), declined.admin.token)).json(),
    ).toEqual([]);

    const expired = await invitedPerson();
    await db()
      .update(organisationInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(organisationInvitations.email, expired.person.email));
    const late = await inject('POST', codeUrl(expired.code, 'accept'), expired.person.token);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('invitation_invalid');
    expect((await inject('GET', invitationsUrl(expired.organisationId), expired.admin.token)).json()).toEqual(
      [],
    );
    // Inviting the address again revives it with a fresh code.
    await invite(t.app, expired.admin.token, expired.organisationId, {
      email: expired.person.email,
      role: 'member',
    });
    const fresh = await latestInvitationCode(t.app, expired.person.email);
    expect((await inject('POST', codeUrl(fresh, 'accept'), expired.person.token)).statusCode).toBe(200);

    const target = await invitedPerson();
    const support = await signUpStaff(t.app, 'support');
    const switched = await switchInto(t.app, support.token, target.person.partyId);
    for (const action of ['accept', 'decline']) {
      const refused = await inject('POST', codeUrl(target.code, action), switched);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('not_allowed_while_switched');
    }
    expect((await inject('POST', codeUrl(target.code, 'accept'), target.person.token)).statusCode).toBe(200);
  });
});

describe('budgets', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      organisationRateLimits: { invitationsPerAccountPerHour: 2, organisationsPerAccountPerDay: 1 },
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('limits invitations per account per hour and organisations per account per day', async () => {
    const admin = await signUpVerifiedUser(limited.app);
    const organisationId = await createBusiness(limited.app, admin, 'Budget ApS');
    await expect(createBusiness(limited.app, admin, 'Budget To ApS')).rejects.toThrow(/429/);
    for (let index = 0; index < 2; index += 1) {
      const sent = await invite(limited.app, admin.token, organisationId, {
        email: uniqueEmail('b'),
        role: 'member',
      });
      expect(sent.statusCode).toBe(201);
    }
    const blocked = await invite(limited.app, admin.token, organisationId, {
      email: uniqueEmail('b'),
      role: 'member',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
    // Another admin has a budget of their own.
    const other = await signUpVerifiedUser(limited.app);
    const otherOrganisation = await createBusiness(limited.app, other, 'Andet Budget ApS');
    expect(
      (await invite(limited.app, other.token, otherOrganisation, { email: uniqueEmail('b'), role: 'member' }))
        .statusCode,
    ).toBe(201);
  });
});

describe('deleting an account that belongs to organisations', () => {
  const confirmations = {
    confirm_data_copy: true,
    confirm_legal_retention: true,
    confirm_insurance_consequences: true,
    confirm_permanent: true,
    password: TEST_PASSWORD,
  };
  const deleteAccount = (person: TestUser) =>
    inject('DELETE', `/api/identities/${person.partyId}`, person.token, confirmations);

  it('refuses the last admin of an organisation with other members (409 last_admin)', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const member = await signUpUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Sidste ApS');
    await joinByInvitation(t.app, admin.token, organisationId, member);
    const refused = await deleteAccount(admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('last_admin');
    expect((await inject('GET', '/api/identities/me', admin.token)).statusCode).toBe(200);

    // With a second admin the first may go, and their membership goes with them.
    await inject('PATCH', `/api/organisations/${organisationId}/members/${member.partyId}`, admin.token, {
      role: 'admin',
    });
    expect((await deleteAccount(admin)).statusCode).toBe(204);
    const members = await inject('GET', `/api/organisations/${organisationId}/members`, member.token);
    expect(members.json().map((entry: { identity_party_id: string }) => entry.identity_party_id)).toEqual([
      member.partyId,
    ]);
  });

  it('removes the memberships of a member, and of a sole admin alone in their organisation', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const member = await signUpUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Tom ApS');
    await joinByInvitation(t.app, admin.token, organisationId, member);
    expect((await deleteAccount(member)).statusCode).toBe(204);
    expect((await deleteAccount(admin)).statusCode).toBe(204);
    expect(
      await db()
        .select()
        .from(organisationMembers)
        .where(eq(organisationMembers.organisationPartyId, organisationId)),
    ).toEqual([]);
  });
});

describe('PATCH and DELETE /api/organisations/:id/members/:identityPartyId', () => {
  it('lets an admin promote and demote, but never the last admin (409 last_admin)', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const member = await signUpUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Roller ApS');
    await joinByInvitation(t.app, admin.token, organisationId, member);
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
      await joinByInvitation(t.app, admin.token, organisationId, person);
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
    // Leaving ended the session that acted for the organisation; a new one finds it gone.
    const firstAgain = await logIn(t.app, first.email, first.password);
    expect((await inject('GET', `/api/organisations/${organisationId}`, firstAgain)).statusCode).toBe(404);
  });

  it("ends a removed member's sessions acting for the organisation and forgets it as their default", async () => {
    const admin = await signUpVerifiedUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Afsked ApS');
    const leaver = await signUpUser(t.app);
    const actingToken = await joinByInvitation(t.app, admin.token, organisationId, leaver);
    expect(claimsOf(actingToken).party_id).toBe(organisationId);
    // A second session of the same person, acting for themself, survives the removal.
    const ownToken = await actAs(await logIn(t.app, leaver.email, leaver.password), leaver.partyId);

    expect(
      (await inject('DELETE', `/api/organisations/${organisationId}/members/${leaver.partyId}`, admin.token))
        .statusCode,
    ).toBe(204);

    const refused = await inject('GET', '/api/identities/me', actingToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ detail: 'invalid_token' });
    expect((await inject('GET', '/api/identities/me', ownToken)).statusCode).toBe(200);
    const revoked = await db()
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(and(eq(sessions.partyId, leaver.partyId), eq(sessions.actingPartyId, organisationId)));
    expect(revoked.map((row) => row.reason)).toEqual(['organisation_left']);
    const [person] = await db().select().from(identities).where(eq(identities.partyId, leaver.partyId));
    expect(person?.defaultPartyId).toBeNull();
    const again = await logIn(t.app, leaver.email, TEST_PASSWORD);
    expect(claimsOf(again)).toMatchObject({ party_id: leaver.partyId, organisation_type: null });
  });

  it('audits role changes and removals, and refuses staff switched into an admin', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const member = await signUpUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Revision ApS');
    await joinByInvitation(t.app, admin.token, organisationId, member);
    const url = `/api/organisations/${organisationId}/members/${member.partyId}`;

    const support = await signUpStaff(t.app, 'support');
    const switched = await switchInto(t.app, support.token, admin.partyId);
    for (const [method, payload] of [
      ['PATCH', { role: 'admin' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await inject(method, url, switched, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('not_allowed_while_switched');
    }

    expect((await inject('PATCH', url, admin.token, { role: 'admin' })).statusCode).toBe(200);
    expect((await inject('DELETE', url, admin.token)).statusCode).toBe(204);
    // Ids are ordered by the millisecond only: compare as a set, then look at each event.
    const events = await db().select().from(auditEvents).where(eq(auditEvents.targetPartyId, organisationId));
    expect(events.map((event) => event.action).sort()).toEqual([
      'organisation.create',
      'organisation.invitation_sent',
      'organisation.member_joined',
      'organisation.member_removed',
      'organisation.member_role_changed',
    ]);
    const byAction = (action: string) => events.find((event) => event.action === action);
    expect(byAction('organisation.member_role_changed')).toMatchObject({
      actorPartyId: admin.partyId,
      details: { member_party_id: member.partyId, from: 'member', to: 'admin' },
    });
    expect(byAction('organisation.member_removed')).toMatchObject({
      actorPartyId: admin.partyId,
      details: { member_party_id: member.partyId, role: 'admin', left: false },
    });
  });
});

describe('the dock operator role (issue 28)', () => {
  it('is invited and assigned by admins only: a member and a dock operator 403, a visitor 401', async () => {
    const admin = await signUpVerifiedUser(t.app);
    const member = await signUpUser(t.app);
    const operator = await signUpUser(t.app);
    const organisationId = await createBusiness(t.app, admin, 'Parkering ApS');
    await joinByInvitation(t.app, admin.token, organisationId, member);
    // Invited as one: the invitation, the mail and the membership say so.
    const invited = await invite(t.app, admin.token, organisationId, {
      email: operator.email,
      role: 'dock_operator',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ role: 'dock_operator' });
    expect((await latestMail(db(), operator.email, 'organisation_invitation')).text).toContain(
      'parkeringsansvarlig',
    );
    const code = await latestInvitationCode(t.app, operator.email);
    const details = await inject('GET', `/api/organisations/invitations/${code}`, operator.token);
    expect(details.json()).toMatchObject({ role: 'dock_operator' });
    const accepted = await inject('POST', `/api/organisations/invitations/${code}/accept`, operator.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ role: 'dock_operator', organisation: { role: 'dock_operator' } });
    operator.token = accepted.json<{ authentication_token: string }>().authentication_token;

    const url = (partyId: string) => `/api/organisations/${organisationId}/members/${partyId}`;
    const toDockOperator = { role: 'dock_operator' };
    expect((await inject('PATCH', url(member.partyId), member.token, toDockOperator)).statusCode).toBe(403);
    expect((await inject('PATCH', url(member.partyId), undefined, toDockOperator)).statusCode).toBe(401);
    const assigned = await inject('PATCH', url(member.partyId), admin.token, toDockOperator);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ identity_party_id: member.partyId, role: 'dock_operator' });
    const [changed] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetPartyId, organisationId),
          eq(auditEvents.action, 'organisation.member_role_changed'),
        ),
      );
    expect(changed?.details).toMatchObject({
      member_party_id: member.partyId,
      from: 'member',
      to: 'dock_operator',
    });
    // The last admin stays one: a dock operator is not an admin.
    const lastAdmin = await inject('PATCH', url(admin.partyId), admin.token, toDockOperator);
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().code).toBe('last_admin');

    // A dock operator is a member for everything else: sees the organisation and its members, with
    // their own role, and has no say over who belongs.
    const seen = await inject('GET', `/api/organisations/${organisationId}`, operator.token);
    expect(seen.json()).toMatchObject({ role: 'dock_operator' });
    expect(
      (await inject('GET', `/api/organisations/${organisationId}/members`, operator.token)).statusCode,
    ).toBe(200);
    for (const [method, target, payload] of [
      ['PATCH', url(member.partyId), { role: 'member' }],
      ['PATCH', url(operator.partyId), { role: 'admin' }],
      ['DELETE', url(member.partyId), undefined],
      ['POST', invitationsUrl(organisationId), { email: uniqueEmail('friend'), role: 'member' }],
      ['GET', invitationsUrl(organisationId), undefined],
    ] as const) {
      const refused = await inject(method, target, operator.token, payload);
      expect(refused.statusCode, `${method} ${target}`).toBe(403);
    }
    // Leaving is theirs, as for any member.
    expect((await inject('DELETE', url(operator.partyId), operator.token)).statusCode).toBe(204);
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
  it('creates an insurer with no members and invites its admin, who signs up, accepts and lands acting for it', async () => {
    const staffAdmin = await signUpStaff(t.app, 'admin');
    const email = uniqueEmail('insurer-admin');
    const response = await inject('POST', '/api/backoffice/organisations', staffAdmin.token, {
      name: 'Tryg Test Forsikring A/S',
      type: 'insurance_company',
      region: 'dk',
      registration_number: nextCvr(),
      admin_email: email.toUpperCase(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name: 'Tryg Test Forsikring A/S',
      type: 'insurance_company',
      role: null,
      invitation: { email, role: 'admin' },
    });
    expect(created).not.toHaveProperty('admin');
    // No account is made for the address, and nobody belongs to the insurer yet.
    expect(await db().select().from(identities).where(eq(identities.email, email))).toEqual([]);
    expect(
      await db()
        .select()
        .from(organisationMembers)
        .where(eq(organisationMembers.organisationPartyId, created.party_id)),
    ).toEqual([]);
    const mail = await latestMail(db(), email, 'organisation_invitation');
    expect(mail.text).toContain('Cykelregistret');

    // The address's owner signs up themself, then accepts.
    const insurerAdmin = await signUpUser(t.app, { email });
    const code = await latestInvitationCode(t.app, email);
    const accepted = await inject(
      'POST',
      `/api/organisations/invitations/${code}/accept`,
      insurerAdmin.token,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(claimsOf(accepted.json().authentication_token)).toMatchObject({
      party_id: created.party_id,
      organisation_type: 'insurance_company',
    });
    // Their next sign-in lands acting for the insurer.
    const token = await logIn(t.app, email, TEST_PASSWORD);
    expect(claimsOf(token)).toMatchObject({
      identity_party_id: insurerAdmin.partyId,
      party_id: created.party_id,
      organisation_type: 'insurance_company',
    });
    const members = await inject('GET', `/api/organisations/${created.party_id}/members`, token);
    expect(members.json()).toEqual([expect.objectContaining({ email, role: 'admin' })]);

    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetPartyId, created.party_id));
    expect(audit.map((event) => [event.action, event.actorPartyId]).sort()).toEqual([
      ['organisation.create', staffAdmin.partyId],
      ['organisation.invitation_sent', staffAdmin.partyId],
      ['organisation.member_joined', insurerAdmin.partyId],
    ]);
  });

  it('answers the same for an existing account; duplicates are 409', async () => {
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
    expect(Object.keys(response.json().invitation).sort()).toEqual([
      'created_at',
      'email',
      'expires_at',
      'id',
      'role',
    ]);
    // Not a member until they accept.
    expect((await inject('GET', '/api/organisations', person.token)).json()).toEqual([]);
    await latestMail(db(), person.email, 'organisation_invitation');
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
