import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nationalIdentityChecks, verificationSessions } from '../../db/schema/identity.ts';
import { TEST_PERSONS } from '../../platform/identity-provider/dev-provider.ts';
import { PRODUCTION_SECRETS, SINGLE_MACHINE_PRODUCTION } from '../../test/config-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, claimsOf, signUpUser, uniqueEmail } from '../../test/identity-helpers.ts';
import { grantStaffRole } from '../../test/role-fixtures.ts';
import {
  completionOf,
  confirmEmail,
  IDENTITY_VERIFICATION,
  signUpConfirmedUser,
  startVerification,
  verifyThroughDevProvider,
  visitDevProvider,
} from '../../test/verification-helpers.ts';
import { findIdentityById } from './identity.repository.ts';
import { startSession } from './sessions.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const START = '/api/identities/verifications/';
const COMPLETE = '/api/identities/verifications/complete/';

const complete = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: COMPLETE, headers: bearer(token), payload });

const danish = TEST_PERSONS.filter((person) => person.provider === 'mitid');

describe('POST /api/identities/verifications/ and /complete/ with the built-in MitID/BankID', () => {
  it('verifies a Danish user with test MitID: the new token carries verified_on and birth_date', async () => {
    const user = await signUpConfirmedUser(t.app);
    // The name the person chose stays theirs; the legal name is kept beside it (issue 14.g).
    const named = await t.app.inject({
      method: 'PUT',
      url: '/api/identities/me',
      headers: bearer(user.token),
      payload: { first_name: 'Kaj', last_name: 'Cykelven' },
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().verified_name).toBeNull();
    expect(claimsOf(user.token).verified_on).toBeNull();
    const started = await startVerification(t.app, user.token);
    const url = new URL(started.verification_url);
    expect(url.origin + url.pathname).toBe('http://localhost:3000/dev/oidc/auth');
    expect(url.searchParams.get('client_id')).toBe('nbr-test-mitid');
    expect(url.searchParams.get('state')).toBe(started.session_id);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.has('code_verifier')).toBe(false);

    const { pickerHtml, redirect } = await visitDevProvider(t.app, started.verification_url, { person: 1 });
    expect(pickerHtml).toContain('Test-MitID');
    for (const person of danish) expect(pickerHtml).toContain(person.nationalIdNumber);
    expect(redirect.searchParams.get('state')).toBe(started.session_id);

    expect(redirect.searchParams.get('iss')).toBe('http://localhost:3000/dev/oidc');
    const response = await complete(user.token, completionOf(redirect));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ session_id: started.session_id, session_task_result: 'verified' });
    const claims = claimsOf(body.authentication_token);
    expect(claims.verified_on).toEqual(expect.any(String));
    expect(claims.birth_date).toBe(danish[1]?.birthDate);
    expect(claims.sid).toBe(claimsOf(user.token).sid);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me',
      headers: bearer(body.authentication_token),
    });
    expect(me.json()).toMatchObject({
      verified_on: claims.verified_on,
      first_name: 'Kaj',
      last_name: 'Cykelven',
      name: 'Kaj Cykelven',
      verified_name: `${danish[1]?.givenName} ${danish[1]?.familyName}`,
    });
    const checks = await t.database.db
      .select()
      .from(nationalIdentityChecks)
      .where(eq(nationalIdentityChecks.partyId, user.partyId));
    expect(checks).toEqual([
      expect.objectContaining({
        provider: 'mitid',
        subject: danish[1]?.subject,
        issuer: 'http://localhost:3000/dev/oidc',
      }),
    ]);
    // The test national id number is never stored.
    expect(JSON.stringify(checks)).not.toContain(danish[1]?.nationalIdNumber);
  });

  it('uses BankID for a Norwegian user and shows the picker in the language asked for', async () => {
    const user = await signUpConfirmedUser(t.app, { chosen_region: 'no', chosen_language: 'no' });
    const started = await t.app.inject({
      method: 'POST',
      url: `${START}?lang=no`,
      headers: bearer(user.token),
      payload: IDENTITY_VERIFICATION,
    });
    const url = new URL(started.json().verification_url);
    expect(url.searchParams.get('client_id')).toBe('nbr-test-bankid');
    const { pickerHtml } = await visitDevProvider(t.app, url.href, { person: 0 }).catch(() => ({
      pickerHtml: '',
    }));
    expect(pickerHtml).toContain('Test-BankID');
    expect(pickerHtml).toContain('Velg en testperson');
    expect(pickerHtml).toContain('lang="nb"');
    const response = await verifyThroughDevProvider(t.app, user.token, { person: 2 });
    expect(response.statusCode).toBe(200);
    expect(claimsOf(response.json().authentication_token).birth_date).toBe(
      TEST_PERSONS.filter((person) => person.provider === 'bankid')[2]?.birthDate,
    );
  });

  it('lets the caller pick the provider explicitly', async () => {
    const user = await signUpConfirmedUser(t.app);
    const started = await startVerification(t.app, user.token, {
      ...IDENTITY_VERIFICATION,
      provider: 'bankid',
    });
    expect(new URL(started.verification_url).searchParams.get('client_id')).toBe('nbr-test-bankid');
  });

  it('marks the session failed when the person cancels at the provider', async () => {
    const user = await signUpConfirmedUser(t.app);
    const started = await startVerification(t.app, user.token);
    const { redirect } = await visitDevProvider(t.app, started.verification_url, { cancel: true });
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe(started.session_id);
    expect(redirect.searchParams.has('code')).toBe(false);

    const response = await complete(user.token, { session_id: started.session_id, error: 'access_denied' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'identity_verification_failed' });
    const [row] = await t.database.db
      .select()
      .from(verificationSessions)
      .where(eq(verificationSessions.id, started.session_id));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'provider:access_denied' });
    const me = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(user.token) });
    expect(me.json().verified_on).toBeNull();
  });

  it('refuses a code used twice', async () => {
    const user = await signUpConfirmedUser(t.app);
    const started = await startVerification(t.app, user.token);
    const { redirect } = await visitDevProvider(t.app, started.verification_url);
    const payload = completionOf(redirect);
    expect((await complete(user.token, payload)).statusCode).toBe(200);
    const again = await complete(user.token, payload);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('identity_verification_failed');
  });

  it('refuses a code that belongs to another session, and a made-up code', async () => {
    const user = await signUpConfirmedUser(t.app);
    const first = await startVerification(t.app, user.token);
    const second = await startVerification(t.app, user.token);
    const { redirect } = await visitDevProvider(t.app, first.verification_url);
    // The code was issued for the first session's PKCE verifier and nonce.
    const swapped = await complete(user.token, { ...completionOf(redirect), session_id: second.session_id });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().code).toBe('identity_verification_failed');
    const third = await startVerification(t.app, user.token);
    const invented = await complete(user.token, { session_id: third.session_id, code: 'not-a-real-code' });
    expect(invented.statusCode).toBe(400);
  });

  it('answers 404 for another user’s session and leaves it usable by its owner', async () => {
    const owner = await signUpConfirmedUser(t.app);
    const other = await signUpConfirmedUser(t.app);
    const started = await startVerification(t.app, owner.token);
    const { redirect } = await visitDevProvider(t.app, started.verification_url);
    const stolen = await complete(other.token, completionOf(redirect));
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('not_found');
    const failedByOther = await complete(other.token, {
      session_id: started.session_id,
      error: 'access_denied',
    });
    expect(failedByOther.statusCode).toBe(404);
    expect((await complete(owner.token, completionOf(redirect))).statusCode).toBe(200);
  });

  it('answers 404 for a session that does not exist', async () => {
    const user = await signUpConfirmedUser(t.app);
    const response = await complete(user.token, {
      session_id: '01900000-0000-7000-8000-000000000000',
      code: 'x',
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses an expired session', async () => {
    const user = await signUpConfirmedUser(t.app);
    const started = await startVerification(t.app, user.token);
    const { redirect } = await visitDevProvider(t.app, started.verification_url);
    await t.database.db
      .update(verificationSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationSessions.id, started.session_id));
    const response = await complete(user.token, completionOf(redirect));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('identity_verification_failed');
    const [row] = await t.database.db
      .select()
      .from(verificationSessions)
      .where(eq(verificationSessions.id, started.session_id));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'expired' });
  });

  it('refuses a different person on an account verified before (identity_mismatch), changing nothing', async () => {
    const user = await signUpConfirmedUser(t.app);
    const first = await verifyThroughDevProvider(t.app, user.token, { person: 0 });
    const verifiedOn = claimsOf(first.json().authentication_token).verified_on;
    const other = await verifyThroughDevProvider(t.app, user.token, { person: 3 });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('identity_mismatch');
    const me = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(user.token) });
    expect(me.json()).toMatchObject({ verified_on: verifiedOn });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/refresh',
      headers: bearer(user.token),
    });
    expect(claimsOf(refreshed.json().authentication_token).birth_date).toBe(danish[0]?.birthDate);
    // The same person again is fine and renews the verification.
    const again = await verifyThroughDevProvider(t.app, user.token, { person: 0 });
    expect(again.statusCode).toBe(200);
  });

  it('only accepts app paths as success and failure URLs (no open redirect)', async () => {
    const user = await signUpConfirmedUser(t.app);
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'app/settings',
      'javascript:alert(1)',
      '',
    ]) {
      for (const field of ['success_url', 'failure_url']) {
        const response = await t.app.inject({
          method: 'POST',
          url: START,
          headers: bearer(user.token),
          payload: { ...IDENTITY_VERIFICATION, [field]: bad },
        });
        expect(response.statusCode, `${field}=${bad}`).toBe(422);
        expect(response.json().detail[0].loc).toEqual(['body', field]);
      }
    }
  });

  it('answers 422 for a bad body', async () => {
    const user = await signUpConfirmedUser(t.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...IDENTITY_VERIFICATION, verification_session_type: 'something' }, 'verification_session_type'],
      [{ ...IDENTITY_VERIFICATION, verification_session_type: 'approval' }, 'approval_action'],
      [
        { ...IDENTITY_VERIFICATION, approval_action: 'delete_bike', approval_object_id: 'b1' },
        'approval_action',
      ],
      [{ ...IDENTITY_VERIFICATION, provider: 'nemid' }, 'provider'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: START,
        headers: bearer(user.token),
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail.map((issue: { loc: string[] }) => issue.loc[1])).toContain(field);
    }
    for (const [payload, field] of [
      [{}, 'session_id'],
      [{ session_id: 'not-a-uuid', code: 'x' }, 'session_id'],
      [{ session_id: '01900000-0000-7000-8000-000000000000' }, 'code'],
      [{ verification_session_type: 'identity_verification' }, 'verification_type'],
      [{ verification_type: 'mitid', verification_session_type: 'identity_verification', code: 'x' }, 'code'],
    ] as Array<[Record<string, unknown>, string]>) {
      const response = await complete(user.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().detail.map((issue: { loc: string[] }) => issue.loc[1])).toContain(field);
    }
  });

  it('refuses visitors (401)', async () => {
    for (const url of [START, COMPLETE]) {
      const response = await t.app.inject({ method: 'POST', url, payload: IDENTITY_VERIFICATION });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('not_authenticated');
    }
  });

  it('refuses a staff member switched into the account (403 not_allowed_while_switched)', async () => {
    const user = await signUpConfirmedUser(t.app);
    const staff = await signUpUser(t.app);
    // A switch lives only while its staff member is staff.
    await grantStaffRole(t.database.db, staff.partyId, 'support');
    const identity = await findIdentityById(t.database.db, user.partyId);
    if (!identity) throw new Error('no identity');
    const switched = await startSession(
      // A switched session proves no address, so nothing is told of one.
      {
        db: t.database.db,
        auth: t.app.authenticator,
        publicUrl: t.config.publicUrl,
        onAddressProven: async () => {},
      },
      t.database.db,
      identity,
      { userAgent: null },
      { impersonatorPartyId: staff.partyId, parentSessionId: String(claimsOf(staff.token).sid) },
    );
    for (const [url, payload] of [
      [START, IDENTITY_VERIFICATION],
      [COMPLETE, { verification_session_type: 'identity_verification', verification_type: 'mitid' }],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url, headers: bearer(switched), payload });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('not_allowed_while_switched');
    }
  });

  it('refuses a check until the account’s e-mail is confirmed (403 email_verification_required)', async () => {
    const user = await signUpUser(t.app, { skip_email: false });
    const refused = await t.app.inject({
      method: 'POST',
      url: START,
      headers: bearer(user.token),
      payload: IDENTITY_VERIFICATION,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('email_verification_required');
    const sessions = await t.database.db
      .select()
      .from(verificationSessions)
      .where(eq(verificationSessions.partyId, user.partyId));
    expect(sessions).toEqual([]);

    await confirmEmail(t.app, user.email);
    const response = await verifyThroughDevProvider(t.app, user.token);
    expect(response.statusCode).toBe(200);
    expect(claimsOf(response.json().authentication_token).verified_on).toEqual(expect.any(String));
  });

  it('refuses the autotest skip where the deployment does not allow it', async () => {
    const user = await signUpConfirmedUser(t.app, { email: uniqueEmail('autotest+rider') });
    const response = await complete(user.token, {
      verification_session_type: 'identity_verification',
      verification_type: 'mitid',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('identity_check_skip_not_allowed');
  });

  it('limits how many checks one person starts per hour', async () => {
    const user = await signUpConfirmedUser(t.app);
    for (let index = 0; index < 10; index += 1) await startVerification(t.app, user.token);
    const response = await t.app.inject({
      method: 'POST',
      url: START,
      headers: bearer(user.token),
      payload: IDENTITY_VERIFICATION,
    });
    expect(response.statusCode).toBe(429);
    expect(response.json().code).toBe('rate_limited');
  });

  it('serves the picker without inline styles or scripts, and a friendly page for an unknown interaction', async () => {
    const user = await signUpConfirmedUser(t.app);
    const started = await startVerification(t.app, user.token);
    const { pickerHtml } = await visitDevProvider(t.app, started.verification_url);
    expect(pickerHtml).not.toMatch(/<script|<style|style=/);
    const css = await t.app.inject({ method: 'GET', url: '/dev/oidc/dev-oidc.css' });
    expect(css.headers['content-type']).toContain('text/css');
    const unknown = await t.app.inject({ method: 'GET', url: '/dev/oidc/interaction/nope?lang=en' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('expired or is unknown');
  });

  it('publishes OpenID discovery at PUBLIC_URL whichever host the request used', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/dev/oidc/.well-known/openid-configuration',
      headers: { host: 'internal:8080' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      issuer: 'http://localhost:3000/dev/oidc',
      authorization_endpoint: 'http://localhost:3000/dev/oidc/auth',
      code_challenge_methods_supported: ['S256'],
    });
  });
});

describe('autotest skip where ALLOW_AUTOTEST_IDENTITY_SKIP is on', () => {
  let skip: TestApp;
  beforeAll(async () => {
    skip = await createTestApp({ env: { ALLOW_AUTOTEST_IDENTITY_SKIP: 'true' } });
  });
  afterAll(async () => skip?.close());

  it('verifies an autotest+ account without the provider and records a synthetic check', async () => {
    const user = await signUpConfirmedUser(skip.app, { email: uniqueEmail('autotest+rider') });
    const response = await skip.app.inject({
      method: 'POST',
      url: COMPLETE,
      headers: bearer(user.token),
      payload: { verification_session_type: 'identity_verification', verification_type: 'mitid' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().session_task_result).toBe('verified');
    const claims = claimsOf(response.json().authentication_token);
    expect(claims.verified_on).toEqual(expect.any(String));
    expect(claims.birth_date).toEqual(expect.any(String));
    const [check] = await skip.database.db
      .select()
      .from(nationalIdentityChecks)
      .where(eq(nationalIdentityChecks.partyId, user.partyId));
    expect(check).toMatchObject({ issuer: 'urn:nbr:autotest', subject: `autotest:${user.partyId}` });
  });

  it('refuses an autotest+ account whose e-mail is not confirmed', async () => {
    const user = await signUpUser(skip.app, { email: uniqueEmail('autotest+rider') });
    const response = await skip.app.inject({
      method: 'POST',
      url: COMPLETE,
      headers: bearer(user.token),
      payload: { verification_session_type: 'identity_verification', verification_type: 'mitid' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('email_verification_required');
    const me = await skip.app.inject({
      method: 'GET',
      url: '/api/identities/me',
      headers: bearer(user.token),
    });
    expect(me.json().verified_on).toBeNull();
  });

  it('still refuses other accounts', async () => {
    const user = await signUpConfirmedUser(skip.app);
    const response = await skip.app.inject({
      method: 'POST',
      url: COMPLETE,
      headers: bearer(user.token),
      payload: { verification_session_type: 'identity_verification', verification_type: 'mitid' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('identity_check_skip_not_allowed');
  });
});

describe('production without a national identity broker', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({
      env: { ...SINGLE_MACHINE_PRODUCTION, ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail.example.org:587' },
    });
  });
  afterAll(async () => production?.close());

  it('answers 503 identity_provider_unavailable and serves no test provider', async () => {
    const user = await signUpConfirmedUser(production.app);
    const response = await production.app.inject({
      method: 'POST',
      url: START,
      headers: bearer(user.token),
      payload: IDENTITY_VERIFICATION,
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('identity_provider_unavailable');
    const discovery = await production.app.inject({
      method: 'GET',
      url: '/dev/oidc/.well-known/openid-configuration',
    });
    expect(discovery.statusCode).not.toBe(200);
  });
});
