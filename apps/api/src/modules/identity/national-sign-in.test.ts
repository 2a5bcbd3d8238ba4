import { NATIONAL_SIGN_IN_RETURN_PATH } from '@nbr/domain/national-sign-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PERSONS } from '../../platform/identity-provider/dev-provider.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  claimsOf,
  codeFromMail,
  latestMail,
  logIn,
  signUpUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import {
  signUpConfirmedUser,
  verifyThroughDevProvider,
  visitDevProvider,
} from '../../test/verification-helpers.ts';

/*
 * Issue 14.2: sign in and sign up with MitID/BankID through the built-in test provider, over HTTP.
 * Each test uses its own test person, so what one test links does not change another's answer.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const START = '/api/identities/national-sign-ins';
const COMPLETE = '/api/identities/national-sign-ins/complete';
const SIGN_UP = '/api/identities/national-sign-ups';

const mitid = TEST_PERSONS.filter((person) => person.provider === 'mitid');
const bankid = TEST_PERSONS.filter((person) => person.provider === 'bankid');

async function start(body: Record<string, unknown> = {}) {
  const response = await t.app.inject({ method: 'POST', url: START, payload: body });
  expect(response.statusCode).toBe(201);
  return response.json<{ authorization_url: string; transaction: string }>();
}

/** The provider round trip as a browser does it: answers what the return page sends to /complete. */
async function throughProvider(person: string, body: Record<string, unknown> = {}) {
  const started = await start(body);
  const { redirect } = await visitDevProvider(t.app, started.authorization_url, {
    person,
    returnPath: NATIONAL_SIGN_IN_RETURN_PATH,
  });
  return {
    started,
    redirect,
    completion: {
      transaction: started.transaction,
      state: redirect.searchParams.get('state') ?? '',
      code: redirect.searchParams.get('code') ?? '',
      iss: redirect.searchParams.get('iss') ?? '',
    },
  };
}

const complete = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: COMPLETE, payload });

describe('sign-in with MitID/BankID', () => {
  it('region decides the provider: MitID for dk, BankID for no; state and nonce are sent, PKCE verifier is not', async () => {
    const dk = new URL((await start({ region: 'dk' })).authorization_url);
    expect(dk.searchParams.get('client_id')).toBe('nbr-test-mitid');
    expect(dk.searchParams.get('redirect_uri')).toBe(`http://localhost:3000${NATIONAL_SIGN_IN_RETURN_PATH}`);
    expect(dk.searchParams.get('state')).toEqual(expect.any(String));
    expect(dk.searchParams.get('nonce')).toEqual(expect.any(String));
    expect(dk.searchParams.get('code_challenge_method')).toBe('S256');
    expect(dk.searchParams.has('code_verifier')).toBe(false);
    const no = new URL((await start({ region: 'no' })).authorization_url);
    expect(no.searchParams.get('client_id')).toBe('nbr-test-bankid');
  });

  it('an unknown national identity gets the sign-up path with the name and birth date from the provider', async () => {
    const person = bankid[0]!;
    const { completion } = await throughProvider(person.subject, { region: 'no' });
    const response = await complete(completion);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      result: 'sign_up',
      provider: 'bankid',
      first_name: person.givenName,
      last_name: person.familyName,
      birth_date: person.birthDate,
      sign_up_ticket: expect.any(String),
    });
  });

  it('refuses a return whose state is not the transaction’s (a code started elsewhere)', async () => {
    const { completion } = await throughProvider(mitid[3]!.subject);
    const other = await start();
    const swapped = await complete({ ...completion, transaction: other.transaction });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().code).toBe('identity_verification_failed');
    const tampered = await complete({ ...completion, transaction: `${completion.transaction}x` });
    expect(tampered.statusCode).toBe(400);
  });

  it('checks the nonce: a code of one transaction cannot complete another with the same state', async () => {
    const first = await throughProvider(mitid[3]!.subject);
    const second = await start();
    // A forged transaction carrying the first state but another nonce and verifier is not signed by us.
    const [header, , signature] = second.transaction.split('.');
    const body = Buffer.from(
      JSON.stringify({ provider: 'mitid', state: first.completion.state, nonce: 'x', codeVerifier: 'y' }),
    ).toString('base64url');
    const forged = await complete({ ...first.completion, transaction: `${header}.${body}.${signature}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('identity_verification_failed');
  });

  it('a cancelled provider login is a failed check', async () => {
    const started = await start();
    const state = new URL(started.authorization_url).searchParams.get('state');
    const response = await complete({ transaction: started.transaction, state, error: 'access_denied' });
    expect(response.statusCode).toBe(400);
  });

  it('signs in the account the national identity has verified', async () => {
    const person = mitid[0]!;
    const user = await signUpConfirmedUser(t.app);
    const verified = await verifyThroughDevProvider(t.app, user.token, { person: person.subject });
    expect(verified.statusCode).toBe(200);

    const { completion } = await throughProvider(person.subject);
    const response = await complete(completion);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.result).toBe('signed_in');
    const claims = claimsOf(body.authentication_token);
    expect(claims.party_id).toBe(user.partyId);
    expect(claims.verified_on).toEqual(expect.any(String));
    // A code works once.
    expect((await complete(completion)).statusCode).toBe(400);
  });

  /** Follows the newest sign-up link mailed to the address: it opens the account and signs in. */
  async function followSignUpLink(email: string): Promise<string> {
    const { code } = codeFromMail(await latestMail(t.app.db, email, 'email_verification'), '/verify-email');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${code}/validate`,
    });
    expect(response.statusCode).toBe(200);
    return response.json().authentication_token as string;
  }

  const signUpWith = (ticket: string, email: string) =>
    t.app.inject({ method: 'POST', url: SIGN_UP, payload: { sign_up_ticket: ticket, email } });

  it('signs up a new person: verified, no password, opened by the mailed link', async () => {
    const person = mitid[1]!;
    const { completion } = await throughProvider(person.subject);
    const ticket = (await complete(completion)).json().sign_up_ticket as string;
    const email = uniqueEmail('mitid');
    const signUp = await signUpWith(ticket, email);
    expect(signUp.statusCode).toBe(202);
    expect(signUp.json()).toEqual({ status: 'check_mailbox' });

    // Until the link is followed, the identity does not sign in: that would tell the address was free.
    const early = (await complete((await throughProvider(person.subject)).completion)).json();
    expect(early.result).toBe('sign_up');

    const token = await followSignUpLink(email);
    expect(claimsOf(token)).toMatchObject({
      email,
      birth_date: person.birthDate,
      verified_on: expect.any(String),
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ first_name: person.givenName, last_name: person.familyName });

    // The ticket opens one account only: a confirmed account signs in instead.
    const again = await signUpWith(ticket, uniqueEmail('mitid'));
    expect(again.statusCode).toBe(400);

    // Next time the same MitID signs in to that account.
    const next = await complete((await throughProvider(person.subject)).completion);
    expect(claimsOf(next.json().authentication_token).party_id).toBe(claimsOf(token).party_id);
  });

  it('records who invited the person when they came through an invitation link', async () => {
    const inviter = await signUpUser(t.app);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/referrals/me',
      headers: bearer(inviter.token),
    });
    const person = bankid[2]!;
    const { completion } = await throughProvider(person.subject, { region: 'no' });
    const ticket = (await complete(completion)).json().sign_up_ticket as string;
    const email = uniqueEmail('bankid-invited');
    const signUp = await t.app.inject({
      method: 'POST',
      url: SIGN_UP,
      payload: { sign_up_ticket: ticket, email, friend_ref: mine.json().code },
    });
    expect(signUp.statusCode, signUp.body).toBe(202);
    // The account opens with its mailed link; until then nobody has signed up.
    await followSignUpLink(email);
    const seen = await t.app.inject({
      method: 'GET',
      url: '/api/referrals/me',
      headers: bearer(inviter.token),
    });
    expect(seen.json<{ referred: Array<{ first_name: string; status: string }> }>().referred).toEqual([
      expect.objectContaining({ first_name: person.givenName, status: 'signed_up' }),
    ]);
  });

  it('a mistyped address is mended by signing up again before the link is followed', async () => {
    const person = bankid[1]!;
    const { completion } = await throughProvider(person.subject, { region: 'no' });
    const ticket = (await complete(completion)).json().sign_up_ticket as string;
    const typo = uniqueEmail('bankid-typo');
    expect((await signUpWith(ticket, typo)).statusCode).toBe(202);
    const right = uniqueEmail('bankid');
    expect((await signUpWith(ticket, right)).statusCode).toBe(202);
    // The link to the mistyped address no longer opens anything; the new one does.
    const { code } = codeFromMail(await latestMail(t.app.db, typo, 'email_verification'), '/verify-email');
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${code}/validate`,
    });
    expect(stale.statusCode).toBe(400);
    const token = await followSignUpLink(right);
    expect(claimsOf(token)).toMatchObject({ email: right, birth_date: person.birthDate });
  });

  it('answers a taken address as a free one and neither joins nor changes that account', async () => {
    const person = mitid[2]!;
    const owner = await signUpConfirmedUser(t.app);
    const { completion } = await throughProvider(person.subject);
    const outcome = (await complete(completion)).json();
    // Not signed in to the account, whatever its address: it was never verified with this MitID.
    expect(outcome.result).toBe('sign_up');
    const taken = await signUpWith(outcome.sign_up_ticket, owner.email);
    const free = await signUpWith(outcome.sign_up_ticket, uniqueEmail('mitid'));
    expect(taken.statusCode).toBe(202);
    expect(taken.body).toBe(free.body);
    // The owner is told someone tried; the owner's account is as it was: password works, unverified.
    expect(await latestMail(t.app.db, owner.email, 'sign_up_attempt_notice')).toBeTruthy();
    const token = await logIn(t.app, owner.email, owner.password);
    expect(claimsOf(token).verified_on).toBeNull();
  });
});
