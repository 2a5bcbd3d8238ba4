import type { DockLocks, LockView } from '@nbr/domain/docks';
import { describe, expect, it } from 'vitest';
import { withLockState, withLockView } from './lock-cache.ts';

const lock = (id: string, state: LockView['state'], isMine = false): LockView => ({
  id,
  label: id.toUpperCase(),
  state,
  is_mine: isMine,
  my_parking: isMine ? { bike_id: null, bike_name: 'Blue', locked_at: '2026-12-06T10:00:00Z' } : null,
});

const dockLocks = (locks: LockView[]): DockLocks => ({
  dock: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Station',
    operator_name: 'Town',
    street_address: 'Street 1',
    postcode: '8000',
    town: 'Aarhus',
    latitude: 56,
    longitude: 10,
    access: 'signed_in',
    opening_hours: null,
    is_open_now: true,
    free_locks: locks.filter((l) => l.state === 'free').length,
    total_locks: locks.length,
    my_locks: locks.filter((l) => l.is_mine).length,
  },
  locks,
});

describe('the cached locks of a dock', () => {
  it('takes a live state and counts the free locks again', () => {
    const before = dockLocks([lock('a', 'free'), lock('b', 'free')]);
    const after = withLockState(before, 'a', 'locked');
    expect(after.locks[0]?.state).toBe('locked');
    expect(after.dock.free_locks).toBe(1);
  });

  it('forgets my parking when my lock is free again (an operator opened it)', () => {
    const after = withLockState(dockLocks([lock('a', 'locked', true)]), 'a', 'free');
    expect(after.locks[0]).toMatchObject({ state: 'free', is_mine: false, my_parking: null });
    expect(after.dock.my_locks).toBe(0);
  });

  it('keeps my parking while my lock is offline, and ignores unknown locks and repeats', () => {
    const before = dockLocks([lock('a', 'locked', true)]);
    expect(withLockState(before, 'a', 'offline').locks[0]?.is_mine).toBe(true);
    expect(withLockState(before, 'zz', 'free')).toBe(before);
    expect(withLockState(before, 'a', 'locked')).toBe(before);
  });

  it('takes a command answer whole, mine included', () => {
    const after = withLockView(dockLocks([lock('a', 'free')]), lock('a', 'locked', true));
    expect(after.locks[0]?.is_mine).toBe(true);
    expect(after.dock).toMatchObject({ free_locks: 0, my_locks: 1 });
  });
});
