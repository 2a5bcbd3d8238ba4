import { describe, expect, it } from 'vitest';
import { displayLockState, type LockFacts } from './lock-state.ts';

const now = new Date('2026-12-06T12:00:00Z');
const online: LockFacts = {
  reportedStatus: 'Locked',
  outOfServiceAt: null,
  deviceLastSeenAt: new Date(now.getTime() - 5_000),
  deviceConnected: true,
  hasUnlockUnderway: false,
};

describe('displayLockState', () => {
  it('shows what the device reported while it is heard from', () => {
    expect(displayLockState(online, now)).toBe('locked');
    expect(displayLockState({ ...online, reportedStatus: 'Available' }, now)).toBe('free');
    expect(displayLockState({ ...online, reportedStatus: 'Occupied' }, now)).toBe('occupied');
    expect(displayLockState({ ...online, reportedStatus: 'Faulted' }, now)).toBe('fault');
    expect(displayLockState({ ...online, reportedStatus: 'Unlocking' }, now)).toBe('opening');
  });

  it('never shows a lock the device reports open as locked, even with an unlock underway', () => {
    expect(displayLockState({ ...online, reportedStatus: 'Available', hasUnlockUnderway: true }, now)).toBe(
      'free',
    );
    expect(displayLockState({ ...online, hasUnlockUnderway: true }, now)).toBe('opening');
  });

  it('is offline once the device has not been heard for 90 s or its socket is closed', () => {
    expect(displayLockState({ ...online, deviceLastSeenAt: new Date(now.getTime() - 89_000) }, now)).toBe(
      'locked',
    );
    expect(displayLockState({ ...online, deviceLastSeenAt: new Date(now.getTime() - 90_000) }, now)).toBe(
      'offline',
    );
    expect(displayLockState({ ...online, deviceConnected: false }, now)).toBe('offline');
    expect(displayLockState({ ...online, deviceLastSeenAt: null }, now)).toBe('offline');
  });

  it('shows an out-of-service mark above everything else', () => {
    expect(displayLockState({ ...online, outOfServiceAt: now, deviceConnected: false }, now)).toBe(
      'out_of_service',
    );
  });

  it('treats a status it does not know as a fault', () => {
    expect(displayLockState({ ...online, reportedStatus: 'Exploded' }, now)).toBe('fault');
  });
});
