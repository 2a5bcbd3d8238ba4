import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountDeletions,
  consentEvents,
  identities,
  oneTimeCodes,
  parties,
  sessions,
  trackingEvents,
} from '../../db/schema/identity.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  latestMail,
  logIn,
  mailsTo,
  signUpUser,
  TEST_PASSWORD,
  type TestUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';

const CONFIRMED = {
  confirm_data_copy: true,
  confirm_legal_retention: true,
  confirm_insurance_consequences: true,
  confirm_permanent: true,
  password: TEST_PASSWORD,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

function deleteParty(token: string | null, partyId: string, payload: Record<string, unknown> = CONFIRMED) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/identities/${partyId}/`,
    headers: token ? bearer(token) : {},
    payload,
  });
}

async function identityRow(partyId: string) {
  const [row] = await db().select().from(identities).where(eq(identities.partyId, partyId));
  return row;
}

async function track(user: TestUser) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/actions/page/settings?installed=false',
    headers: bearer(user.token, { 'app-version': '1.2.3', 'session-id': 'client-1' }),
    payload: { path: '/app/settings' },
  });
  expect(response.statusCode).toBe(204);
}

describe('DELETE /api/identities/{partyId}/', () => {
  it('erases the person: 204, login fails, old tokens are invalid, data pseudonymised, retention recorded', async () => {
    const user = await signUpUser(t.app, { chosen_language: 'no', phone: '+4791112222', zip_code: '0150' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/identities/me',
      headers: bearer(user.token),
      payload: { first_name: 'Kari', last_name: 'Nordmann', street_address: 'Storgata 1', city: 'Oslo' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/password-resets',
      payload: { email: user.email },
    });
    await track(user);
    const otherDevice = await logIn(t.app, user.email, user.password);

    const response = await deleteParty(user.token, user.partyId);
    expect(response.statusCode).toBe(204);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe('invalid_credentials');
    for (const token of [user.token, otherDevice]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ detail: 'invalid_token', code: 'invalid_token' });
    }

    const row = await identityRow(user.partyId);
    expect(row).toMatchObject({
      email: `deleted:${user.partyId}`,
      passwordHash: null,
      pendingEmail: null,
      firstName: null,
      lastName: null,
      streetAddress: null,
      city: null,
      zipCode: null,
      phone: null,
      mobile: null,
      birthDate: null,
      friendRef: null,
      userRef: null,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const [party] = await db().select().from(parties).where(eq(parties.id, user.partyId));
    expect(party?.deletedAt).toBeInstanceOf(Date);
    expect(
      await db().select().from(consentEvents).where(eq(consentEvents.partyId, user.partyId)),
    ).toHaveLength(0);
    expect(await db().select().from(oneTimeCodes).where(eq(oneTimeCodes.partyId, user.partyId))).toHaveLength(
      0,
    );
    expect(
      await db().select().from(trackingEvents).where(eq(trackingEvents.partyId, user.partyId)),
    ).toHaveLength(0);
    const liveSessions = (
      await db().select().from(sessions).where(eq(sessions.partyId, user.partyId))
    ).filter((session) => session.revokedReason !== 'account_deleted');
    expect(liveSessions).toHaveLength(0);
    // Which devices the person used is theirs too.
    const deviceNames = (await db().select().from(sessions).where(eq(sessions.partyId, user.partyId))).map(
      (session) => session.userAgent,
    );
    expect(deviceNames.length).toBeGreaterThan(0);
    expect(deviceNames.every((userAgent) => userAgent === null)).toBe(true);
    const [deletion] = await db()
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.partyId, user.partyId));
    const years =
      ((deletion?.retainUntil.getTime() ?? 0) - (deletion?.deletedAt.getTime() ?? 0)) / (365.25 * 86_400_000);
    expect(years).toBeCloseTo(5, 1);

    const goodbye = await latestMail(db(), user.email, 'account_deleted');
    expect(goodbye.subject).toBe('Profilen din er slettet');
    // The earlier mails (here a reset link) are gone; only the goodbye waits to be delivered.
    expect((await mailsTo(db(), user.email)).map((mail) => mail.template)).toEqual(['account_deleted']);

    // The address is free again for a new account.
    const again = await signUpUser(t.app, { email: user.email });
    expect(again.partyId).not.toBe(user.partyId);
  });

  it('cannot be blocked by someone who signed up with the address a deleted account is given', async () => {
    const user = await signUpUser(t.app);
    // The pseudonym used before this fix was a valid address anyone could sign up with.
    await signUpUser(t.app, { email: `deleted-${user.partyId}@deleted.invalid` });
    const response = await deleteParty(user.token, user.partyId);
    expect(response.statusCode).toBe(204);
    const row = await identityRow(user.partyId);
    expect(row?.deletedAt).toBeInstanceOf(Date);
    // Whatever the pseudonym is, sign-up refuses it as an address, so nobody can take it first.
    const squat = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      payload: { email: row?.email, password: user.password, skip_email: true },
    });
    expect(squat.statusCode).toBe(422);
    expect(squat.json().detail[0]).toMatchObject({ loc: ['body', 'email'], type: 'invalid_email' });
  });

  it('deletes once when the request comes several times at once (a double click)', async () => {
    const user = await signUpUser(t.app);
    const responses = await Promise.all([1, 2, 3].map(() => deleteParty(user.token, user.partyId)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([204, 401, 401]);
    for (const response of responses.filter((answer) => answer.statusCode === 401)) {
      expect(response.json()).toEqual({ detail: 'invalid_token', code: 'invalid_token' });
    }
    expect(
      await db().select().from(accountDeletions).where(eq(accountDeletions.partyId, user.partyId)),
    ).toHaveLength(1);
  });

  it('answers 403 forbidden for someone else’s party and for an unknown one, changing nothing', async () => {
    const victim = await signUpUser(t.app);
    const attacker = await signUpUser(t.app);
    for (const partyId of [victim.partyId, '0190a000-0000-7000-8000-000000000bad', 'not-a-uuid']) {
      const response = await deleteParty(attacker.token, partyId);
      expect(response.statusCode, partyId).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
    expect((await identityRow(victim.partyId))?.deletedAt).toBeNull();
    expect(await logIn(t.app, victim.email, victim.password)).toEqual(expect.any(String));
  });

  it('answers 422 without all four confirmations and changes nothing', async () => {
    const user = await signUpUser(t.app);
    for (const payload of [
      {},
      { ...CONFIRMED, confirm_permanent: false },
      { confirm_data_copy: true, confirm_legal_retention: true, confirm_insurance_consequences: true },
    ]) {
      const response = await deleteParty(user.token, user.partyId, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('validation_failed');
      for (const issue of response.json().detail) {
        expect(issue.loc[0]).toBe('body');
        expect(issue.type).toBe('confirm_all');
      }
    }
    expect((await identityRow(user.partyId))?.deletedAt).toBeNull();
    const me = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(user.token) });
    expect(me.statusCode).toBe(200);
  });

  it('needs the password now: 400 password_required without it, 403 wrong_password with a wrong one, translated, changing nothing', async () => {
    const user = await signUpUser(t.app);
    const { password: _password, ...withoutPassword } = CONFIRMED;
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/identities/${user.partyId}/`,
      headers: bearer(user.token, { 'accept-language': 'en' }),
      payload: withoutPassword,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      detail: 'Enter your password to delete your account.',
      code: 'password_required',
    });
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: `/api/identities/${user.partyId}/`,
      headers: bearer(user.token, { 'accept-language': 'da' }),
      payload: { ...CONFIRMED, password: 'not-the-password-1' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: 'Adgangskoden er forkert.', code: 'wrong_password' });
    expect((await identityRow(user.partyId))?.deletedAt).toBeNull();
    const me = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(user.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().deletion_needs_approval).toBe(false);
    // A password is not an approval: without one, an account with a password is still refused.
    expect((await deleteParty(user.token, user.partyId, withoutPassword)).json().code).toBe(
      'password_required',
    );
  });

  it('answers 401 without a token and invalid_token with a garbage one', async () => {
    const user = await signUpUser(t.app);
    expect((await deleteParty(null, user.partyId)).statusCode).toBe(401);
    expect((await deleteParty('garbage', user.partyId)).json()).toEqual({
      detail: 'invalid_token',
      code: 'invalid_token',
    });
  });
});

describe('GET /api/identities/me/export', () => {
  it('answers every piece of personal data as a JSON attachment', async () => {
    const user = await signUpUser(t.app, { zip_code: '5000', friend_ref: 'friend-42' });
    await t.app.inject({
      method: 'POST',
      url: '/api/identities/consents/newsletter/',
      headers: bearer(user.token),
      payload: { action: 'grant' },
    });
    await track(user);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me/export',
      headers: bearer(user.token, { 'user-agent': 'export-test' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="nbr-personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json();
    expect(data.profile).toMatchObject({
      party_id: user.partyId,
      email: user.email,
      zip_code: '5000',
      friend_ref: 'friend-42',
    });
    expect(data.consents.find((c: { type: string }) => c.type === 'newsletter')).toMatchObject({
      granted: true,
    });
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).toMatchObject({ revoked_at: null, created_at: expect.any(String) });
    expect(data.tracking_events).toEqual([
      expect.objectContaining({
        kind: 'page',
        name: 'settings',
        app_version: '1.2.3',
        properties: { path: '/app/settings' },
      }),
    ]);
    expect(response.body).not.toMatch(/argon2/);
  });

  it('holds only the caller’s own data', async () => {
    const other = await signUpUser(t.app, { email: uniqueEmail('other') });
    await track(other);
    const user = await signUpUser(t.app);
    const data = (
      await t.app.inject({ method: 'GET', url: '/api/identities/me/export', headers: bearer(user.token) })
    ).json();
    expect(JSON.stringify(data)).not.toContain(other.email);
    expect(JSON.stringify(data)).not.toContain(other.partyId);
    expect(data.tracking_events).toEqual([]);
  });

  it('answers 401 to a visitor and to a deleted account’s token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/identities/me/export' })).statusCode).toBe(401);
    const user = await signUpUser(t.app);
    await deleteParty(user.token, user.partyId);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me/export',
      headers: bearer(user.token),
    });
    expect(response.json()).toEqual({ detail: 'invalid_token', code: 'invalid_token' });
  });
});
