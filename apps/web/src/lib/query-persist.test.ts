import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_MAX_AGE_MS } from './query-client.ts';
import { cacheOwner, startQueryPersistence } from './query-persist.ts';
import { sessionStore } from './session-store.ts';
import { STORAGE_KEYS } from './storage.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (person: string, extra: Record<string, unknown> = {}) =>
  `${encode({ alg: 'EdDSA' })}.${encode({
    exp: Math.floor(Date.now() / 1000) + 3600,
    email: 'a@b.dk',
    identity_party_id: person,
    party_id: person,
    verified_on: null,
    identity_signed_up_at: '2026-01-01',
    organisation_type: null,
    birth_date: null,
    zip_code: null,
    phone: null,
    sid: `s-${person}`,
    ...extra,
  })}.sig`;

const options = { maxAge: CACHE_MAX_AGE_MS, key: STORAGE_KEYS.queryCache, session: sessionStore };
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.queryCache) ?? 'null');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
});
afterEach(() => {
  sessionStore.clear();
  localStorage.clear();
  vi.useRealTimers();
});

describe('cacheOwner', () => {
  it('is the account; nobody for a visitor or staff switched into someone', () => {
    expect(cacheOwner({ token: null, claims: null })).toBeNull();
    sessionStore.setToken(token('anna'));
    expect(cacheOwner(sessionStore.getSnapshot())).toBe('anna/anna');
    sessionStore.setToken(token('anna', { act: { sub: 'staff' } }));
    expect(cacheOwner(sessionStore.getSnapshot())).toBeNull();
  });
});

describe('startQueryPersistence', () => {
  it('keeps the account’s data 30 days under its own key and restores it for that account only', async () => {
    sessionStore.setToken(token('anna'));
    const client = new QueryClient();
    const stop = startQueryPersistence(client, options);
    await vi.advanceTimersByTimeAsync(0); // saving starts once the restore is done
    client.setQueryData(['bikes'], [{ id: 'b1' }]);
    await vi.advanceTimersByTimeAsync(1100);
    expect(stored()).toMatchObject({ buster: 'anna/anna' });
    stop();

    // The same account, after a reload: restored.
    const again = new QueryClient();
    const stopAgain = startQueryPersistence(again, options);
    await vi.waitFor(() => expect(again.getQueryData(['bikes'])).toEqual([{ id: 'b1' }]));
    stopAgain();

    // Another account in this browser: nothing of Anna's is restored, and her data is gone.
    sessionStore.setToken(token('bo'));
    const other = new QueryClient();
    const stopOther = startQueryPersistence(other, options);
    await vi.advanceTimersByTimeAsync(10);
    expect(other.getQueryData(['bikes'])).toBeUndefined();
    expect(stored()?.buster ?? 'bo/bo').toBe('bo/bo');
    stopOther();
  });

  it('keeps neither one-time answers nor work areas’ data about other people', async () => {
    sessionStore.setToken(token('anna'));
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: 60_000 } } });
    const stop = startQueryPersistence(client, options);
    await vi.advanceTimersByTimeAsync(0);
    client.setQueryData(['bikes'], [{ id: 'b1' }]);
    client.setQueryData(['backoffice', 'person', 'x'], { email: 'someone@else.dk' });
    client.setQueryData(['insurer-admin', 'holder-details', 'p'], { name: 'Someone' });
    client.setQueryData(['identities', 'me'], { email: 'anna@example.test' });
    await client.prefetchQuery({
      queryKey: ['identities', 'email-verification', 'code'],
      queryFn: () => ({ authentication_token: 't' }),
      gcTime: Number.POSITIVE_INFINITY,
    });
    await vi.advanceTimersByTimeAsync(1100);
    const keys = stored().clientState.queries.map((query: { queryKey: unknown[] }) => query.queryKey[0]);
    expect(keys).toEqual(['bikes']);
    stop();
  });

  it('writes a change at once when the page is left, and nothing after the session ended', async () => {
    sessionStore.setToken(token('anna'));
    const client = new QueryClient();
    const stop = startQueryPersistence(client, options);
    await vi.advanceTimersByTimeAsync(0);
    client.setQueryData(['profile'], { street: 'Cykelvej 12' });
    window.dispatchEvent(new Event('pagehide'));
    expect(stored().clientState.queries[0].state.data).toEqual({ street: 'Cykelvej 12' });
    client.setQueryData(['profile'], { street: 'Other' });
    sessionStore.clear();
    await vi.advanceTimersByTimeAsync(1100);
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).toBeNull();
    stop();
  });

  it('drops data older than 30 days', async () => {
    sessionStore.setToken(token('anna'));
    localStorage.setItem(
      STORAGE_KEYS.queryCache,
      JSON.stringify({
        buster: 'anna/anna',
        timestamp: Date.now() - 31 * 86_400_000,
        clientState: { mutations: [], queries: [] },
      }),
    );
    const client = new QueryClient();
    const stop = startQueryPersistence(client, options);
    await vi.advanceTimersByTimeAsync(10);
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).toBeNull();
    stop();
  });

  it('removes the kept data when the session ends or switches account', async () => {
    sessionStore.setToken(token('anna'));
    const client = new QueryClient();
    const stop = startQueryPersistence(client, options);
    await vi.advanceTimersByTimeAsync(0); // saving starts once the restore is done
    client.setQueryData(['bikes'], [{ id: 'b1' }]);
    await vi.advanceTimersByTimeAsync(1100);
    expect(stored()).not.toBeNull();
    sessionStore.clear();
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).toBeNull();
    sessionStore.setToken(token('anna'));
    await vi.advanceTimersByTimeAsync(0);
    client.setQueryData(['bikes'], [{ id: 'b2' }]);
    await vi.advanceTimersByTimeAsync(1100);
    expect(stored()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1100);
    sessionStore.setToken(token('anna', { act: { sub: 'staff' } }));
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).toBeNull();
    stop();
  });
});
