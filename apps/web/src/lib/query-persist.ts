import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { CACHE_MAX_AGE_MS } from './query-client.ts';
import { type SessionSnapshot, sessionStore } from './session-store.ts';
import { STORAGE_KEYS, writeStorage } from './storage.ts';

/*
 * Cached page data survives a reload for up to 30 days (SPEC §9: 2,592,000 s) through TanStack
 * Query's persister, in localStorage under one key. It is only ever one account's: the key's
 * "buster" is the account (the person and the party they act for), so data stored for another
 * account is discarded instead of restored; a visitor and staff switched into someone's account
 * keep nothing; signing out and switching accounts remove it (session.ts, and here when the
 * session changes in this or another tab). main.tsx loads this module after the first page.
 */

/** The account a session's cache belongs to, or null when nothing may be kept. */
export function cacheOwner(snapshot: SessionSnapshot): string | null {
  const claims = snapshot.claims;
  if (!claims || claims.act) return null;
  return `${claims.identity_party_id}/${claims.party_id}`;
}

/** What is kept: answers that arrived, unless the query opts out with `meta: { persist: false }`. */
export function shouldPersistQuery(query: Query): boolean {
  return query.state.status === 'success' && query.meta?.persist !== false;
}

export function forgetPersistedCache(): void {
  writeStorage(STORAGE_KEYS.queryCache, null);
}

/** Keeps `queryClient`'s cache for the signed-in account; answers the stop. */
export function startQueryPersistence(
  queryClient: QueryClient,
  storage: Storage = window.localStorage,
): () => void {
  const persister = createSyncStoragePersister({ storage, key: STORAGE_KEYS.queryCache, throttleTime: 1000 });
  let owner: string | null = null;
  let stopSaving: (() => void) | null = null;

  const follow = (snapshot: SessionSnapshot) => {
    const next = cacheOwner(snapshot);
    if (next === owner && stopSaving) return;
    stopSaving?.();
    stopSaving = null;
    if (owner !== null && next !== owner) storage.removeItem(STORAGE_KEYS.queryCache);
    owner = next;
    if (next === null) {
      storage.removeItem(STORAGE_KEYS.queryCache);
      return;
    }
    // Restores what this account kept (another account's or an older one is dropped), then saves.
    [stopSaving] = persistQueryClient({
      queryClient,
      persister,
      maxAge: CACHE_MAX_AGE_MS,
      buster: next,
      dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
    });
  };

  follow(sessionStore.getSnapshot());
  const unsubscribe = sessionStore.subscribe(() => follow(sessionStore.getSnapshot()));
  return () => {
    unsubscribe();
    stopSaving?.();
  };
}
