import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { decideMeasurement } from './consent.ts';
import { detectLanguage, i18n, initI18n } from './i18n.ts';
import { registerNavigator } from './navigation.ts';
import { SessionProvider, signIn, signInAfterSignUp, signOut } from './session.ts';
import { sessionStore } from './session-store.ts';
import { DRAFT_PREFIX, STORAGE_KEYS } from './storage.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenExpiringIn = (seconds: number, sid = 's1') =>
  `${encode({ alg: 'EdDSA' })}.${encode({
    exp: Math.floor(Date.now() / 1000) + seconds,
    email: 'a@b.dk',
    identity_party_id: 'i',
    party_id: 'p',
    verified_on: null,
    identity_signed_up_at: '2026-01-01',
    organisation_type: null,
    birth_date: null,
    zip_code: null,
    phone: null,
    sid,
  })}.sig`;

describe('session keeper', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const navigate = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('fetch', fetchMock);
    registerNavigator(navigate);
  });
  afterEach(() => {
    cleanup();
    sessionStore.clear();
    localStorage.clear();
    sessionStorage.clear();
    fetchMock.mockReset();
    navigate.mockReset();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('refreshes a token with less than 30 minutes left', async () => {
    const fresh = tokenExpiringIn(3600, 's2');
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ authentication_token: fresh })));
    sessionStore.setToken(tokenExpiringIn(20 * 60));
    render(<SessionProvider>{null}</SessionProvider>);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/identities/authentications/refresh');
    expect(sessionStore.getToken()).toBe(fresh);
  });

  it('waits until the refresh window before renewing a fresh token', async () => {
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ authentication_token: tokenExpiringIn(3600, 's3') })),
    );
    sessionStore.setToken(tokenExpiringIn(60 * 60));
    render(<SessionProvider>{null}</SessionProvider>);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29 * 60 * 1000);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * 60 * 1000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('discards a token at expiry and sends the user on a signed-in page to login', async () => {
    window.history.replaceState(null, '', '/app/settings');
    fetchMock.mockImplementation(async () => {
      throw new TypeError('offline');
    });
    sessionStore.setToken(tokenExpiringIn(5));
    render(<SessionProvider>{null}</SessionProvider>);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(7000);
    });
    expect(sessionStore.getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true, state: { reason: 'session_ended' } });
  });
});

describe('signOut', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('goes home, forgets the session and drafts but keeps device choices, and revokes the session', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const navigate = vi.fn();
    registerNavigator(navigate);
    const token = tokenExpiringIn(3600);
    sessionStore.setToken(token);
    localStorage.setItem(`${DRAFT_PREFIX}bike-1`, '{}');
    localStorage.setItem(STORAGE_KEYS.language, 'no');

    await signOut();

    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
    expect(sessionStore.getToken()).toBeNull();
    expect(localStorage.getItem(`${DRAFT_PREFIX}bike-1`)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('no');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/identities/authentications/logout');
    expect((init!.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
  });
});

const PARTY = '0190a0b0-0000-7000-8000-000000000001';
const profileIn = (language: string, region: string) => ({
  party_id: PARTY,
  identity_party_id: PARTY,
  email: 'a@b.dk',
  pending_email: null,
  email_verified: false,
  verified_on: null,
  name: null,
  first_name: null,
  last_name: null,
  verified_name: null,
  street_address: null,
  floor: null,
  side: null,
  door: null,
  zip_code: null,
  city: null,
  mobile: null,
  phone: null,
  language,
  region,
  club_membership_number: null,
  signed_up_at: '2026-01-01T00:00:00Z',
  staff_role: null,
  deletion_needs_approval: false,
});

describe('signing in and up adopts the account', () => {
  const navigate = vi.fn();
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  const answerProfile = (language: string, region: string) => {
    fetchMock = vi.fn<typeof fetch>(async (input) =>
      String(input).startsWith('/api/identities/me')
        ? new Response(JSON.stringify(profileIn(language, region)))
        : new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetchMock);
  };
  const calledPaths = () => fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);

  beforeAll(async () => {
    await initI18n('da');
  });
  beforeEach(async () => {
    registerNavigator(navigate);
    await i18n.changeLanguage('da');
    localStorage.clear();
  });
  afterEach(() => {
    sessionStore.clear();
    localStorage.clear();
    sessionStorage.clear();
    navigate.mockReset();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it("stores the new account's language, even when the screen already shows it", async () => {
    answerProfile('no', 'no');
    await i18n.changeLanguage('no');
    signInAfterSignUp(tokenExpiringIn(3600), 'no');
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('no'));
    expect(i18n.language).toBe('no');
    expect(localStorage.getItem(STORAGE_KEYS.region)).toBe('no');
    // What follows a sign-up is one page's work (signup-complete-page.tsx), told the region here.
    expect(navigate).toHaveBeenCalledWith('/app/redirects/signup-complete', { replace: true });
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.signUpCompleting) ?? 'null')).toEqual({
      region: 'no',
    });
  });

  it("switches the screen to the new account's language", async () => {
    answerProfile('en', 'dk');
    signInAfterSignUp(tokenExpiringIn(3600), 'dk');
    await vi.waitFor(() => expect(i18n.language).toBe('en'));
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
  });

  it('records how the person logged in: password unless told otherwise', async () => {
    answerProfile('da', 'dk');
    await decideMeasurement('granted');
    signIn(tokenExpiringIn(3600));
    signIn(tokenExpiringIn(3600, 's9'), 'google');
    await vi.waitFor(() => expect(calledPaths()).toContain('/api/actions/login/google'));
    expect(calledPaths()).toContain('/api/actions/login/password');
  });

  it('records no login without consent to measurement, and keeps the account’s answer', async () => {
    answerProfile('da', 'dk');
    await decideMeasurement('denied');
    signIn(tokenExpiringIn(3600));
    // The device's answer goes to an account that has none.
    await vi.waitFor(() => expect(calledPaths()).toContain('/api/identities/consents/measurement/'));
    expect(calledPaths().some((path) => path?.startsWith('/api/actions/'))).toBe(false);
  });

  it('keeps a language chosen by a ?lang= link for the next page loads', () => {
    window.history.replaceState(null, '', '/signup?lang=no');
    expect(detectLanguage()).toBe('no');
    window.history.replaceState(null, '', '/signup');
    expect(detectLanguage()).toBe('no');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('no');
  });
});
