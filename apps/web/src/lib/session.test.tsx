import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from './navigation.ts';
import { SessionProvider, signOut } from './session.ts';
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
