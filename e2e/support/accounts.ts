import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { findLink, waitForMail } from './mailbox.ts';
import { APP_STORAGE_KEYS } from './storage-keys.ts';

export type Language = 'da' | 'en' | 'no';
export type Region = 'dk' | 'no';

/** Long and unusual enough to pass the API's length rule and its common-password list. */
export const TEST_PASSWORD = 'Frame-Sticker-2026-e2e';

/** A fresh address per call: `e2e+<label>-<random>@example.test` (the .test TLD never delivers). */
export function uniqueEmail(label = 'user'): string {
  return `e2e+${label}-${Date.now().toString(36)}${randomBytes(4).toString('hex')}@example.test`;
}

export interface TestAccount {
  email: string;
  password: string;
  /** The authentication token the sign-up (or last login) answered. */
  token: string;
}

export interface SignUpOptions {
  email?: string;
  password?: string;
  language?: Language;
  region?: Region;
  zipCode?: string;
  phone?: string;
}

/**
 * Creates a user through POST /api/identities/ for tests that only need someone signed in, as a
 * person does it: the sign-up answers "check your mailbox" (alike for every address, issue 14), and
 * the link mailed to the new account signs them in, confirming the address on the way. Journeys
 * that test sign-up itself go through the /signup screen instead.
 */
export async function signUpViaApi(
  request: APIRequestContext,
  options: SignUpOptions = {},
): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? TEST_PASSWORD;
  const language = options.language ?? 'da';
  const response = await request.post('/api/identities/', {
    data: {
      email,
      password,
      chosen_language: language,
      chosen_region: options.region ?? (language === 'no' ? 'no' : 'dk'),
      ...(options.zipCode ? { zip_code: options.zipCode } : {}),
      ...(options.phone ? { phone: options.phone } : {}),
    },
  });
  expect(response.status(), `sign-up of ${email} answered ${await response.text()}`).toBe(202);
  const token = await confirmEmailViaMailbox(request, email);
  expect(token, `the sign-up link of ${email} signs in`).toBeTruthy();
  return { email, password, token: token ?? '' };
}

/**
 * A signed-up person whose national identity is verified, for tests that are not about the MitID
 * screens: an `autotest+<label>-…` account (its e-mail confirmed, as the check needs) skips the
 * provider, which the server allows for this suite (ALLOW_AUTOTEST_IDENTITY_SKIP). Answers the
 * token of the verified session.
 */
export async function verifiedAccountViaApi(request: APIRequestContext, label: string): Promise<TestAccount> {
  const email = `autotest+${label}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.test`;
  const account = await signUpViaApi(request, { email });
  const response = await request.post('/api/identities/verifications/complete/', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { verification_session_type: 'identity_verification', verification_type: 'mitid' },
  });
  expect(response.status(), `verification answered ${await response.text()}`).toBe(200);
  const { authentication_token: token } = (await response.json()) as { authentication_token: string };
  return { ...account, token };
}

/** Follows the newest verification link mailed to `email` through the API. */
export async function confirmEmailViaMailbox(
  request: APIRequestContext,
  email: string,
): Promise<string | undefined> {
  const mail = await waitForMail(request, email, { linkPath: '/verify-email' });
  const code = findLink(mail, '/verify-email')?.searchParams.get('code');
  expect(code, `the verification mail to ${email} has a code`).toBeTruthy();
  const response = await request.post(
    `/api/identities/authentications/email-verifications/${encodeURIComponent(code ?? '')}/validate`,
  );
  expect(response.status(), `confirming ${email} answered ${await response.text()}`).toBe(200);
  // The link of a sign-up also signs in: its first session's token.
  return ((await response.json()) as { authentication_token?: string }).authentication_token;
}

/** POST /api/identities/authentications: a fresh token for an existing account. */
export async function logInViaApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const response = await request.post('/api/identities/authentications', { data: { email, password } });
  expect(response.status(), `login of ${email} answered ${await response.text()}`).toBe(200);
  return ((await response.json()) as { authentication_token: string }).authentication_token;
}

/**
 * Signs the browser in with a token the way the app keeps its session (localStorage), without
 * going through the login screen. It writes storage on a same-origin JSON address so the app itself
 * does not start; the next page.goto opens the app signed in.
 */
export async function signInBrowser(page: Page, token: string): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
    key: APP_STORAGE_KEYS.token,
    value: token,
  });
}

/** A signed-in user in one call: signs up through the API and puts the token into the browser. */
export async function signedInUser(page: Page, options: SignUpOptions = {}): Promise<TestAccount> {
  const account = await signUpViaApi(page.request, options);
  await signInBrowser(page, account.token);
  return account;
}
