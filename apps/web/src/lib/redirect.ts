import type { TokenClaims } from '@nbr/domain/identity';
import { paths } from '../config/paths.ts';
import {
  type LoginDependency,
  postLoginDestination,
  type RememberedRedirect,
  requiresLogin,
} from './access.ts';
import { currentLocation, navigateTo } from './navigation.ts';
import { readJson, STORAGE_KEYS, writeJson } from './storage.ts';

/** Remembers where to return after login (per tab: another tab has its own journey). */
export function rememberRedirect(path: string, dependency: LoginDependency = 'loggedIn'): void {
  writeJson(STORAGE_KEYS.redirectAfterLogin, { path, dependency } satisfies RememberedRedirect, 'session');
}

export function peekRememberedRedirect(): RememberedRedirect | null {
  const value = readJson<RememberedRedirect>(STORAGE_KEYS.redirectAfterLogin, 'session');
  if (!value || typeof value.path !== 'string') return null;
  return {
    path: value.path,
    dependency: value.dependency === 'verifiedIdentity' ? 'verifiedIdentity' : 'loggedIn',
  };
}

export function takeRememberedRedirect(): RememberedRedirect | null {
  const value = peekRememberedRedirect();
  writeJson(STORAGE_KEYS.redirectAfterLogin, null, 'session');
  return value;
}

/**
 * Whether the visitor came to sign in from an offer mail's link (a bike offered to them waits
 * behind the log-in): the log-in and sign-up pages say so, and signing in leads to the offer.
 */
export function isOfferWaiting(): boolean {
  const path = peekRememberedRedirect()?.path ?? '';
  return path.split(/[?#]/)[0] === paths.app.myBikesReceiveBike.getHref();
}

/**
 * Where the sign-up journey ends (after the newsletter question): the page that sent the visitor to
 * /login before they chose to sign up instead — an invitation link, say — or the app start page.
 */
export function takeDestinationAfterSignUp(claims: TokenClaims | null): string {
  const remembered = takeRememberedRedirect();
  return claims ? postLoginDestination(claims, remembered) : paths.app.home.getHref();
}

/** Why the user was sent to /login when it was not their own doing; the login page explains it. */
export type LoginReason = 'session_ended';

/** The history state /login is opened with when the session ended by itself. */
export interface LoginPageState {
  reason?: LoginReason;
}

/**
 * Sends the user to /login. The page they were on is remembered when it is one that needs a
 * session, so that signing in brings them back to it. A `reason` is shown on the login page, so a
 * user whose session expired or was revoked learns why they suddenly have to log in again.
 */
export function sendToLogin(
  dependency: LoginDependency = 'loggedIn',
  from = currentLocation(),
  reason?: LoginReason,
): void {
  const pathname = from.split(/[?#]/)[0] ?? '/';
  if (requiresLogin(pathname)) rememberRedirect(from, dependency);
  const state: LoginPageState | undefined = reason ? { reason } : undefined;
  void navigateTo(paths.auth.login.getHref(), state ? { replace: true, state } : { replace: true });
}
