import type { Query, QueryClient } from '@tanstack/react-query';
import {
  type PersistedClient,
  type Persister,
  persistQueryClient,
} from '@tanstack/react-query-persist-client';
import type { SessionSnapshot } from './session-store.ts';

/*
 * Cached page data survives a reload for up to 30 days (SPEC §9: 2,592,000 s) through TanStack
 * Query's persister (`persistQueryClient`, on storagePersister below), in localStorage under one key. It is only ever one account's: the key's
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

/**
 * Work areas where the signed-in person reads other people's data (staff, an insurer's admin, the
 * police's search, a survey's admins): their answers are never kept on the device.
 */
const WORK_AREAS = new Set(['backoffice', 'insurer-admin', 'org-bike-search', 'survey-admin', 'support']);

/**
 * The account itself (profile, consents, sessions): small, asked for first anyway, and the settings
 * form takes its values once — a kept copy older than a change made by a mailed link (a new e-mail
 * address) would fill it with the old ones.
 */
const ALWAYS_FRESH = new Set(['identities']);

/**
 * What is kept: answers that arrived, of the person's own screens. Never a one-time action's answer
 * held as a query for ever or not at all (a mailed link's validation, which signs in: gcTime
 * Infinity or 0), never a work area's (WORK_AREAS), and never a query with `meta: { persist: false }`.
 */
export function shouldPersistQuery(query: Query): boolean {
  if (query.state.status !== 'success' || query.meta?.persist === false) return false;
  if (!Number.isFinite(query.gcTime) || query.gcTime <= 0) return false;
  const area = query.queryKey[0];
  if (typeof area !== 'string') return true;
  return !(WORK_AREAS.has(area) || ALWAYS_FRESH.has(area) || area.startsWith('backoffice'));
}

/** How long cache changes are gathered before they are written. */
export const SAVE_THROTTLE_MS = 1000;

/**
 * TanStack's Persister on a synchronous storage: changes are written at most once a second, and
 * at once when the page is hidden or left (a reload right after a change restores the change, not
 * the state before it); removing cancels a write still waiting, so nothing comes back after it.
 */
export function storagePersister(storage: Storage, key: string): Persister & { flush(): void } {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const flush = () => {
    cancel();
    const client = pending;
    pending = null;
    if (!client) return;
    try {
      storage.setItem(key, JSON.stringify(client));
    } catch {
      // Full or unavailable: keeping nothing is better than keeping a part.
      storage.removeItem(key);
    }
  };
  return {
    persistClient(client) {
      pending = client;
      timer ??= setTimeout(flush, SAVE_THROTTLE_MS);
    },
    restoreClient() {
      try {
        const raw = storage.getItem(key);
        return raw ? (JSON.parse(raw) as PersistedClient) : undefined;
      } catch {
        return undefined;
      }
    },
    removeClient() {
      cancel();
      pending = null;
      storage.removeItem(key);
    },
    flush,
  };
}

export interface PersistenceOptions {
  /** How long kept data stays usable: CACHE_MAX_AGE_MS. */
  maxAge: number;
  /** The storage key: STORAGE_KEYS.queryCache. */
  key: string;
  /** The session (sessionStore). */
  session: { getSnapshot(): SessionSnapshot; subscribe(listener: () => void): () => void };
  storage?: Storage;
}

/**
 * Keeps `queryClient`'s cache for the signed-in account; answers the stop. What it needs of the
 * first page comes as options, so this lazily loaded module (and TanStack's persister with it)
 * splits no module off the first page's chunks (`npm run test:budget`).
 */
export function startQueryPersistence(queryClient: QueryClient, options: PersistenceOptions): () => void {
  const { maxAge, key, session, storage = window.localStorage } = options;
  const persister = storagePersister(storage, key);
  let owner: string | null = null;
  let stopSaving: (() => void) | null = null;

  const follow = (snapshot: SessionSnapshot) => {
    const next = cacheOwner(snapshot);
    if (next === owner && stopSaving) return;
    stopSaving?.();
    stopSaving = null;
    if (owner !== null && next !== owner) persister.removeClient();
    owner = next;
    if (next === null) {
      persister.removeClient();
      return;
    }
    // Restores what this account kept (another account's or an older one is dropped), then saves.
    const [stop, restored] = persistQueryClient({
      queryClient,
      persister,
      maxAge,
      buster: next,
      dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
    });
    stopSaving = stop;
    // What was kept shows at once, and is asked for again as each screen opens.
    void restored.then(() => queryClient.invalidateQueries({ refetchType: 'none' }));
  };

  follow(session.getSnapshot());
  const unsubscribe = session.subscribe(() => follow(session.getSnapshot()));
  const onHide = () => {
    if (document.visibilityState === 'hidden') persister.flush();
  };
  window.addEventListener('pagehide', persister.flush);
  document.addEventListener('visibilitychange', onHide);
  return () => {
    unsubscribe();
    stopSaving?.();
    window.removeEventListener('pagehide', persister.flush);
    document.removeEventListener('visibilitychange', onHide);
  };
}
