import type { FastifyInstance } from 'fastify';
import { VERIFICATION_REDIRECT_PATH } from '../platform/identity-provider/identity-provider.ts';
import { bearer, codeFromMail, latestMail, signUpUser, type TestUser } from './identity-helpers.ts';

/** Just enough of a browser's cookie jar for the built-in provider's interaction cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookie: string | string[] | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 1) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }
}

const pathOf = (location: string) => {
  const url = new URL(location, 'http://localhost:3000');
  return `${url.pathname}${url.search}`;
};

export interface ProviderVisit {
  /** The picker page's HTML. */
  pickerHtml: string;
  /** Where the provider finally sent the browser: our redirect page with code/state or error/state. */
  redirect: URL;
}

/**
 * Plays the browser at the built-in test MitID/BankID: follows the authorization URL to the picker,
 * picks a person (by index or subject) or cancels, and follows redirects back to our redirect page.
 */
export async function visitDevProvider(
  app: FastifyInstance,
  verificationUrl: string,
  choice: {
    person?: number | string;
    cancel?: boolean;
    headers?: Record<string, string>;
    /** Where the provider returns the browser: the verification page, or the sign-in page. */
    returnPath?: string;
  } = {},
): Promise<ProviderVisit> {
  const jar = new CookieJar();
  const authorize = await app.inject({
    method: 'GET',
    url: pathOf(verificationUrl),
    headers: choice.headers,
  });
  jar.store(authorize.headers['set-cookie']);
  if (authorize.statusCode !== 303 || !authorize.headers.location) {
    throw new Error(`authorization answered ${authorize.statusCode}: ${authorize.body}`);
  }
  const interactionPath = pathOf(authorize.headers.location);
  const picker = await app.inject({
    method: 'GET',
    url: interactionPath,
    headers: { ...jar.header(), ...choice.headers },
  });
  if (picker.statusCode !== 200) throw new Error(`picker answered ${picker.statusCode}: ${picker.body}`);
  const subjects = [...picker.body.matchAll(/name="person" value="([^"]+)"/g)].map(
    (match) => match[1] as string,
  );
  const subject =
    typeof choice.person === 'string' ? choice.person : (subjects[choice.person ?? 0] ?? 'no-such-person');
  let response = await app.inject({
    method: 'POST',
    url: `${interactionPath}/${choice.cancel ? 'abort' : 'login'}`,
    headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: choice.cancel ? '' : new URLSearchParams({ person: subject }).toString(),
  });
  for (let hop = 0; hop < 6; hop += 1) {
    jar.store(response.headers['set-cookie']);
    const location = response.headers.location;
    if (!location || response.statusCode < 300 || response.statusCode >= 400) {
      throw new Error(`provider answered ${response.statusCode}: ${response.body}`);
    }
    const target = new URL(location, 'http://localhost:3000');
    if (target.pathname === (choice.returnPath ?? VERIFICATION_REDIRECT_PATH))
      return { pickerHtml: picker.body, redirect: target };
    response = await app.inject({ method: 'GET', url: pathOf(location), headers: jar.header() });
  }
  throw new Error('the provider never sent the browser back');
}

export const IDENTITY_VERIFICATION = {
  verification_session_type: 'identity_verification',
  success_url: '/app/settings',
  failure_url: '/app/settings?verification=failed',
} as const;

export async function startVerification(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown> = IDENTITY_VERIFICATION,
): Promise<{ verification_url: string; session_id: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/identities/verifications/',
    headers: bearer(token),
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`start answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** The whole check through the built-in provider; answers the completion's response. */
export async function verifyThroughDevProvider(
  app: FastifyInstance,
  token: string,
  options: { body?: Record<string, unknown>; person?: number | string } = {},
) {
  const started = await startVerification(app, token, options.body);
  const { redirect } = await visitDevProvider(app, started.verification_url, { person: options.person ?? 0 });
  return app.inject({
    method: 'POST',
    url: '/api/identities/verifications/complete/',
    headers: bearer(token),
    payload: completionOf(redirect),
  });
}

/** What the web app's redirect page sends to /complete/ for the provider's redirect. */
export function completionOf(redirect: URL): Record<string, string> {
  const body: Record<string, string> = {};
  for (const name of ['code', 'iss', 'error']) {
    const value = redirect.searchParams.get(name);
    if (value) body[name] = value;
  }
  body.session_id = redirect.searchParams.get('state') ?? '';
  return body;
}

/**
 * Signs a person up and confirms their e-mail the way they would: the link of the verification
 * mail, followed through the API. A national identity check needs a confirmed address.
 */
export async function signUpConfirmedUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<TestUser> {
  const user = await signUpUser(app, { ...overrides, skip_email: false });
  await confirmEmail(app, user.email);
  return user;
}

/** Follows the newest verification link mailed to the address. */
export async function confirmEmail(app: FastifyInstance, email: string): Promise<void> {
  const { code } = codeFromMail(await latestMail(app.db, email, 'email_verification'), '/verify-email');
  const response = await app.inject({
    method: 'POST',
    url: `/api/identities/authentications/email-verifications/${code}/validate`,
  });
  if (response.statusCode !== 200)
    throw new Error(`confirmation answered ${response.statusCode}: ${response.body}`);
}
