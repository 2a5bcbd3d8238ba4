import {
  DEVICE_OFFLINE_AFTER_SECONDS,
  HEARTBEAT_INTERVAL_SECONDS,
  LOCK_COMMAND_TIMEOUT_SECONDS,
  type LockState,
} from '@nbr/domain/docks';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { RealtimeHub } from '../../platform/realtime/hub.ts';
import * as devices from './lock-devices.repository.ts';
import { displayLockState, dockChannel } from './lock-state.ts';

/*
 * What the device socket, the commands and the screens' channel share (issue 28): their deps and
 * settings, the hub keys between instances, and publishing a lock's display state. Who may use, see
 * or operate a dock is checked as the docks' own routes check it (docks.service.ts).
 */

export interface LocksSettings {
  /** A command not answered within this is timed out (LOCK_COMMAND_TIMEOUT_SECONDS). */
  commandTimeoutMs: number;
  /** Told to devices in BootNotification's answer (HEARTBEAT_INTERVAL_SECONDS). */
  heartbeatIntervalSeconds: number;
  /** A device not heard for this long is marked disconnected and its locks offline (DEVICE_OFFLINE_AFTER_SECONDS). */
  offlineAfterMs: number;
  /** How often the server pings a device's socket; two unanswered pings close it. */
  socketPingMs: number;
  /** How often a waiting request checks the database for its command's outcome (besides the hub's word). */
  outcomePollMs: number;
  /** How often the background pass times out commands and marks silent devices offline. */
  passIntervalMs: number;
}

export const DEFAULT_LOCKS_SETTINGS: LocksSettings = {
  commandTimeoutMs: LOCK_COMMAND_TIMEOUT_SECONDS * 1000,
  heartbeatIntervalSeconds: HEARTBEAT_INTERVAL_SECONDS,
  offlineAfterMs: DEVICE_OFFLINE_AFTER_SECONDS * 1000,
  socketPingMs: HEARTBEAT_INTERVAL_SECONDS * 1000,
  outcomePollMs: 1000,
  passIntervalMs: 15_000,
};

export interface LocksDeps {
  db: Database;
  hub: RealtimeHub;
  /** This API instance's name: written on the devices whose sockets it holds and the commands it sends. */
  instanceId: string;
  publicUrl: string;
  settings: LocksSettings;
  log: FastifyBaseLogger;
}

/** The hub key of a device: commands for it and orders to close its older connections. */
export function deviceKey(deviceId: string): string {
  return `dock-device:${deviceId}`;
}

/** The hub key of a command: its outcome was written. */
export function commandKey(commandId: string): string {
  return `dock-command:${commandId}`;
}

/** A lock's display state (lock-state.ts) from its facts. */
function stateOf(row: devices.LockFactsRow, now: Date): LockState {
  return displayLockState(
    {
      reportedStatus: row.reportedStatus,
      outOfServiceAt: row.outOfServiceAt,
      deviceLastSeenAt: row.deviceLastSeenAt,
      deviceConnected: row.deviceConnectedInstance !== null,
      hasUnlockUnderway: row.hasUnlockUnderway,
    },
    now,
  );
}

/**
 * Tells the screens following the dock the state of locks whose facts the caller has just read or
 * written (a statement that changed the lock answered them): no read of its own. Never throws.
 */
export async function publishLockFacts(
  deps: Pick<LocksDeps, 'hub' | 'log'>,
  rows: readonly devices.LockFactsRow[],
  now = new Date(),
): Promise<void> {
  try {
    await Promise.all(
      rows.map((row) =>
        deps.hub.publish(dockChannel(row.dockId), {
          type: 'dock.lock',
          dock_id: row.dockId,
          lock_id: row.id,
          state: stateOf(row, now),
          at: now.toISOString(),
        }),
      ),
    );
  } catch (error) {
    deps.log.warn({ err: error }, 'docks: could not publish lock states');
  }
}

/** Tells the screens following the dock a lock's state as it is now (read first). Never throws. */
export async function publishLockState(
  deps: Pick<LocksDeps, 'db' | 'hub' | 'log'>,
  lockIds: readonly string[],
): Promise<void> {
  let rows: devices.LockFactsRow[];
  try {
    rows = await devices.lockFacts(deps.db, lockIds);
  } catch (error) {
    deps.log.warn({ err: error }, 'docks: could not publish lock states');
    return;
  }
  await publishLockFacts(deps, rows);
}

/** Every lock of the device, published (a connection opened or closed). */
export async function publishLocksOfDevice(
  deps: Pick<LocksDeps, 'db' | 'hub' | 'log'>,
  deviceId: string,
): Promise<void> {
  try {
    const rows = await devices.locksOfDevice(deps.db, deviceId);
    await publishLockState(
      deps,
      rows.map((row) => row.id),
    );
  } catch (error) {
    deps.log.warn({ err: error }, 'docks: could not publish the locks of a device');
  }
}
