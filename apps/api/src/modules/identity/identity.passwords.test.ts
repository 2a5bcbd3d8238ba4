import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities, oneTimeCodes, sessions } from '../../db/schema/identity.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  claimsOf,
  codeFromMail,
  latestMail,
  logIn,
  mailsTo,
  signUpUser,
  type TestUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import { signUpStaff } from '../../test/organisation-helpers.ts';

const NEW_PASSWORD = 'Lygte-cykel-vinter-77';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

async function requestReset(email: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/identities/authentications/password-resets',
    headers,
    payload: { email },
  });
}

async function resetCodeFor(user: TestUser): Promise<string> {
  expect((await requestReset(user.email)).statusCode).toBe(200);
  return codeFromMail(await latestMail(db(), user.email, 'password_reset'), '/reset-password').code;
}

function validate(code: string, newPassword: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/identities/authentications/password-resets/${code}/validate`,
    headers,
    payload: { new_password: newPassword },
  });
}

async function passwordHashOf(partyId: string) {
  const [row] = await db()
    .select({ hash: identities.passwordHash })
    .from(identities)
    .where(eq(identities.partyId, partyId));
  return row?.hash;
}

describe('POST /api/identities/authentications/password-resets', () => {
  it('mails a reset link to an existing account and answers {"status":"sent"}', async () => {
    const user = await signUpUser(t.app, { chosen_language: 'en' });
    const response = await requestReset(user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'sent' });
    const mail = await latestMail(db(), user.email, 'password_reset');
    expect(mail.subject).toBe('Reset your password');
    const { link, code } = codeFromMail(mail, '/reset-password');
    expect(link).toBe(`http://localhost:3000/reset-password?code=${code}`);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the code is stored.
    const stored = await db().select().from(oneTimeCodes).where(eq(oneTimeCodes.partyId, user.partyId));
    expect(stored.map((row) => row.codeHash)).not.toContain(code);
    expect(stored.find((row) => row.purpose === 'password_reset')?.expiresAt.getTime()).toBeCloseTo(
      Date.now() + 30 * 60 * 1000,
      -4,
    );
  });

  it('answers exactly the same for an unknown address and mails nobody', async () => {
    const email = uniqueEmail('ghost');
    const known = await signUpUser(t.app);
    const unknown = await requestReset(email);
    const existing = await requestReset(known.email);
    expect(unknown.statusCode).toBe(existing.statusCode);
    expect(unknown.body).toBe(existing.body);
    expect(await mailsTo(db(), email)).toHaveLength(0);
  });

  it('answers 422 for a malformed address', async () => {
    const response = await requestReset('not-an-address');
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'email'], type: 'invalid_email' });
  });
});

describe('POST /api/identities/authentications/password-resets/{code}/validate', () => {
  it('sets the new password, revokes every session, and works only once', async () => {
    const user = await signUpUser(t.app);
    const secondDevice = await logIn(t.app, user.email, user.password);
    const code = await resetCodeFor(user);

    const response = await validate(code, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });

    for (const token of [user.token, secondDevice]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(token) });
      expect(me.json()).toEqual({ detail: 'invalid_token', code: 'invalid_token' });
    }
    const revoked = await db().select().from(sessions).where(eq(sessions.partyId, user.partyId));
    expect(revoked.every((session) => session.revokedReason === 'password_reset')).toBe(true);

    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email: user.email, password: user.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    expect(await logIn(t.app, user.email, NEW_PASSWORD)).toEqual(expect.any(String));
    expect((await latestMail(db(), user.email, 'password_changed')).subject).toBe(
      'Din adgangskode er ændret',
    );

    const again = await validate(code, 'Yet-another-pass-31');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      detail: 'Kunne ikke nulstille adgangskoden',
      code: 'password_reset_failed',
    });
    expect(await logIn(t.app, user.email, NEW_PASSWORD)).toEqual(expect.any(String));
  });

  it('refuses an expired code with 400 password_reset_failed and keeps the password', async () => {
    const user = await signUpUser(t.app);
    const code = await resetCodeFor(user);
    await db()
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.partyId, user.partyId));
    const hashBefore = await passwordHashOf(user.partyId);
    const response = await validate(code, NEW_PASSWORD, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Could not reset the password',
      code: 'password_reset_failed',
    });
    expect(await passwordHashOf(user.partyId)).toBe(hashBefore);
  });

  it('refuses an unknown or malformed code', async () => {
    for (const code of ['x'.repeat(43), 'short', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const response = await validate(code, NEW_PASSWORD);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().code).toBe('password_reset_failed');
    }
  });

  it('only the newest mailed code works', async () => {
    const user = await signUpUser(t.app);
    const first = await resetCodeFor(user);
    const second = await resetCodeFor(user);
    expect((await validate(first, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await validate(second, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 422 for a too short, common or own-address password without using up the code', async () => {
    const user = await signUpUser(t.app);
    const code = await resetCodeFor(user);
    const hashBefore = await passwordHashOf(user.partyId);
    const cases = [
      ['short', 'password_too_short'],
      ['iloveyou123', 'password_too_common'],
      [user.email, 'password_too_common'],
    ] as const;
    for (const [password, type] of cases) {
      const response = await validate(code, password);
      expect(response.statusCode, password).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        detail: [{ loc: ['body', 'new_password'], type, msg: expect.any(String) }],
      });
    }
    expect(await passwordHashOf(user.partyId)).toBe(hashBefore);
    const me = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(user.token) });
    expect(me.statusCode).toBe(200);
    expect((await validate(code, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a blocked person (issue 27: docs/product.md refuses every way in, a reset included)', () => {
  async function block(person: TestUser) {
    const admin = await signUpStaff(t.app, 'admin');
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/identities/${person.partyId}/block`,
      headers: bearer(admin.token),
      payload: { reason: 'Fraud report #27' },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
  }

  it('is mailed no reset link, and the asker is answered as for an unknown address', async () => {
    const person = await signUpUser(t.app);
    await block(person);
    const before = (await mailsTo(db(), person.email)).length;
    const blocked = await requestReset(person.email);
    const unknown = await requestReset(uniqueEmail('ghost'));
    expect(blocked.statusCode).toBe(200);
    expect(blocked.body).toBe(unknown.body);
    expect(await mailsTo(db(), person.email)).toHaveLength(before);
  });

  it('cannot set a password with a link mailed before the block', async () => {
    const person = await signUpUser(t.app);
    const code = await resetCodeFor(person);
    const hash = await passwordHashOf(person.partyId);
    await block(person);
    const response = await validate(code, NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'password_reset_failed' });
    expect(await passwordHashOf(person.partyId)).toBe(hash);
    expect(await mailsTo(db(), person.email, 'password_changed')).toEqual([]);
  });
});

describe('a pending e-mail change does not survive a new password', () => {
  async function askEmailChange(token: string) {
    const attackerAddress = uniqueEmail('attacker');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/identities/me',
      headers: bearer(token),
      payload: { email: attackerAddress },
    });
    expect(response.json().save_status).toBe('partial');
    const { code } = codeFromMail(
      await latestMail(db(), attackerAddress, 'email_change_confirmation'),
      '/verify-email',
    );
    return { attackerAddress, code };
  }

  function confirm(code: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${code}/validate`,
    });
  }

  it('a reset cancels an e-mail change asked for by whoever signed up with the address first', async () => {
    // Someone registers the victim's address first and asks to move the account to their own.
    const squatter = await signUpUser(t.app);
    const { code } = await askEmailChange(squatter.token);
    // The real owner takes the account back through the reset link mailed to them.
    expect((await validate(await resetCodeFor(squatter), NEW_PASSWORD)).statusCode).toBe(200);

    const response = await confirm(code);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('email_verification_failed');
    const [row] = await db().select().from(identities).where(eq(identities.partyId, squatter.partyId));
    expect(row).toMatchObject({ email: squatter.email, pendingEmail: null });
    expect(await logIn(t.app, squatter.email, NEW_PASSWORD)).toEqual(expect.any(String));
  });

  it('a reset that claims a never-confirmed account drops what the previous holder typed into it', async () => {
    const squatter = await signUpUser(t.app, {
      phone: '+4511223344',
      zip_code: '8000',
      chosen_language: 'en',
      friend_ref: 'friend-1',
    });
    const typed = await t.app.inject({
      method: 'PUT',
      url: '/api/identities/me',
      headers: bearer(squatter.token),
      payload: { first_name: 'Mallory', last_name: 'Squat', street_address: 'Fremmedvej 1', city: 'Aarhus' },
    });
    expect(typed.statusCode).toBe(200);
    expect((await validate(await resetCodeFor(squatter), NEW_PASSWORD)).statusCode).toBe(200);

    const [row] = await db().select().from(identities).where(eq(identities.partyId, squatter.partyId));
    expect(row).toMatchObject({
      email: squatter.email,
      language: 'en',
      region: 'dk',
      firstName: null,
      lastName: null,
      streetAddress: null,
      city: null,
      zipCode: null,
      phone: null,
      friendRef: null,
      emailVerifiedAt: expect.any(Date),
    });
  });

  it('a reset of a confirmed account keeps its profile', async () => {
    const user = await signUpUser(t.app, { phone: '+4511223344', skip_email: false });
    const { code } = codeFromMail(await latestMail(db(), user.email, 'email_verification'), '/verify-email');
    expect((await confirm(code)).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: '/api/identities/me',
      headers: bearer(user.token),
      payload: { first_name: 'Karen' },
    });
    expect((await validate(await resetCodeFor(user), NEW_PASSWORD)).statusCode).toBe(200);
    const [row] = await db().select().from(identities).where(eq(identities.partyId, user.partyId));
    expect(row).toMatchObject({ firstName: 'Karen', mobile: '+4511223344' });
  });

  it('a password change cancels an e-mail change asked for with the old password', async () => {
    const user = await signUpUser(t.app);
    const { code } = await askEmailChange(user.token);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/identities/me/password',
      headers: bearer(user.token),
      payload: { current_password: user.password, new_password: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);

    expect((await confirm(code)).statusCode).toBe(400);
    const [row] = await db().select().from(identities).where(eq(identities.partyId, user.partyId));
    expect(row).toMatchObject({ email: user.email, pendingEmail: null });
  });
});

describe('PUT /api/identities/me/password', () => {
  function change(token: string | null, body: Record<string, unknown>) {
    return t.app.inject({
      method: 'PUT',
      url: '/api/identities/me/password',
      headers: token ? bearer(token) : {},
      payload: body,
    });
  }

  it('changes the password, revokes every session including this one, and answers a token for a new one', async () => {
    const user = await signUpUser(t.app);
    const otherDevice = await logIn(t.app, user.email, user.password);
    const response = await change(user.token, {
      current_password: user.password,
      new_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const fresh = response.json().authentication_token as string;
    expect(claimsOf(fresh).sid).not.toBe(claimsOf(user.token).sid);

    for (const token of [user.token, otherDevice]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ detail: 'invalid_token', code: 'invalid_token' });
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(fresh) });
    expect(me.statusCode).toBe(200);
    expect(await logIn(t.app, user.email, NEW_PASSWORD)).toEqual(expect.any(String));
    expect(await latestMail(db(), user.email, 'password_changed')).toBeDefined();
  });

  it('answers 401 invalid_credentials for a wrong current password and changes nothing', async () => {
    const user = await signUpUser(t.app);
    const hashBefore = await passwordHashOf(user.partyId);
    const response = await change(user.token, {
      current_password: 'not-my-password',
      new_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('invalid_credentials');
    expect(await passwordHashOf(user.partyId)).toBe(hashBefore);
    const me = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(user.token) });
    expect(me.statusCode).toBe(200);
  });

  it('answers 422 for a weak new password and changes nothing', async () => {
    const user = await signUpUser(t.app);
    const hashBefore = await passwordHashOf(user.partyId);
    for (const [new_password, type] of [
      ['1234567', 'password_too_short'],
      ['password1', 'password_too_common'],
      [user.email.split('@')[0], 'password_too_common'],
    ] as const) {
      const response = await change(user.token, { current_password: user.password, new_password });
      expect(response.statusCode, new_password).toBe(422);
      expect(response.json().detail).toEqual([
        { loc: ['body', 'new_password'], type, msg: expect.any(String) },
      ]);
    }
    expect(await passwordHashOf(user.partyId)).toBe(hashBefore);
  });

  it('answers 401 without a token and with a garbage one', async () => {
    const none = await change(null, { current_password: 'a', new_password: NEW_PASSWORD });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('not_authenticated');
    const garbage = await change('garbage', { current_password: 'a', new_password: NEW_PASSWORD });
    expect(garbage.json()).toEqual({ detail: 'invalid_token', code: 'invalid_token' });
  });
});
