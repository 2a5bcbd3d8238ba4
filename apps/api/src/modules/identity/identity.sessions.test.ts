import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { consentEvents, identities, oneTimeCodes, sessions } from '../../db/schema/identity.ts';
import { signToken, type TokenClaimsInput } from '../../platform/auth/tokens.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  claimsOf,
  codeFromMail,
  latestMail,
  logIn,
  mailsTo,
  signUpUser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../test/identity-helpers.ts';

/** Exactly the claims of the contract (SPEC §3) plus the session id. */
const CONTRACT_CLAIMS = [
  'birth_date',
  'email',
  'exp',
  'identity_party_id',
  'identity_signed_up_at',
  'organisation_type',
  'party_id',
  'phone',
  'sid',
  'verified_on',
  'zip_code',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const db = () => t.database.db;

async function identityCount(email: string): Promise<number> {
  const [row] = await db().select({ n: count() }).from(identities).where(eq(identities.email, email));
  return row?.n ?? 0;
}

describe('POST /api/identities/ (sign-up)', () => {
  it('creates the person, records the implied consents, and signs them in only by the mailed link', async () => {
    const email = uniqueEmail('signup');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      payload: {
        email: email.toUpperCase(),
        password: TEST_PASSWORD,
        phone: '+45 20 12 34 56',
        zip_code: '2100',
      },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'check_mailbox' });

    // No password sign-in before the link is followed: it answers as a wrong password would.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(early.statusCode).toBe(401);
    expect(early.json().code).toBe('invalid_credentials');

    const mail = await latestMail(db(), email, 'email_verification');
    expect(mail.language).toBe('da');
    expect(mail.subject).toBe('Bekræft din e-mailadresse');
    const { link, code } = codeFromMail(mail, '/verify-email');
    expect(link.startsWith('http://localhost:3000/verify-email?code=')).toBe(true);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${code}/validate`,
    });
    expect(verified.statusCode).toBe(200);
    const token = verified.json().authentication_token as string;
    expect(verified.json()).toEqual({ email, email_verified: true, authentication_token: token });
    const claims = claimsOf(token);
    expect(Object.keys(claims).sort()).toEqual(CONTRACT_CLAIMS);
    expect(claims).toMatchObject({
      email,
      zip_code: '2100',
      phone: '+4520123456',
      verified_on: null,
      organisation_type: null,
      birth_date: null,
    });
    expect(claims.party_id).toBe(claims.identity_party_id);
    const me = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ email, email_verified: true });

    const consents = await db()
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.partyId, String(claims.party_id)));
    expect(consents.map((c) => `${c.type}:${c.action}:${c.source}`).sort()).toEqual([
      'privacy:grant:signup',
      'terms:grant:signup',
    ]);

    // From now on the password signs in; the used link does not sign in a second time.
    expect(await logIn(t.app, email, TEST_PASSWORD)).toBeTruthy();
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${code}/validate`,
    });
    expect(again.statusCode).toBe(400);
  });

  it('delivers the verification mail to the development mailbox with a link that verifies', async () => {
    const email = uniqueEmail('mailbox');
    await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      payload: { email, password: TEST_PASSWORD },
    });
    const mailbox = await t.app.inject({
      method: 'GET',
      url: `/dev/mailbox/messages?to=${encodeURIComponent(email)}`,
    });
    expect(mailbox.statusCode).toBe(200);
    const [message] = mailbox.json();
    expect(message).toMatchObject({ to: email, subject: 'Bekræft din e-mailadresse' });
    const link = (message.links as string[]).find((candidate) => candidate.includes('/verify-email?code='));
    const code = new URL(String(link)).searchParams.get('code');
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${code}/validate`,
    });
    expect(verified.json()).toMatchObject({ email, email_verified: true });
  });

  it('stores the chosen language and region', async () => {
    const user = await signUpUser(t.app, { chosen_language: 'en', chosen_region: 'no' });
    const me = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(user.token) });
    expect(me.json()).toMatchObject({ language: 'en', region: 'no' });
  });

  it('writes the verification mail in the language the person chose', async () => {
    const email = uniqueEmail('norsk');
    await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      payload: { email, password: TEST_PASSWORD, chosen_language: 'no' },
    });
    const mail = await latestMail(db(), email, 'email_verification');
    expect(mail.subject).toBe('Bekreft e-postadressen din');
    expect(mail.text).toContain('Sykkelregisteret');
    const english = uniqueEmail('english');
    await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
      payload: { email: english, password: TEST_PASSWORD },
    });
    expect((await latestMail(db(), english, 'email_verification')).subject).toBe(
      'Confirm your e-mail address',
    );
  });

  it('answers a taken address as a free one, saves nothing, and mails its owner a notice in their language', async () => {
    const user = await signUpUser(t.app, { chosen_language: 'no' });
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      headers: { 'accept-language': 'en' },
      payload: { email: uniqueEmail('free'), password: 'another-Pass-991' },
    });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      headers: { 'accept-language': 'en' },
      payload: { email: user.email.toUpperCase(), password: 'another-Pass-991' },
    });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual(free.json());
    expect(taken.json()).toEqual({ status: 'check_mailbox' });
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(free.headers).sort());
    expect(await identityCount(user.email)).toBe(1);

    // The account is untouched: its password still signs in, the one typed at the sign-up does not.
    expect(await logIn(t.app, user.email, user.password)).toBeTruthy();
    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email: user.email, password: 'another-Pass-991' },
    });
    expect(typed.json().code).toBe('invalid_credentials');

    const mails = await mailsTo(db(), user.email);
    expect(mails.map((mail) => mail.template)).toEqual(['sign_up_attempt_notice']);
    const [notice] = mails;
    expect(notice!.subject).toBe('Noen prøvde å opprette en profil med e-postadressen din');
    expect(notice!.links).toEqual(
      expect.arrayContaining(['http://localhost:3000/login', 'http://localhost:3000/forgot-password']),
    );
  });

  it('lets a second sign-up with a fresh address awaiting its link tell nothing either', async () => {
    const email = uniqueEmail('twice');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      payload: { email, password: TEST_PASSWORD },
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      payload: { email, password: 'another-Pass-991' },
    });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect(await identityCount(email)).toBe(1);
    for (const password of [TEST_PASSWORD, 'another-Pass-991']) {
      const attempt = await t.app.inject({
        method: 'POST',
        url: '/api/identities/authentications',
        payload: { email, password },
      });
      expect(attempt.json().code, password).toBe('invalid_credentials');
    }
  });

  it('mails the link again to whoever signs in with the right password before confirming, answering as a wrong password (issue 27)', async () => {
    const email = uniqueEmail('unconfirmed');
    const signUp = { email, password: TEST_PASSWORD };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/identities/', payload: signUp })).statusCode,
    ).toBe(202);
    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/identities/authentications', payload: { email, password } });
    // Right after signing up the link has just gone out: no second mail yet.
    const early = await signIn(TEST_PASSWORD);
    expect(early.json().code).toBe('invalid_credentials');
    // Some time later the link is mailed again on a sign-in with the chosen password…
    await db()
      .update(oneTimeCodes)
      .set({ createdAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(oneTimeCodes.email, email));
    const wrong = await signIn('not-the-Password-12');
    const right = await signIn(TEST_PASSWORD);
    // …and the answer is a wrong password's, word for word: it tells a stranger nothing.
    expect(right.statusCode).toBe(401);
    expect(right.body).toBe(wrong.body);
    for (
      let tries = 0;
      (await mailsTo(db(), email, 'email_verification')).length < 2 && tries < 50;
      tries += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const mails = await mailsTo(db(), email, 'email_verification');
    expect(mails).toHaveLength(2);
    // The newest link confirms the address and signs in; a wrong password never mails.
    const { code } = codeFromMail(await latestMail(db(), email, 'email_verification'), '/verify-email');
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${code}/validate`,
    });
    expect(verified.statusCode).toBe(200);
    expect(await logIn(t.app, email, TEST_PASSWORD)).toEqual(expect.any(String));
  });

  it('opens an account awaiting its link to the address’s owner through a password reset', async () => {
    const email = uniqueEmail('squatted');
    // Someone else signs up with the address and never gets the link.
    await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      payload: { email, password: TEST_PASSWORD },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/password-resets',
      payload: { email },
    });
    const { code } = codeFromMail(await latestMail(db(), email, 'password_reset'), '/reset-password');
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/password-resets/${code}/validate`,
      payload: { new_password: 'Owner-pedal-fjord-77' },
    });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    expect(await logIn(t.app, email, 'Owner-pedal-fjord-77')).toBeTruthy();
    const squatter = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(squatter.json().code).toBe('invalid_credentials');
  });

  it('answers 422 in the contract shape for bad input and saves nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      payload: { email: 'not-an-address', password: 'short', zip_code: '12' },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('validation_failed');
    expect(body.detail).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'email'], msg: expect.any(String), type: 'invalid_email' },
        { loc: ['body', 'password'], msg: expect.any(String), type: 'password_too_short' },
        { loc: ['body', 'zip_code'], msg: expect.any(String), type: 'invalid_zip_code' },
      ]),
    );
    expect(await identityCount('not-an-address')).toBe(0);
  });

  it('refuses a common password and the e-mail as password as 422 password_too_common on the password field', async () => {
    for (const [email, password] of [
      [uniqueEmail('common'), 'Password123'],
      [uniqueEmail('common'), 'qwertyuiop'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/identities/',
        payload: { email, password },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toEqual([
        { loc: ['body', 'password'], msg: expect.any(String), type: 'password_too_common' },
      ]);
      expect(await identityCount(email)).toBe(0);
    }
    const email = uniqueEmail('self');
    const sameAsEmail = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      payload: { email, password: email.split('@')[0] },
    });
    expect(sameAsEmail.statusCode).toBe(422);
    expect(sameAsEmail.json().detail[0]).toMatchObject({
      loc: ['body', 'password'],
      type: 'password_too_common',
    });
  });

  it('translates validation messages into da (default), en and no', async () => {
    const messages: Record<string, string> = {};
    for (const language of ['da', 'en', 'no']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/identities/?lang=${language}`,
        payload: { email: uniqueEmail(), password: 'password' },
      });
      messages[language] = response.json().detail[0].msg;
    }
    expect(new Set(Object.values(messages)).size).toBe(3);
    const unspecified = await t.app.inject({
      method: 'POST',
      url: '/api/identities/',
      payload: { email: uniqueEmail(), password: 'password' },
    });
    expect(unspecified.json().detail[0].msg).toBe(messages.da);
  });
});

describe('POST /api/identities/authentications (log-in)', () => {
  it('answers a token with exactly the contract claims, valid 60 minutes, for a new session row', async () => {
    const user = await signUpUser(t.app, { zip_code: '0150', phone: '+4791234567' });
    const before = Math.floor(Date.now() / 1000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      headers: { 'user-agent': 'vitest-browser/1.0' },
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(['authentication_token']);
    const claims = claimsOf(response.json().authentication_token);
    expect(Object.keys(claims).sort()).toEqual(CONTRACT_CLAIMS);
    expect(claims).toMatchObject({
      email: user.email,
      party_id: user.partyId,
      zip_code: '0150',
      phone: '+4791234567',
    });
    expect(Number(claims.exp) - before).toBeGreaterThanOrEqual(3599);
    expect(Number(claims.exp) - before).toBeLessThanOrEqual(3601);
    const [session] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(claims.sid)));
    expect(session).toMatchObject({
      partyId: user.partyId,
      revokedAt: null,
      userAgent: 'vitest-browser/1.0',
    });
    const lifetimeDays =
      ((session?.expiresAt.getTime() ?? 0) - (session?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(lifetimeDays).toBeCloseTo(30, 3);
  });

  it('takes the e-mail in any case and with spaces around it', async () => {
    const user = await signUpUser(t.app);
    const token = await logIn(t.app, `  ${user.email.toUpperCase()} `, user.password);
    expect(claimsOf(token).email).toBe(user.email);
  });

  it('answers the same 401 invalid_credentials for a wrong password and an unknown e-mail', async () => {
    const user = await signUpUser(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email: user.email, password: 'not-the-password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email: uniqueEmail('nobody'), password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ detail: expect.any(String), code: 'invalid_credentials' });
    expect(wrong.json().detail).not.toBe('invalid_token');
  });

  it('answers 422 without a password and creates no session', async () => {
    const user = await signUpUser(t.app);
    const [{ n: sessionsBefore } = { n: 0 }] = await db()
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.partyId, user.partyId));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'password'], type: 'required' });
    const [{ n: sessionsAfter } = { n: 0 }] = await db()
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.partyId, user.partyId));
    expect(sessionsAfter).toBe(sessionsBefore);
  });

  it('limits sign-in attempts per e-mail address', async () => {
    const limited = await createTestApp({ identityRateLimits: { loginPerEmail: 3 } });
    try {
      const user = await signUpUser(limited.app);
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/identities/authentications',
          payload: { email: user.email, password: 'wrong-password-1' },
        });
      // signUpUser signed in once, which spent one of the three.
      for (let i = 0; i < 2; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('rate_limited');
      // Another address from the same client is not blocked by the first one's budget.
      const other = await signUpUser(limited.app);
      expect(await logIn(limited.app, other.email, other.password)).toEqual(expect.any(String));
    } finally {
      await limited.close();
    }
  });
});

describe('tokens and sessions', () => {
  it('publishes the public signing key as a JWKS, without private parts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/identities/.well-known/jwks.json' });
    expect(response.statusCode).toBe(200);
    const [key] = response.json().keys;
    expect(key).toMatchObject({
      kty: 'OKP',
      crv: 'Ed25519',
      alg: 'EdDSA',
      use: 'sig',
      kid: expect.any(String),
    });
    expect(key).not.toHaveProperty('d');
  });

  it('answers 401 not_authenticated without a token and exactly invalid_token for a garbage one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/identities/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('not_authenticated');
    for (const authorization of ['Bearer garbage', 'Bearer a.b.c', 'Basic dXNlcjpwYXNz', 'Bearer']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/identities/me',
        headers: { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json(), authorization).toEqual({ detail: 'invalid_token', code: 'invalid_token' });
    }
  });

  it('refuses an expired token with invalid_token', async () => {
    const user = await signUpUser(t.app);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60 * 1000 });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me',
      headers: bearer(user.token),
    });
    vi.useRealTimers();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'invalid_token', code: 'invalid_token' });
  });

  it('refuses a validly signed token whose session does not exist', async () => {
    const user = await signUpUser(t.app);
    const claims = claimsOf(user.token) as unknown as TokenClaimsInput;
    const forged = await signToken(t.app.authenticator.keys, {
      ...claims,
      sid: '0190a000-0000-7000-8000-0000000000ff',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me',
      headers: bearer(forged),
    });
    expect(response.json()).toEqual({ detail: 'invalid_token', code: 'invalid_token' });
  });

  it('refreshes a live session: same session id, fresh expiry, refreshed_at updated', async () => {
    const user = await signUpUser(t.app);
    const sid = claimsOf(user.token).sid as string;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/refresh',
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(200);
    const refreshed = claimsOf(response.json().authentication_token);
    expect(refreshed.sid).toBe(sid);
    expect(Object.keys(refreshed).sort()).toEqual(CONTRACT_CLAIMS);
    const [session] = await db().select().from(sessions).where(eq(sessions.id, sid));
    expect(session?.refreshedAt.getTime()).toBeGreaterThan(session?.createdAt.getTime() ?? Infinity);
  });

  it('never refreshes past the session’s absolute end, and refuses once it has passed', async () => {
    const user = await signUpUser(t.app);
    const sid = claimsOf(user.token).sid as string;
    const end = new Date(Date.now() + 10 * 60 * 1000);
    await db().update(sessions).set({ expiresAt: end }).where(eq(sessions.id, sid));
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/refresh',
      headers: bearer(user.token),
    });
    expect(Number(claimsOf(refreshed.json().authentication_token).exp)).toBeLessThanOrEqual(
      end.getTime() / 1000,
    );
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sid));
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/refresh',
      headers: bearer(user.token),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: 'invalid_token', code: 'invalid_token' });
  });

  it('refuses refresh without a token and with a garbage one', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/identities/authentications/refresh' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('not_authenticated');
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/refresh',
      headers: bearer('x.y.z'),
    });
    expect(garbage.json()).toEqual({ detail: 'invalid_token', code: 'invalid_token' });
  });

  it('logs out: 204, the session is revoked, and neither the token nor a refresh works afterwards', async () => {
    const user = await signUpUser(t.app);
    const other = await logIn(t.app, user.email, user.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/logout',
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const [session] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(claimsOf(user.token).sid)));
    expect(session?.revokedReason).toBe('logout');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/refresh',
      headers: bearer(user.token),
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json()).toEqual({ detail: 'invalid_token', code: 'invalid_token' });
    // Signing out on one device leaves the others signed in.
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me',
      headers: bearer(other),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses logout without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/identities/authentications/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('not_authenticated');
  });

  it('normalises trailing slashes on every identity path', async () => {
    const user = await signUpUser(t.app);
    for (const url of [
      '/api/identities/me',
      '/api/identities/me/',
      '/api/identities/language',
      '/api/identities/language/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
      expect(response.statusCode, url).toBe(200);
    }
    const live = await db()
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.partyId, user.partyId)));
    expect(live[0]?.n).toBe(1);
  });
});
