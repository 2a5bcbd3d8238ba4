/*
 * Every key this app keeps in the browser starts with PREFIX, so that the reset action can wipe all
 * client state (session, choices, drafts) without touching other sites' data on the same origin.
 */
export const STORAGE_PREFIX = 'nbr:';

export const STORAGE_KEYS = {
  token: `${STORAGE_PREFIX}token`,
  language: `${STORAGE_PREFIX}language`,
  region: `${STORAGE_PREFIX}region`,
  theme: `${STORAGE_PREFIX}theme`,
  sessionId: `${STORAGE_PREFIX}session-id`,
  redirectAfterLogin: `${STORAGE_PREFIX}redirect-after-login`,
  buildReloaded: `${STORAGE_PREFIX}build-reloaded`,
  chunkReloaded: `${STORAGE_PREFIX}chunk-reloaded`,
  lastPath: `${STORAGE_PREFIX}last-path`,
  scroll: `${STORAGE_PREFIX}scroll`,
  /** The webshop basket (features/webshop/lib/basket.ts). */
  basket: `${STORAGE_PREFIX}basket`,
  /** The answer to the measurement question (consent.ts): kept on the device, and with the account. */
  measurementConsent: `${STORAGE_PREFIX}measurement-consent`,
  /** The signed-in person's cached page data (query-persist.ts), at most 30 days old. */
  queryCache: `${STORAGE_PREFIX}query-cache`,
  /** sessionStorage: a sign-up waiting for /app/redirects/signup-complete (its region and insurer). */
  signUpCompleting: `${STORAGE_PREFIX}signup-completing`,
  /** sessionStorage: the insurer whose sign-up link the visitor followed (/signup?insurer=…). */
  signUpInsurer: `${STORAGE_PREFIX}signup-insurer`,
} as const;

/** Drafts (e.g. an unsaved bike edit) live under this prefix, one key per draft. */
export const DRAFT_PREFIX = `${STORAGE_PREFIX}draft:`;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy mode, sandboxed iframes); the app still works without it.
    return null;
  }
}

export function readStorage(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null, which: Area = 'local'): void {
  try {
    const store = area(which);
    if (!store) return;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the value is simply not remembered.
  }
}

export function readJson<T>(key: string, which: Area = 'local'): T | null {
  const raw = readStorage(key, which);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, which: Area = 'local'): void {
  writeStorage(key, value === null ? null : JSON.stringify(value), which);
}

/** Removes every key of this app from local and session storage. `keep` names keys to spare. */
export function wipeAppStorage(keep: readonly string[] = []): void {
  for (const which of ['local', 'session'] as const) {
    const store = area(which);
    if (!store) continue;
    const doomed: string[] = [];
    for (let index = 0; index < store.length; index += 1) {
      const key = store.key(index);
      if (key?.startsWith(STORAGE_PREFIX) && !keep.includes(key)) doomed.push(key);
    }
    for (const key of doomed) store.removeItem(key);
  }
}

/** A year, like the choice in localStorage (which never expires). */
const CHOICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * A choice of this device the server must know too (the language and region it paints a page in, the
 * answer to the measurement question): a first-party cookie with nothing personal in it, written
 * through the Cookie Store API; null removes it. A browser without that API keeps the choice in
 * localStorage only; the painted page then turns to it after hydration.
 */
export function writeChoiceCookie(name: string, value: string | null): void {
  if (typeof window === 'undefined' || !('cookieStore' in window)) return;
  const written =
    value === null
      ? window.cookieStore.delete(name)
      : window.cookieStore.set({
          name,
          value,
          path: '/',
          expires: Date.now() + CHOICE_COOKIE_MAX_AGE_MS,
          sameSite: 'lax',
        });
  written.catch(() => {
    // Cookies refused (a privacy setting): the choice is still remembered in localStorage.
  });
}

/** The value of the cookie `name` in a Cookie header (or document.cookie), or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

/** The value of one of this site's cookies in the browser (document.cookie), or null. */
export function readCookie(name: string): string | null {
  return typeof document === 'undefined' ? null : cookieValue(document.cookie, name);
}
