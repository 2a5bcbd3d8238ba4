import type { TokenClaims } from '@nbr/domain/identity';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';
import { decodeClaims, isExpired } from './token.ts';

/*
 * The one place the session token lives: localStorage (shared by the tabs of this browser), mirrored
 * in memory and observable, so React (useSyncExternalStore) and plain code read the same value.
 */

export interface SessionSnapshot {
  token: string | null;
  claims: TokenClaims | null;
}

const SIGNED_OUT: SessionSnapshot = { token: null, claims: null };

function snapshotOf(token: string | null): SessionSnapshot {
  const claims = decodeClaims(token);
  // A malformed or expired token is worth nothing: discard it rather than send it.
  if (!token || !claims || isExpired(claims)) return SIGNED_OUT;
  return { token, claims };
}

let current: SessionSnapshot = snapshotOf(readStorage(STORAGE_KEYS.token));
if (!current.token) writeStorage(STORAGE_KEYS.token, null);
const listeners = new Set<() => void>();

function publish(next: SessionSnapshot): void {
  if (next.token === current.token) return;
  current = next;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Signing in or out in another tab applies here too.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.token || event.key === null) {
      publish(snapshotOf(readStorage(STORAGE_KEYS.token)));
    }
  });
}

export const sessionStore = {
  getSnapshot(): SessionSnapshot {
    return current;
  },
  /**
   * What the server paints with, and so what the browser hydrates a painted page with: a visitor.
   * The session lives in this browser's storage only; the page becomes the person's right after.
   */
  getServerSnapshot(): SessionSnapshot {
    return SIGNED_OUT;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getToken(): string | null {
    return current.token;
  },
  getClaims(): TokenClaims | null {
    return current.claims;
  },
  /** Stores a new token; answers its claims, or null (and signs out) when the token is unusable. */
  setToken(token: string): TokenClaims | null {
    const next = snapshotOf(token);
    writeStorage(STORAGE_KEYS.token, next.token);
    publish(next);
    return next.claims;
  },
  clear(): void {
    writeStorage(STORAGE_KEYS.token, null);
    publish(SIGNED_OUT);
  },
};
