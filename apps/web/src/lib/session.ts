import type { TokenClaims } from '@nbr/domain/identity';
import type { Region } from '@nbr/domain/locale';
import { createElement, Fragment, type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { paths } from '../config/paths.ts';
import { postLoginDestination, requiresLogin } from './access.ts';
import { ApiError, api, isApiError } from './api-client.ts';
import { syncMeasurementChoice } from './consent.ts';
import { changeLanguage } from './i18n.ts';
import { currentLocation, navigateTo } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { sendToLogin, takeRememberedRedirect } from './redirect.ts';
import { setRegion } from './region.ts';
import { sessionStore } from './session-store.ts';
import {
  DRAFT_PREFIX,
  readCookie,
  STORAGE_KEYS,
  wipeAppStorage,
  writeJson,
  writeStorage,
} from './storage.ts';
import { isExpired, nowInSeconds, secondsUntilRefresh } from './token.ts';
import { track } from './tracking.ts';

/** How the person proved who they are; recorded with the login event. */
export type LoginMethod = 'password' | 'google' | 'national_identity';

export interface Session {
  token: string | null;
  claims: TokenClaims | null;
  isLoggedIn: boolean;
  /** The national digital identity is verified (verified_on set). */
  isVerified: boolean;
  /**
   * Staff use this account (the token carries `act`): what only the person may do (password, e-mail,
   * consents, data export, deletion) is refused by the API, so the UI does not offer it.
   */
  isSwitched: boolean;
  /** Stores the token of a successful login and goes where SPEC §2 says (remembered page, insurer admin, /app). */
  signIn: (token: string, method?: LoginMethod) => void;
  /**
   * Stores the token of a new account and goes to /app/redirects/signup-complete, which sets the
   * consent, makes the insurer link, records the sign-up and leads on to the newsletter question.
   */
  signInAfterSignUp: (token: string, region: Region) => void;
  /** Swaps in a new token for the same user without navigating (e.g. after a password change). */
  replaceToken: (token: string) => void;
  /** Ends the session on the server and here, forgets this user's cached data and goes home. */
  signOut: () => Promise<void>;
}

/** Brings the UI language and region in line with what the user chose on their account. */
async function adoptAccountPreferences(): Promise<void> {
  try {
    // The identity schemas (and zod) load with the signed-in screens, not with the first page.
    const { ProfileSchema } = await import('@nbr/domain/identity');
    const profile = await api.get('/identities/me', { schema: ProfileSchema });
    // Always through changeLanguage, even when the screen already shows it: that also stores it on
    // this device, and a language that came from a ?lang= link was not stored yet.
    await changeLanguage(profile.language, { remote: false });
    setRegion(profile.region);
    queryClient.setQueryData(['identities', 'me'], profile);
  } catch {
    // The account's preferences are a nicety; the session works without them.
  }
}

/**
 * Forgets everything of the signed-in user that this browser holds, keeping device choices (the
 * language, the answer to the measurement question).
 */
function forgetUserData(): void {
  queryClient.clear();
  for (const which of [window.localStorage, window.sessionStorage]) {
    try {
      const keys = Array.from({ length: which.length }, (_, index) => which.key(index));
      for (const key of keys) if (key?.startsWith(DRAFT_PREFIX)) which.removeItem(key);
      which.removeItem(STORAGE_KEYS.redirectAfterLogin);
      // The persisted page data (query-persist.ts) is this account's; it goes with the session.
      which.removeItem(STORAGE_KEYS.queryCache);
      which.removeItem(STORAGE_KEYS.signUpCompleting);
    } catch {
      // Storage unavailable: nothing was stored either.
    }
  }
}

/**
 * The reset action of SPEC §4: wipes all client state — session, query cache, every stored key of
 * this app and all drafts. Used after account deletion and when the user asks for a clean start.
 */
export function resetClientState(): void {
  sessionStore.clear();
  queryClient.clear();
  wipeAppStorage();
}

/**
 * A login the browser posted itself, before the app's script ran (issue 31): the server's answer
 * hands the session to the app in this short-lived cookie, which the app takes at start (main.tsx)
 * and removes. It lives a minute at most and is only ever set on our own origin's answer.
 */
export const SIGN_IN_HANDOVER_COOKIE = 'nbr_signin';

/** Takes a session handed over by the server into this browser's storage; its token, or null. */
export function takeSignInHandover(): string | null {
  const token = readCookie(SIGN_IN_HANDOVER_COOKIE);
  if (token === null) return null;
  if ('cookieStore' in window) void window.cookieStore.delete(SIGN_IN_HANDOVER_COOKIE).catch(() => {});
  return sessionStore.setToken(token) ? token : null;
}

export function signIn(token: string, method: LoginMethod = 'password'): void {
  const claims = sessionStore.setToken(token);
  if (!claims) return;
  void adoptAccountPreferences();
  // The account's answer to the measurement question wins over this device's; the login event
  // waits for it.
  void syncMeasurementChoice().then(() => track('login', method));
  void navigateTo(postLoginDestination(claims, takeRememberedRedirect()), { replace: true });
}

export function signInAfterSignUp(token: string, region: Region): void {
  const claims = sessionStore.setToken(token);
  if (!claims) return;
  setRegion(region);
  // The account's language (set from the sign-up screen's) must also be this device's stored choice,
  // or the next full page load falls back to the browser's language.
  void adoptAccountPreferences();
  // The remembered page (if any) stays for the end of the sign-up journey: the newsletter question
  // comes first, then takeDestinationAfterSignUp leads there. What happens after a sign-up is one
  // page's work (features/identity/pages/signup-complete-page.tsx); this note lets it run once.
  writeJson(STORAGE_KEYS.signUpCompleting, { region }, 'session');
  void navigateTo(paths.app.redirectSignupComplete.getHref(), { replace: true });
}

export function replaceToken(token: string): void {
  sessionStore.setToken(token);
}

/**
 * Continues as another account of this browser's user: staff switching into a person's account and
 * back. Nothing cached for the previous account may show in the next one, so the cache goes first.
 */
export function switchAccount(token: string, destination: string): void {
  queryClient.clear();
  writeStorage(STORAGE_KEYS.queryCache, null);
  if (!sessionStore.setToken(token)) return;
  void navigateTo(destination, { replace: true });
}

export async function signOut(): Promise<void> {
  const token = sessionStore.getToken();
  // Leave the signed-in area first, so that clearing the session does not count as an expiry there.
  await navigateTo(paths.public.home.getHref(), { replace: true });
  sessionStore.clear();
  forgetUserData();
  if (token) {
    // Revoke the session on the server too; the local sign-out already happened either way.
    await api.post('/identities/authentications/logout', undefined, { token }).catch(() => undefined);
  }
}

let refreshing: Promise<void> | null = null;

/** Renews the token of the live session (POST …/authentications/refresh). */
export function refreshSession(): Promise<void> {
  if (!refreshing) {
    refreshing = api
      .post<{ authentication_token?: unknown } | null>('/identities/authentications/refresh')
      .then((answer) => {
        // AuthenticationResponseSchema's one rule, checked without zod: this runs on the first page.
        const token = answer?.authentication_token;
        if (typeof token !== 'string') throw new ApiError({ status: 200, code: 'invalid_response' });
        sessionStore.setToken(token);
      })
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

/** A token past its expiry is discarded; on a page that needs a session the user goes to /login. */
function expireSession(): void {
  const claims = sessionStore.getClaims();
  if (claims && !isExpired(claims)) return;
  sessionStore.clear();
  forgetUserData();
  const pathname = window.location.pathname;
  if (requiresLogin(pathname)) sendToLogin('loggedIn', currentLocation(), 'session_ended');
}

/** Keeps the session alive while the app is open: refreshes early, expires on time. */
function useSessionKeeper(token: string | null, claims: TokenClaims | null): void {
  useEffect(() => {
    if (!token || !claims) return;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const refresh = () => {
      refreshSession().catch((error: unknown) => {
        // A revoked session was handled by the API client (401 invalid_token → login). Anything
        // else (offline, server hiccup) is retried while the token still lives.
        if (isApiError(error) && error.code === 'invalid_token') return;
        retry = setTimeout(refresh, 60_000);
      });
    };
    const check = () => {
      if (isExpired(claims)) expireSession();
      else if (secondsUntilRefresh(claims) === 0) refresh();
    };

    const refreshTimer = setTimeout(refresh, secondsUntilRefresh(claims) * 1000);
    const expiryTimer = setTimeout(expireSession, Math.max(0, claims.exp - nowInSeconds()) * 1000 + 500);
    // Timers sleep in background tabs and suspended phones: check again when the user comes back.
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', check);
    check();
    return () => {
      clearTimeout(refreshTimer);
      clearTimeout(expiryTimer);
      if (retry) clearTimeout(retry);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', check);
    };
  }, [token, claims]);
}

export function useSession(): Session {
  const { token, claims } = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.getSnapshot,
    sessionStore.getServerSnapshot,
  );
  return {
    token,
    claims,
    isLoggedIn: Boolean(claims),
    isVerified: Boolean(claims?.verified_on),
    isSwitched: Boolean(claims?.act),
    signIn,
    signInAfterSignUp,
    replaceToken,
    signOut,
  };
}

/** Mount once, inside the app: runs the refresh and expiry timers of the current session. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { token, claims } = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.getSnapshot,
    sessionStore.getServerSnapshot,
  );
  useSessionKeeper(token, claims);
  return createElement(Fragment, null, children);
}
