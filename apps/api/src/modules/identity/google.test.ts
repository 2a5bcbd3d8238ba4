import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_GOOGLE_ACCOUNTS } from '../../platform/google/test-issuer.ts';
import { PRODUCTION_SECRETS, SINGLE_MACHINE_PRODUCTION } from '../../test/config-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  claimsOf,
  codeFromMail,
  latestMail,
  logIn,
  signUpUser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import { grantStaffRole } from '../../test/role-fixtures.ts';
import { verifyThroughDevProvider } from '../../test/verification-helpers.ts';

/*
 * Google sign-in against the built-in test issuer, the way a browser goes through it: the chooser
 * page, the form post, the redirect carrying the ID token in its fragment. The verifier is the real
 * one; it reads the issuer's keys through the app itself.
 */

const REDIRECT_URI = 'http://localhost:3000/login';
const DELETION = {
  confirm_data_copy: true,
  confirm_legal_retention: true,
  confirm_insurance_consequences: true,
  confirm_permanent: true,
};

/** A Google-only account proves a deletion with a fresh MitID/BankID approval of it. */
async function approveDeletion(app: FastifyInstance, token: string, partyId: string) {
  const approved = await verifyThroughDevProvider(app, token, {
    body: {
      verification_session_type: 'approval',
      approval_action: 'delete_account',
      approval_object_id: partyId,
      success_url: '/app/settings/delete-user',
      failure_url: '/app/settings/delete-user',
    },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  expect(approved.json().session_task_result).toBe('approved');
}

function authorizeQuery(overrides: Record<string, string> = {}): string {
  return new URLSearchParams({
    client_id: 'nbr-dev',
    redirect_uri: REDIRECT_URI,
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce: 'n-0S6_WzA2Mj',
    state: 'af0ifjsldkj',
    ...overrides,
  }).toString();
}

/** Posts the chooser form and answers the fragment of the redirect back to the app. */
async function choose(app: FastifyInstance, choice: Record<string, string>): Promise<URLSearchParams> {
  const response = await app.inject({
    method: 'POST',
    url: '/dev/google/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      ...Object.fromEntries(new URLSearchParams(authorizeQuery())),
      ...choice,
    }).toString(),
  });
  expect(response.statusCode, response.body).toBe(303);
  const location = new URL(String(response.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  return new URLSearchParams(location.hash.slice(1));
}

/** An ID token for a Google account with this name and address, signed by the test issuer. */
async function googleToken(
  app: FastifyInstance,
  email: string,
  name = 'Sigrid Dahl',
  options: { workspace?: boolean } = {},
): Promise<string> {
  const fragment = await choose(app, {
    action: 'custom',
    name,
    email,
    ...(options.workspace ? { workspace: 'on' } : {}),
  });
  const token = fragment.get('id_token');
  if (!token) throw new Error(`no id_token in ${fragment.toString()}`);
  return token;
}

/** A fresh Gmail address: Google is authoritative for it. */
function gmailAddress(prefix: string): string {
  return uniqueEmail(prefix).replace(/@.*$/, '@gmail.com');
}

/** Signs someone up with a password and confirms the address through the mailed link. */
async function signUpConfirmed(t: TestApp, email: string) {
  const user = await signUpUser(t.app, { email, skip_email: false });
  const { code } = codeFromMail(
    await latestMail(t.database.db, user.email, 'email_verification'),
    '/verify-email',
  );
  const verified = await t.app.inject({
    method: 'POST',
    url: `/api/identities/authentications/email-verifications/${code}/validate`,
  });
  expect(verified.statusCode).toBe(200);
  return user;
}

describe('Google sign-in with the built-in test issuer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUp = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/identities/google', payload, headers });
  const logInWithGoogle = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/identities/authentications/google', payload });

  describe('the test issuer', () => {
    it('publishes its configuration and keys', async () => {
      const configuration = await t.app.inject({
        method: 'GET',
        url: '/dev/google/.well-known/openid-configuration',
      });
      expect(configuration.statusCode).toBe(200);
      expect(configuration.json()).toMatchObject({
        issuer: 'http://localhost:3000/dev/google',
        authorization_endpoint: 'http://localhost:3000/dev/google/authorize',
        jwks_uri: 'http://localhost:3000/dev/google/jwks',
        response_types_supported: ['id_token'],
      });
      const jwks = await t.app.inject({ method: 'GET', url: '/dev/google/jwks' });
      expect(jwks.json().keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig' })]);
      expect(jwks.json().keys[0]).not.toHaveProperty('d');
    });

    it('shows a page, clearly marked TEST, with the test accounts, another-account form and Cancel', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/dev/google/authorize?${authorizeQuery()}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('TEST Google sign-in');
      for (const account of TEST_GOOGLE_ACCOUNTS) {
        expect(response.body).toContain(account.email);
        expect(response.body).toContain(`value="${account.sub}"`);
      }
      expect(response.body).toContain('name="email"');
      expect(response.body).toContain('Cancel');
      // The app's CSP forbids inline code and styles; the page needs neither.
      expect(response.body).not.toMatch(/<script|<style|style="/);
      const css = await t.app.inject({ method: 'GET', url: '/dev/google/style.css' });
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toContain('text/css');
    });

    it('refuses redirect URIs off PUBLIC_URL, unknown clients and requests without a nonce', async () => {
      for (const overrides of <Record<string, string>[]>[
        { redirect_uri: 'https://evil.example/login' },
        { redirect_uri: 'http://localhost:3001/login' },
        { redirect_uri: 'not a url' },
        { client_id: 'someone-else' },
        { nonce: '' },
        { response_type: 'code' },
      ]) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/dev/google/authorize?${authorizeQuery(overrides)}`,
        });
        expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
        const posted = await t.app.inject({
          method: 'POST',
          url: '/dev/google/authorize',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `${authorizeQuery(overrides)}&account=${TEST_GOOGLE_ACCOUNTS[0]!.sub}`,
        });
        expect(posted.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(posted.headers.location).toBeUndefined();
      }
    });

    it('returns a signed ID token and the state in the fragment, like Google’s implicit flow', async () => {
      const account = TEST_GOOGLE_ACCOUNTS[1]!;
      const fragment = await choose(t.app, { action: 'choose', account: account.sub });
      expect(fragment.get('state')).toBe('af0ifjsldkj');
      const claims = claimsOf(fragment.get('id_token') ?? '');
      expect(claims).toMatchObject({
        iss: 'http://localhost:3000/dev/google',
        aud: 'nbr-dev',
        sub: account.sub,
        email: account.email,
        email_verified: true,
        name: account.name,
        nonce: 'n-0S6_WzA2Mj',
        hd: 'haugen-sykkel.example',
        azp: 'nbr-dev',
      });
      // A consumer account's token has no hd.
      const gmail = await choose(t.app, { action: 'choose', account: TEST_GOOGLE_ACCOUNTS[0]!.sub });
      expect(claimsOf(gmail.get('id_token') ?? '')).not.toHaveProperty('hd');
      expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    });

    it('answers Cancel with error=access_denied and the state', async () => {
      const fragment = await choose(t.app, { action: 'cancel' });
      expect(fragment.get('error')).toBe('access_denied');
      expect(fragment.get('state')).toBe('af0ifjsldkj');
      expect(fragment.has('id_token')).toBe(false);
    });

    it('asks again when another account is entered without a valid e-mail', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/dev/google/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `${authorizeQuery()}&action=custom&name=Sigrid&email=not-an-address`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('role="alert"');
      expect(response.body).toContain('value="not-an-address"');
    });

    it('offers a Gmail, a Workspace and an other-domain test account, and Workspace for one typed in', async () => {
      expect(TEST_GOOGLE_ACCOUNTS.map((account) => account.email.split('@')[1])).toEqual([
        'gmail.com',
        'haugen-sykkel.example',
        'example.com',
      ]);
      const email = uniqueEmail('workspace');
      expect(claimsOf(await googleToken(t.app, email, 'Sigrid Dahl', { workspace: true })).hd).toBe(
        'example.dk',
      );
      expect(claimsOf(await googleToken(t.app, email))).not.toHaveProperty('hd');
    });

    it('gives another account typed in the same subject every time', async () => {
      const email = uniqueEmail('same');
      const first = claimsOf(await googleToken(t.app, email));
      const second = claimsOf(await googleToken(t.app, email.toUpperCase()));
      expect(first.sub).toMatch(/^\d{21}$/);
      expect(second.sub).toBe(first.sub);
    });
  });

  describe('GET /api/identities/google/configuration', () => {
    it('tells the web app where to send the browser', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/identities/google/configuration' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        enabled: true,
        client_id: 'nbr-dev',
        authorization_url: 'http://localhost:3000/dev/google/authorize',
      });
    });
  });

  describe('POST /api/identities/google', () => {
    it('creates a person with a confirmed address, no password, the name split, and the sign-up consents', async () => {
      const email = uniqueEmail('google');
      const response = await signUp(
        {
          name: 'Ole Kristian Haugen',
          email,
          google_token: await googleToken(t.app, email, 'Ole Kristian Haugen'),
          chosen_region: 'no',
          chosen_language: 'no',
        },
        { 'user-agent': 'vitest' },
      );
      expect(response.statusCode, response.body).toBe(201);
      const token = response.json().authentication_token;
      expect(claimsOf(token)).toMatchObject({ email, verified_on: null });

      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/identities/me',
        headers: bearer(token),
      });
      expect(profile.json()).toMatchObject({
        email,
        email_verified: true,
        first_name: 'Ole Kristian',
        last_name: 'Haugen',
        region: 'no',
        language: 'no',
      });
      const consents = await t.app.inject({
        method: 'GET',
        url: '/api/identities/consents',
        headers: bearer(token),
      });
      const granted = consents.json<{ type: string; granted: boolean }[]>();
      expect(granted.find((consent) => consent.type === 'privacy')?.granted).toBe(true);
      expect(granted.find((consent) => consent.type === 'terms')?.granted).toBe(true);

      // No password was set, so none signs in, not even an empty one.
      const password = await t.app.inject({
        method: 'POST',
        url: '/api/identities/authentications',
        payload: { email, password: TEST_PASSWORD },
      });
      expect(password.statusCode).toBe(401);
      // No verification mail: Google confirmed the address.
      await expect(latestMail(t.database.db, email, 'email_verification')).rejects.toThrow();
    });

    it('records who invited the person when they came through an invitation link', async () => {
      const inviter = await signUpUser(t.app);
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/referrals/me',
        headers: bearer(inviter.token),
      });
      const code = mine.json<{ code: string }>().code;
      const email = uniqueEmail('google-invited');
      const response = await signUp({
        name: 'Ingrid Inviteret',
        email,
        google_token: await googleToken(t.app, email, 'Ingrid Inviteret'),
        friend_ref: code,
      });
      expect(response.statusCode, response.body).toBe(201);
      const seen = await t.app.inject({
        method: 'GET',
        url: '/api/referrals/me',
        headers: bearer(inviter.token),
      });
      expect(seen.json<{ referred: Array<{ first_name: string; status: string }> }>().referred).toEqual([
        expect.objectContaining({ first_name: 'Ingrid', status: 'signed_up' }),
      ]);
    });

    it('signs the same Google account in again (200) instead of creating a second account', async () => {
      const email = uniqueEmail('again');
      const first = await signUp({
        name: 'Sigrid Dahl',
        email,
        google_token: await googleToken(t.app, email),
      });
      expect(first.statusCode).toBe(201);
      const second = await signUp({
        name: 'Sigrid Dahl',
        email,
        google_token: await googleToken(t.app, email),
      });
      expect(second.statusCode).toBe(200);
      expect(first.json().created).toBe(true);
      expect(second.json().created).toBe(false);
      expect(claimsOf(second.json().authentication_token).identity_party_id).toBe(
        claimsOf(first.json().authentication_token).identity_party_id,
      );
    });

    it('links an account with a confirmed Gmail address and keeps its password', async () => {
      const user = await signUpConfirmed(t, gmailAddress('linked'));

      const response = await signUp({
        name: 'Linked Person',
        email: user.email,
        google_token: await googleToken(t.app, user.email, 'Linked Person'),
      });
      expect(response.statusCode).toBe(200);
      expect(claimsOf(response.json().authentication_token).identity_party_id).toBe(user.partyId);
      // The owner's own session and password keep working.
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/identities/me',
        headers: bearer(user.token),
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().first_name).toBeNull();
      await expect(logIn(t.app, user.email, user.password)).resolves.toEqual(expect.any(String));
    });

    it('takes a Gmail address someone registered without confirming it away from them', async () => {
      // Someone signed up with this address first, never confirmed it, and filled in a profile.
      const squatter = await signUpUser(t.app, {
        email: gmailAddress('claimed'),
        phone: '+4511223344',
        zip_code: '8000',
      });
      await t.app.inject({
        method: 'PUT',
        url: '/api/identities/me',
        headers: bearer(squatter.token),
        payload: { first_name: 'Mallory', street_address: 'Fremmedvej 1', city: 'Aarhus' },
      });
      const response = await signUp({
        name: 'Rightful Owner',
        email: squatter.email,
        google_token: await googleToken(t.app, squatter.email, 'Rightful Owner'),
      });
      expect(response.statusCode).toBe(200);
      const token = response.json().authentication_token;
      expect(claimsOf(token).identity_party_id).toBe(squatter.partyId);

      // Their sessions end and their password no longer opens the account.
      const old = await t.app.inject({
        method: 'GET',
        url: '/api/identities/me',
        headers: bearer(squatter.token),
      });
      expect(old.statusCode).toBe(401);
      const password = await t.app.inject({
        method: 'POST',
        url: '/api/identities/authentications',
        payload: { email: squatter.email, password: squatter.password },
      });
      expect(password.statusCode).toBe(401);
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/identities/me',
        headers: bearer(token),
      });
      // Nothing the squatter typed survives; the name is the one Google gives.
      expect(profile.json()).toMatchObject({
        email_verified: true,
        first_name: 'Rightful',
        last_name: 'Owner',
        street_address: null,
        city: null,
        zip_code: null,
        phone: null,
      });
    });

    it('does not link an account by an address Google is not authoritative for (409 google_link_requires_password)', async () => {
      for (const confirmed of [true, false]) {
        const email = uniqueEmail('lapsed');
        const user = confirmed ? await signUpConfirmed(t, email) : await signUpUser(t.app, { email });
        const response = await signUp(
          { name: 'Someone', email, google_token: await googleToken(t.app, email) },
          { 'accept-language': 'en' },
        );
        expect(response.statusCode, String(confirmed)).toBe(409);
        expect(response.json()).toMatchObject({
          code: 'google_link_requires_password',
          detail: expect.stringContaining('password'),
        });
        // The account is untouched: its owner's session and password still work.
        const me = await t.app.inject({
          method: 'GET',
          url: '/api/identities/me',
          headers: bearer(user.token),
        });
        expect(me.statusCode).toBe(200);
        await expect(logIn(t.app, user.email, user.password)).resolves.toEqual(expect.any(String));
        // No link was made: signing in with Google still finds nothing to sign in to.
        const login = await logInWithGoogle({ google_token: await googleToken(t.app, email) });
        expect(login.statusCode).toBe(409);
      }
    });

    it('links by a Workspace token whose hd is the address’s domain', async () => {
      const email = uniqueEmail('workspace');
      const user = await signUpConfirmed(t, email);
      const response = await signUp({
        name: 'Someone',
        email,
        google_token: await googleToken(t.app, email, 'Someone', { workspace: true }),
      });
      expect(response.statusCode).toBe(200);
      expect(claimsOf(response.json().authentication_token).identity_party_id).toBe(user.partyId);
    });

    it('never links a staff account by e-mail, even a Gmail one', async () => {
      const staff = await signUpConfirmed(t, gmailAddress('staff'));
      await grantStaffRole(t.database.db, staff.partyId, 'support');
      const response = await signUp({
        name: 'Staff Person',
        email: staff.email,
        google_token: await googleToken(t.app, staff.email, 'Staff Person'),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('google_link_requires_password');
      const login = await logInWithGoogle({ google_token: await googleToken(t.app, staff.email) });
      expect(login.statusCode).toBe(409);
    });

    it('answers 422 when the e-mail is not the token’s', async () => {
      const email = uniqueEmail('mismatch');
      const response = await signUp({
        name: 'Sigrid Dahl',
        email: uniqueEmail('other'),
        google_token: await googleToken(t.app, email),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'email'], type: 'invalid_value' });
      const login = await logInWithGoogle({ google_token: await googleToken(t.app, email) });
      expect(login.statusCode).toBe(404);
    });

    it('validates the body (422)', async () => {
      for (const payload of [
        {},
        { name: '', email: 'a@example.dk', google_token: 'x' },
        { name: 'A', email: 'not-an-address', google_token: 'x' },
        { name: 'A', email: 'a@example.dk', google_token: '' },
        { name: 'A', email: 'a@example.dk', google_token: 'x'.repeat(9000) },
        { name: 'A', email: 'a@example.dk', google_token: 'x', chosen_region: 'se' },
      ]) {
        const response = await signUp(payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      }
    });

    it('signs nobody in with a token that is not one (401 google_token_invalid)', async () => {
      const response = await signUp({ name: 'A', email: 'a@example.dk', google_token: 'not.a.token' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'google_token_invalid' });
    });
  });

  describe('POST /api/identities/authentications/google', () => {
    it('signs in a linked account; googleUserId, when sent, must be the token’s subject', async () => {
      const email = uniqueEmail('login');
      const created = await signUp({
        name: 'Sigrid Dahl',
        email,
        google_token: await googleToken(t.app, email),
      });
      const partyId = claimsOf(created.json().authentication_token).identity_party_id;
      const token = await googleToken(t.app, email);

      const plain = await logInWithGoogle({ google_token: token });
      expect(plain.statusCode).toBe(200);
      expect(claimsOf(plain.json().authentication_token).identity_party_id).toBe(partyId);

      const withId = await logInWithGoogle({
        google_token: token,
        googleUserId: String(claimsOf(token).sub),
      });
      expect(withId.statusCode).toBe(200);

      const wrongId = await logInWithGoogle({ google_token: token, googleUserId: '123' });
      expect(wrongId.statusCode).toBe(401);
      expect(wrongId.json().code).toBe('google_token_invalid');
    });

    it('links the Gmail and the Workspace test accounts to accounts with their address, not the other-domain one', async () => {
      const [gmail, workspace, otherDomain] = TEST_GOOGLE_ACCOUNTS as [
        (typeof TEST_GOOGLE_ACCOUNTS)[number],
        (typeof TEST_GOOGLE_ACCOUNTS)[number],
        (typeof TEST_GOOGLE_ACCOUNTS)[number],
      ];
      for (const account of [gmail, workspace]) {
        const user = await signUpConfirmed(t, account.email);
        const fragment = await choose(t.app, { action: 'choose', account: account.sub });
        const response = await logInWithGoogle({ google_token: fragment.get('id_token') ?? '' });
        expect(response.statusCode, account.email).toBe(200);
        expect(claimsOf(response.json().authentication_token).identity_party_id).toBe(user.partyId);
      }
      await signUpConfirmed(t, otherDomain.email);
      const fragment = await choose(t.app, { action: 'choose', account: otherDomain.sub });
      const response = await logInWithGoogle({ google_token: fragment.get('id_token') ?? '' });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('google_link_requires_password');
    });

    it('answers 404 google_account_not_found for a Google account without an account here', async () => {
      const response = await logInWithGoogle({
        google_token: await googleToken(t.app, uniqueEmail('nobody')),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('google_account_not_found');
    });

    it('validates the body (422) and refuses tokens that do not verify (401)', async () => {
      expect((await logInWithGoogle({})).statusCode).toBe(422);
      expect((await logInWithGoogle({ google_token: '' })).statusCode).toBe(422);
      expect((await logInWithGoogle({ google_token: 'x', googleUserId: '' })).statusCode).toBe(422);
      const forged = await logInWithGoogle({
        google_token: `${randomUUID()}.${randomUUID()}.${randomUUID()}`,
      });
      expect(forged.statusCode).toBe(401);
      expect(forged.json().code).toBe('google_token_invalid');
    });

    it('does not sign a deleted account in again; the Google account can start afresh', async () => {
      const email = uniqueEmail('deleted');
      const created = await signUp({
        name: 'Sigrid Dahl',
        email,
        google_token: await googleToken(t.app, email),
      });
      const token = created.json().authentication_token;
      const partyId = String(claimsOf(token).identity_party_id);
      const deleteIt = (payload: Record<string, unknown>) =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/identities/${partyId}`,
          headers: bearer(token, { 'accept-language': 'en' }),
          payload,
        });
      // No password to type: without a fresh approval the deletion is refused, whatever is sent.
      const me = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(token) });
      expect(me.json().deletion_needs_approval).toBe(true);
      for (const payload of [DELETION, { ...DELETION, password: 'guessed-password-1' }]) {
        const refused = await deleteIt(payload);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          detail: 'This needs your approval with MitID or BankID first.',
          code: 'approval_required',
        });
      }
      // An approval of something else does not count.
      const other = await verifyThroughDevProvider(t.app, token, {
        body: {
          verification_session_type: 'approval',
          approval_action: 'delete_bike',
          approval_object_id: partyId,
          success_url: '/app',
          failure_url: '/app',
        },
      });
      expect(other.statusCode).toBe(200);
      expect((await deleteIt(DELETION)).json().code).toBe('approval_required');

      await approveDeletion(t.app, token, partyId);
      const deletion = await deleteIt(DELETION);
      expect(deletion.statusCode).toBe(204);

      const login = await logInWithGoogle({ google_token: await googleToken(t.app, email) });
      expect(login.statusCode).toBe(404);
      const again = await signUp({
        name: 'Sigrid Dahl',
        email,
        google_token: await googleToken(t.app, email),
      });
      expect(again.statusCode).toBe(201);
      expect(claimsOf(again.json().authentication_token).identity_party_id).not.toBe(partyId);
    });
  });
});

describe('Google sign-in in production without GOOGLE_CLIENT_ID', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ...SINGLE_MACHINE_PRODUCTION,
        ...PRODUCTION_SECRETS,
        SMTP_URL: 'smtp://mail.example.org:587',
        ALLOW_STAND_INS_IN_PRODUCTION: 'true',
      },
    });
  });
  afterAll(() => t.close());

  it('is off: no test issuer, the button is told to hide, the endpoints answer google_sign_in_disabled', async () => {
    for (const url of ['/dev/google/jwks', `/dev/google/authorize?${authorizeQuery()}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const configuration = await t.app.inject({ method: 'GET', url: '/api/identities/google/configuration' });
    expect(configuration.json()).toEqual({ enabled: false, client_id: null, authorization_url: null });
    for (const [url, payload] of [
      ['/api/identities/google', { name: 'A', email: 'a@example.dk', google_token: 'x.y.z' }],
      ['/api/identities/authentications/google', { google_token: 'x.y.z' }],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('google_sign_in_disabled');
    }
  });
});
