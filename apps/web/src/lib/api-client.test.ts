import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, toApiError } from './api-client.ts';
import { errorMessage, issueField, validationKey } from './api-errors.ts';
import { registerNavigator } from './navigation.ts';
import { sessionStore } from './session-store.ts';
import { STORAGE_KEYS } from './storage.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const liveToken = `${encode({ alg: 'EdDSA' })}.${encode({
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

describe('toApiError', () => {
  it('reads a 422 answer: the first issue is the message', () => {
    const error = toApiError(422, {
      detail: [
        { loc: ['body', 'email'], msg: 'Ugyldig e-mail', type: 'invalid_email' },
        { loc: ['body', 'password'], msg: 'For kort', type: 'password_too_short' },
      ],
      code: 'validation_failed',
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Ugyldig e-mail');
    expect(error.issues).toHaveLength(2);
  });

  it('reads invalid_token with or without a code, and other errors by code', () => {
    expect(toApiError(401, { detail: 'invalid_token' }).code).toBe('invalid_token');
    expect(toApiError(409, { detail: 'I brug', code: 'email_in_use' }).code).toBe('email_in_use');
    expect(toApiError(502, '<html>bad gateway</html>').code).toBe('internal_error');
  });

  it('recognises a pre-registered policy in a 400 detail', () => {
    const detail = JSON.stringify({ pre_registered_policy: true, insurer_party_id: 'ins-1' });
    expect(toApiError(400, { detail }).preRegisteredPolicy?.insurer_party_id).toBe('ins-1');
    expect(toApiError(400, { detail: 'plain text' }).preRegisteredPolicy).toBeNull();
  });
});

describe('errorMessage', () => {
  const t = ((key: string) => `t:${key}`) as never;
  it('shows the first 422 issue, known codes translated, and hides unknown server texts', () => {
    const validation = toApiError(422, {
      detail: [{ loc: ['body', 'zip_code'], msg: 'x', type: 'invalid_zip_code' }],
    });
    expect(errorMessage(validation, t)).toBe('t:common:validation.invalid_zip_code');
    const unknownType = toApiError(422, {
      detail: [{ loc: ['body', 'x'], msg: 'Server text', type: 'weird' }],
    });
    expect(errorMessage(unknownType, t)).toBe('Server text');
    expect(errorMessage(toApiError(401, { detail: 'Forkert', code: 'invalid_credentials' }), t)).toBe(
      't:common:errors.invalid_credentials',
    );
    expect(errorMessage(toApiError(418, { detail: 'Internal details', code: 'teapot' }), t)).toBe(
      't:common:errors.server_error',
    );
    expect(errorMessage(new ApiError({ status: 0, code: 'network_error' }), t)).toBe(
      't:common:errors.network_error',
    );
    expect(errorMessage(new Error('x'), t)).toBe('t:common:errors.unexpected');
  });

  it('maps issue locations to field names and codes to keys', () => {
    expect(issueField(['body', 'email'])).toBe('email');
    expect(issueField(['body', 'address', 'city'])).toBe('address.city');
    expect(issueField(['body'])).toBeNull();
    expect(validationKey('invalid_email')).toBe('validation.invalid_email');
    expect(validationKey('nonsense')).toBe('validation.invalid_value');
  });
});

describe('apiRequest', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const navigate = vi.fn();

  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    registerNavigator(navigate);
    if (!i18next.isInitialized) await i18next.init({ lng: 'no', resources: {} });
    await i18next.changeLanguage('no');
  });
  afterEach(() => {
    fetchMock.mockReset();
    navigate.mockReset();
    sessionStore.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('sends the bearer token, app-version, a stable per-tab session-id and the UI language', async () => {
    sessionStore.setToken(liveToken);
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    await apiRequest('/identities/me');
    await apiRequest('/identities/me');
    const [url, init] = fetchMock.mock.calls[0]!;
    const headers = init!.headers as Record<string, string>;
    expect(url).toBe('/api/identities/me');
    expect(headers.Authorization).toBe(`Bearer ${liveToken}`);
    expect(headers['app-version']).toBe('0.0.0-test');
    expect(headers['Accept-Language']).toBe('no');
    expect(headers['session-id']).toMatch(/\S{8,}/);
    expect((fetchMock.mock.calls[1]![1]!.headers as Record<string, string>)['session-id']).toBe(
      headers['session-id'],
    );
  });

  it('answers undefined for 204 and sends JSON bodies', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(
      apiRequest('/actions/page/x', { method: 'POST', body: { a: 1 }, query: { installed: false } }),
    ).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/actions/page/x?installed=false');
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await apiRequest('/chats/x/messages', { query: { before: null, after: undefined } });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/chats/x/messages');
    expect(init?.body).toBe('{"a":1}');
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('on 401 invalid_token clears the session and goes to login, remembering the page', async () => {
    window.history.replaceState(null, '', '/app/settings?tab=address');
    sessionStore.setToken(liveToken);
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ detail: 'invalid_token', code: 'invalid_token' }), { status: 401 }),
    );
    await expect(apiRequest('/identities/me')).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
    expect(sessionStore.getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // The login page is told why, so it can say the user was logged out.
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true, state: { reason: 'session_ended' } });
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.redirectAfterLogin) ?? 'null')).toEqual({
      path: '/app/settings?tab=address',
      dependency: 'loggedIn',
    });
  });

  it('turns a network failure into network_error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/health')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
