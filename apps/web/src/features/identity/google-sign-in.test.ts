import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startGoogleSignIn, takeGoogleReturn } from './google-sign-in.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const idToken = (claims: Record<string, unknown>) =>
  `${encode({ alg: 'RS256' })}.${encode(claims)}.signature`;

const CONFIGURATION = {
  enabled: true,
  client_id: 'nbr-dev',
  authorization_url: 'http://localhost:3000/dev/google/authorize',
};

/** Starts a journey and answers the state and nonce it sent to Google. */
function start(mode: 'login' | 'signup' = 'login', choices = {}) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
  startGoogleSignIn(CONFIGURATION, mode, choices);
  vi.unstubAllGlobals();
  const target = new URL(assign.mock.calls[0]?.[0] as string);
  return {
    target,
    state: target.searchParams.get('state') ?? '',
    nonce: target.searchParams.get('nonce') ?? '',
  };
}

function arriveWith(fragment: Record<string, string>, path = '/login') {
  window.history.replaceState(null, '', `${path}#${new URLSearchParams(fragment)}`);
}

describe('Google sign-in in the browser', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/login');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the browser to the authorization endpoint with a fresh state and nonce', () => {
    const { target, state, nonce } = start('signup', { region: 'no', language: 'no' });
    expect(`${target.origin}${target.pathname}`).toBe(CONFIGURATION.authorization_url);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      client_id: 'nbr-dev',
      redirect_uri: `${window.location.origin}/signup`,
      response_type: 'id_token',
      scope: 'openid email profile',
    });
    expect(state).toMatch(/^[0-9a-f]{48}$/);
    expect(nonce).toMatch(/^[0-9a-f]{48}$/);
    expect(nonce).not.toBe(state);
  });

  it('reads the token once, with the choices made before leaving, and clears it from the address', () => {
    const { state, nonce } = start('signup', { region: 'no', language: 'no', friendRef: 'K7M2P9Q4RX' });
    const token = idToken({ sub: '42', email: 'åse@example.no', name: 'Åse Berg', nonce });
    arriveWith({ id_token: token, state }, '/signup');
    expect(takeGoogleReturn('signup')).toEqual({
      kind: 'token',
      idToken: token,
      email: 'åse@example.no',
      name: 'Åse Berg',
      subject: '42',
      region: 'no',
      language: 'no',
      friendRef: 'K7M2P9Q4RX',
    });
    expect(window.location.hash).toBe('');
    expect(takeGoogleReturn('signup')).toBeNull();
  });

  it('refuses an answer this tab did not ask for, a wrong nonce, or one meant for the other page', () => {
    const first = start();
    arriveWith({
      id_token: idToken({ sub: '1', email: 'a@example.dk', nonce: first.nonce }),
      state: 'forged',
    });
    expect(takeGoogleReturn('login')).toEqual({ kind: 'failed' });

    const second = start();
    arriveWith({
      id_token: idToken({ sub: '1', email: 'a@example.dk', nonce: 'other' }),
      state: second.state,
    });
    expect(takeGoogleReturn('login')).toEqual({ kind: 'failed' });

    const third = start('signup');
    arriveWith({
      id_token: idToken({ sub: '1', email: 'a@example.dk', nonce: third.nonce }),
      state: third.state,
    });
    expect(takeGoogleReturn('login')).toEqual({ kind: 'failed' });
  });

  it('tells a cancel from a failure, and ignores an address without Google’s answer', () => {
    const { state } = start();
    arriveWith({ error: 'access_denied', state });
    expect(takeGoogleReturn('login')).toEqual({ kind: 'cancelled' });
    arriveWith({ section: 'top' });
    expect(takeGoogleReturn('login')).toBeNull();
  });
});
