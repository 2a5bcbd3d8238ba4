import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerUnknownAddressCheck, requiresLogin } from '../lib/access.ts';
import { peekRememberedRedirect } from '../lib/redirect.ts';
import { sessionStore } from '../lib/session-store.ts';
import { accessLoader, isUnknownAddress } from './router.tsx';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = `${encode({ alg: 'EdDSA' })}.${encode({
  exp: Math.floor(Date.now() / 1000) + 3600,
  email: 'a@b.dk',
  identity_party_id: 'i',
  party_id: 'p',
  verified_on: null,
  identity_signed_up_at: '2026-01-01',
  organisation_type: null,
  birth_date: null,
  zip_code: null,
  phone: null,
  sid: 's',
})}.sig`;

function load(path: string): unknown {
  try {
    return accessLoader({
      request: new Request(`http://localhost${path}`),
      params: {},
      context: undefined,
    } as never);
  } catch (thrown) {
    return thrown;
  }
}

function redirectTarget(result: unknown): string | null {
  return result instanceof Response ? result.headers.get('Location') : null;
}

describe('accessLoader', () => {
  // The router registers its check when first imported; another test file of this worker may have
  // put its own in since.
  beforeAll(() => registerUnknownAddressCheck(isUnknownAddress));

  afterEach(() => {
    sessionStore.clear();
    sessionStorage.clear();
  });

  it('sends a visitor from a signed-in page to /login and remembers the page', () => {
    expect(redirectTarget(load('/app/settings?tab=address'))).toBe('/login');
    expect(peekRememberedRedirect()).toEqual({ path: '/app/settings?tab=address', dependency: 'loggedIn' });
  });

  it('lets a visitor see public pages and unknown addresses (404)', () => {
    for (const path of [
      '/',
      '/privacy',
      '/login',
      '/signup/newsletter',
      '/verify-email',
      '/no-such-page',
      // Unknown inside the signed-in area too: the 404 page, not the login first.
      '/app/no-such-page',
      '/app/my-bikes/019ac15e-0000-7000-8000-000000000001/no-such-tab',
    ]) {
      expect(load(path)).toBeNull();
    }
    expect(peekRememberedRedirect()).toBeNull();
    // The session guard and the expiry ask the same rule: no login for an address with no page.
    expect(requiresLogin('/app/no-such-page')).toBe(false);
    expect(requiresLogin('/app/settings')).toBe(true);
    expect(requiresLogin('/app/my-bikes/019ac15e-0000-7000-8000-000000000001')).toBe(true);
  });

  it('lets a signed-in user in, and sends one who opens /login or /signup to the app', () => {
    sessionStore.setToken(token);
    expect(load('/app/settings')).toBeNull();
    expect(redirectTarget(load('/login'))).toBe('/app');
    expect(redirectTarget(load('/login/'))).toBe('/app');
    expect(redirectTarget(load('/signup'))).toBe('/app');
    expect(load('/signup/newsletter')).toBeNull();
    expect(load('/signup/newsletter-sleek')).toBeNull();
  });
});
