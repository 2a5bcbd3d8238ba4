import type { GoogleConfiguration } from '@nbr/domain/google';
import type { Region } from '@nbr/domain/locale';
import { readJson, STORAGE_PREFIX, writeJson } from '../../lib/storage.ts';

/*
 * Google sign-in the way Google's own implicit flow works: the browser goes to the authorization
 * endpoint and comes back to /login or /signup with `#id_token=…&state=…`. The random `state` ties
 * the answer to a journey this tab started (no one can push a token of theirs on the user); the
 * `nonce`, echoed inside the signed token, ties the token itself to that journey.
 */

/** Per tab, under the app's prefix so that the reset action wipes it too. */
const STORAGE_KEY = `${STORAGE_PREFIX}google-sign-in`;

export type GoogleSignInMode = 'login' | 'signup';

interface PendingSignIn {
  state: string;
  nonce: string;
  mode: GoogleSignInMode;
  /** Sign-up only: the region and language chosen before leaving for Google. */
  region?: Region;
  language?: string;
  /** Sign-up only: the referral code of the invitation link the person came through. */
  friendRef?: string;
}

export type GoogleReturn =
  | {
      kind: 'token';
      idToken: string;
      email: string;
      name: string;
      subject: string;
      region?: Region;
      language?: string;
      friendRef?: string;
    }
  | { kind: 'cancelled' }
  | { kind: 'failed' };

function randomToken(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The page the browser returns to: the exact address registered with Google as a redirect URI. */
function redirectUri(mode: GoogleSignInMode): string {
  return `${window.location.origin}/${mode}`;
}

/** Leaves for Google's sign-in page. */
export function startGoogleSignIn(
  configuration: GoogleConfiguration,
  mode: GoogleSignInMode,
  choices: { region?: Region; language?: string; friendRef?: string } = {},
): void {
  if (!configuration.enabled || !configuration.authorization_url || !configuration.client_id) return;
  const pending: PendingSignIn = { state: randomToken(), nonce: randomToken(), mode, ...choices };
  writeJson(STORAGE_KEY, pending, 'session');
  const target = new URL(configuration.authorization_url, window.location.origin);
  target.search = new URLSearchParams({
    client_id: configuration.client_id,
    redirect_uri: redirectUri(mode),
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce: pending.nonce,
    state: pending.state,
    prompt: 'select_account',
  }).toString();
  window.location.assign(target.toString());
}

/** The claims of a JWT, read without verifying it: the API verifies; this only fills in the form. */
function decodeClaims(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Reads Google's answer from the address once, on the page it was meant for, and removes it from
 * the address bar and history (a token must not linger in the URL). Null when there is none.
 */
export function takeGoogleReturn(mode: GoogleSignInMode): GoogleReturn | null {
  const hash = window.location.hash.slice(1);
  if (!hash) return null;
  const answer = new URLSearchParams(hash);
  if (!answer.has('id_token') && !answer.has('error')) return null;
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${window.location.search}`,
  );

  const pending = readJson<PendingSignIn>(STORAGE_KEY, 'session');
  writeJson(STORAGE_KEY, null, 'session');
  if (!pending || pending.mode !== mode || answer.get('state') !== pending.state) return { kind: 'failed' };
  if (answer.has('error')) {
    return answer.get('error') === 'access_denied' ? { kind: 'cancelled' } : { kind: 'failed' };
  }
  const idToken = answer.get('id_token') ?? '';
  const claims = decodeClaims(idToken);
  if (!claims || claims.nonce !== pending.nonce) return { kind: 'failed' };
  const email = typeof claims.email === 'string' ? claims.email : '';
  const subject = typeof claims.sub === 'string' ? claims.sub : '';
  if (!email || !subject) return { kind: 'failed' };
  const name =
    typeof claims.name === 'string' && claims.name.trim() ? claims.name : (email.split('@')[0] ?? email);
  return {
    kind: 'token',
    idToken,
    email,
    name,
    subject,
    ...(pending.region ? { region: pending.region } : {}),
    ...(pending.language ? { language: pending.language } : {}),
    ...(pending.friendRef ? { friendRef: pending.friendRef } : {}),
  };
}
