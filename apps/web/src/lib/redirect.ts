import { paths } from '../config/paths.ts';
import { type LoginDependency, type RememberedRedirect, requiresLogin } from './access.ts';
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
 * Sends the user to /login. The page they were on is remembered when it is one that needs a
 * session, so that signing in brings them back to it.
 */
export function sendToLogin(dependency: LoginDependency = 'loggedIn', from = currentLocation()): void {
  const pathname = from.split(/[?#]/)[0] ?? '/';
  if (requiresLogin(pathname)) rememberRedirect(from, dependency);
  void navigateTo(paths.auth.login.getHref(), { replace: true });
}
