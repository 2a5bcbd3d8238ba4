import type { DockLocks, LockCommandResult, LockView } from '@nbr/domain/docks';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { localeTree, lookup } from '../../../test/locale-tree.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { applyLockState } from '../lib/lock-cache.ts';
import { Component as LockPage } from './lock-page.tsx';

/*
 * The lock screen tells what came of a press plainly: a lock that did not answer within 10 seconds
 * opened nothing, a lock that found no bike asks for it to be pushed in, a refusal of the API is
 * said in the dock's own words. The API is faked at fetch; the live channel gets no ticket.
 */

const DOCK = '00000000-0000-4000-8000-00000000000d';
const LOCK = '00000000-0000-4000-8000-00000000000a';
const BIKE = '00000000-0000-4000-8000-00000000000b';
const en = (key: string) => String(lookup(localeTree('en', 'docks'), key));

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = `${encode({ alg: 'EdDSA' })}.${encode({
  exp: Math.floor(Date.now() / 1000) + 3600,
  email: 'rider@example.dk',
  identity_party_id: 'person',
  party_id: 'person',
  verified_on: null,
  identity_signed_up_at: '2026-01-01',
  organisation_type: null,
  birth_date: null,
  zip_code: null,
  phone: null,
  sid: 's1',
})}.sig`;

const lock = (view: Partial<LockView>): LockView => ({
  id: LOCK,
  label: 'A3',
  state: 'free',
  is_mine: false,
  my_parking: null,
  ...view,
});

const dockLocks = (view: LockView): DockLocks => ({
  dock: {
    id: DOCK,
    name: 'Banegården',
    operator_name: 'Aarhus Kommune',
    street_address: 'Banegårdspladsen 1',
    postcode: '8000',
    town: 'Aarhus',
    latitude: 56.15,
    longitude: 10.2,
    access: 'signed_in',
    opening_hours: null,
    is_open_now: true,
    free_locks: view.state === 'free' ? 1 : 0,
    total_locks: 1,
    my_locks: view.is_mine ? 1 : 0,
  },
  locks: [view],
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

function answer(view: LockView, command: (init: RequestInit | undefined) => Response, isOpenNow = true) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === `/api/docks/${DOCK}/locks`) {
      const data = dockLocks(view);
      return json(200, { ...data, dock: { ...data.dock, is_open_now: isOpenNow } });
    }
    if (url.startsWith('/api/bikes/')) {
      return json(200, [
        {
          bike_id: BIKE,
          bike_ownership_id: '00000000-0000-4000-8000-0000000000b0',
          nickname: 'Commuter',
          frame_number: 'WDA123456Z',
          plate_id: null,
          brand: 'Kildemoes',
          model: 'Logic',
          category: 'city',
          color: 'blue',
          status: 'registered',
          visibility: 'private',
          created_at: '2026-01-01T10:00:00Z',
          thumbnail_url: null,
        },
      ]);
    }
    if (url === '/api/ws/tickets') return json(403, { detail: 'forbidden', code: 'forbidden' });
    if (url.endsWith('/lock') || url.endsWith('/unlock')) return command(init);
    return json(404, { detail: 'not_found', code: 'not_found' });
  });
}

const result = (outcome: LockCommandResult['outcome'], reason: string | null, view: LockView) =>
  ({
    command_id: '00000000-0000-4000-8000-0000000000c0',
    outcome,
    reason,
    lock: view,
  }) satisfies LockCommandResult;

beforeAll(async () => {
  await initTestI18n('en', ['common', 'docks']);
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.setToken(token);
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  sessionStore.clear();
  queryClient.clear();
});

const show = () =>
  renderRoute(
    [{ path: '/app/docks/:dockId/locks/:lockId', Component: LockPage }],
    `/app/docks/${DOCK}/locks/${LOCK}`,
  );

describe('the lock screen', () => {
  it('says plainly that nothing was opened when the lock did not answer within 10 seconds', async () => {
    const mine = lock({
      state: 'locked',
      is_mine: true,
      my_parking: { bike_id: BIKE, bike_name: 'Commuter', locked_at: '2026-12-06T08:00:00Z' },
    });
    let sent: RequestInit | undefined;
    answer(mine, (init) => {
      sent = init;
      return json(200, result('timed_out', null, mine));
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: en('lock.unlock') }));
    expect(await screen.findByText(en('outcome.timedOut'))).toBeTruthy();
    expect(en('outcome.timedOut')).toBe(
      'The lock did not answer within 10 seconds — nothing was opened. Try again or call the operator.',
    );
    // One press, one command: it carries its Idempotency-Key.
    expect(new Headers(sent?.headers).get('Idempotency-Key')).toBeTruthy();
    // Still mine, still locked: the button to try again is there.
    expect(screen.getByRole('button', { name: en('lock.unlock') })).toBeTruthy();
  });

  it('asks for the bike to be pushed in when the lock found none', async () => {
    const free = lock({});
    let body: unknown;
    answer(free, (init) => {
      body = JSON.parse(String(init?.body));
      return json(200, result('rejected', 'NoBikePresent', free));
    });
    show();
    // The one registered bike is chosen already.
    fireEvent.click(await screen.findByRole('button', { name: en('lock.lock') }));
    expect(await screen.findByText(en('outcome.rejected.NoBikePresent'))).toBeTruthy();
    expect(body).toEqual({ bike_id: BIKE });
  });

  it('says a refusal of the API in the dock’s own words', async () => {
    const free = lock({});
    answer(free, () => json(409, { detail: 'The lock is not free.', code: 'lock_not_free' }));
    show();
    fireEvent.click(await screen.findByRole('button', { name: en('lock.lock') }));
    expect(await screen.findByText(en('errors.lock_not_free'))).toBeTruthy();
  });

  it('offers no locking outside the opening hours, and says so', async () => {
    answer(lock({}), () => json(500, {}), false);
    show();
    expect(await screen.findByText(en('errors.dock_closed_now'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: en('lock.lock') })).toBeNull();
  });
  it('tells the person who just unlocked that the lock is open, and clears that once the bike is out', async () => {
    const mine = lock({
      state: 'locked',
      is_mine: true,
      my_parking: { bike_id: BIKE, bike_name: 'Commuter', locked_at: '2026-12-06T08:00:00Z' },
    });
    // The lock opened; the bike still stands in it, and the parking is closed.
    answer(mine, () => json(200, result('accepted', null, lock({ state: 'occupied' }))));
    show();
    fireEvent.click(await screen.findByRole('button', { name: en('lock.unlock') }));
    expect(await screen.findByText(en('outcome.unlocked'))).toBeTruthy();
    expect(screen.getByText(en('stateHelp.occupiedJustUnlocked'))).toBeTruthy();
    expect(screen.queryByText(en('stateHelp.occupied'))).toBeNull();

    // The bike is taken out: the lock is free, and only what is true now is said.
    act(() => applyLockState(queryClient, DOCK, LOCK, 'free'));
    expect(await screen.findByText(en('stateHelp.free'))).toBeTruthy();
    expect(screen.queryByText(en('outcome.unlocked'))).toBeNull();
    expect(screen.queryByTestId('command-outcome')).toBeNull();
    expect(await screen.findByRole('button', { name: en('lock.lock') })).toBeTruthy();

    // Someone else's bike stands in it later: the generic words again.
    act(() => applyLockState(queryClient, DOCK, LOCK, 'occupied'));
    expect(await screen.findByText(en('stateHelp.occupied'))).toBeTruthy();
    expect(screen.queryByText(en('stateHelp.occupiedJustUnlocked'))).toBeNull();
    expect(screen.queryByText(en('outcome.unlocked'))).toBeNull();
  });

  it('says of a bike in the lock that it is not locked, to anyone who did not just unlock it', async () => {
    answer(lock({ state: 'occupied' }), () => json(500, {}));
    show();
    expect(await screen.findByText(en('stateHelp.occupied'))).toBeTruthy();
    expect(screen.queryByText(en('stateHelp.occupiedJustUnlocked'))).toBeNull();
  });

  it('keeps "your bike is locked" while it is, and clears it once the lock is opened again', async () => {
    const mine = lock({
      state: 'locked',
      is_mine: true,
      my_parking: { bike_id: BIKE, bike_name: 'Commuter', locked_at: '2026-12-07T08:00:00Z' },
    });
    answer(lock({}), () => json(200, result('accepted', null, mine)));
    show();
    fireEvent.click(await screen.findByRole('button', { name: en('lock.lock') }));
    expect(await screen.findByText(en('outcome.locked'))).toBeTruthy();

    act(() => applyLockState(queryClient, DOCK, LOCK, 'free'));
    expect(await screen.findByText(en('stateHelp.free'))).toBeTruthy();
    expect(screen.queryByText(en('outcome.locked'))).toBeNull();
  });

  it('never clears a failure because the lock moved on', async () => {
    const mine = lock({
      state: 'locked',
      is_mine: true,
      my_parking: { bike_id: BIKE, bike_name: 'Commuter', locked_at: '2026-12-06T08:00:00Z' },
    });
    answer(mine, () => json(200, result('timed_out', null, mine)));
    show();
    fireEvent.click(await screen.findByRole('button', { name: en('lock.unlock') }));
    expect(await screen.findByText(en('outcome.timedOut'))).toBeTruthy();

    act(() => applyLockState(queryClient, DOCK, LOCK, 'free'));
    expect(await screen.findByText(en('stateHelp.free'))).toBeTruthy();
    expect(screen.getByText(en('outcome.timedOut'))).toBeTruthy();
  });

  it('never clears a rejection because the lock moved on', async () => {
    const free = lock({});
    answer(free, () => json(200, result('rejected', 'NoBikePresent', free)));
    show();
    fireEvent.click(await screen.findByRole('button', { name: en('lock.lock') }));
    expect(await screen.findByText(en('outcome.rejected.NoBikePresent'))).toBeTruthy();

    act(() => applyLockState(queryClient, DOCK, LOCK, 'occupied'));
    expect(await screen.findByText(en('stateHelp.occupied'))).toBeTruthy();
    expect(screen.getByText(en('outcome.rejected.NoBikePresent'))).toBeTruthy();
  });
});
