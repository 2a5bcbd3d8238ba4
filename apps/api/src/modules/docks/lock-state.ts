import type { ConnectorStatus } from '@nbr/domain/dock-protocol';
import { DEVICE_OFFLINE_AFTER_SECONDS, type LockState } from '@nbr/domain/docks';

/*
 * The one place a lock's stored facts become the state a screen shows (issue 28). What the device
 * last reported decides, so a lock the device says is open is never shown locked; a device not
 * heard from for DEVICE_OFFLINE_AFTER_SECONDS, or whose socket is closed, is offline whatever it
 * said last; the operator's out-of-service mark wins over both; an unlock sent and not yet answered
 * shows as opening.
 */

export interface LockFacts {
  reportedStatus: string;
  outOfServiceAt: Date | null;
  /** The device's last frame of any kind. */
  deviceLastSeenAt: Date | null;
  /** An instance holds the device's socket now. */
  deviceConnected: boolean;
  /** An unlock of this lock is pending or sent and not answered yet. */
  hasUnlockUnderway: boolean;
}

const BY_REPORTED_STATUS: Record<ConnectorStatus, LockState> = {
  Available: 'free',
  Occupied: 'occupied',
  Locked: 'locked',
  Unlocking: 'opening',
  Faulted: 'fault',
};

export function isDeviceOnline(
  device: { lastSeenAt: Date | null; connected: boolean },
  now: Date = new Date(),
): boolean {
  if (!device.connected || device.lastSeenAt === null) return false;
  return now.getTime() - device.lastSeenAt.getTime() < DEVICE_OFFLINE_AFTER_SECONDS * 1000;
}

export function displayLockState(lock: LockFacts, now: Date = new Date()): LockState {
  if (lock.outOfServiceAt !== null) return 'out_of_service';
  if (!isDeviceOnline({ lastSeenAt: lock.deviceLastSeenAt, connected: lock.deviceConnected }, now)) {
    return 'offline';
  }
  const reported = BY_REPORTED_STATUS[lock.reportedStatus as ConnectorStatus] ?? 'fault';
  if (lock.hasUnlockUnderway && reported === 'locked') return 'opening';
  return reported;
}

/** The hub key of a dock's live channel: screens following the dock subscribe to it. */
export function dockChannel(dockId: string): string {
  return `dock:${dockId}`;
}
