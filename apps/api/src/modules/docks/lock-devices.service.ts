import { createHash, randomBytes, randomInt } from 'node:crypto';
import { DOCK_SUBPROTOCOL } from '@nbr/domain/dock-protocol';
import {
  type DevicePairingResult,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_TTL_MINUTES,
  type PairingCode,
} from '@nbr/domain/docks';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { hashDevicePassword, verifyDevicePassword } from './device-credentials.ts';
import { requireOperatedDock } from './docks.service.ts';
import * as repository from './lock-devices.repository.ts';
import { deviceKey, type LocksDeps, publishLocksOfDevice } from './lock-live.ts';

/*
 * Pairing lock devices with a dock (issue 28, docs/docks-protocol.md "Pairing"): the operator makes a
 * device slot with a one-time code, the device trades the code once for its own credentials (a Basic
 * password), and the operator may retire it, which ends its connection and its credentials.
 */

/** The pairing code as stored: SHA-256 hex, so the database never holds a code that could be used. */
function hashPairingCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

function newPairingCode(): string {
  let code = '';
  for (let index = 0; index < PAIRING_CODE_LENGTH; index += 1) {
    code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  }
  return code;
}

/** POST /api/docks/{dockId}/devices: a new device slot of the operator's dock, with its one-time code. */
export async function createDeviceSlot(
  deps: LocksDeps,
  auth: RequestAuth,
  dockId: string,
): Promise<PairingCode> {
  if (!isUuid(dockId)) throw new AppError('dock_not_found');
  return deps.db.transaction(async (tx) => {
    const dock = await requireOperatedDock(tx, auth, dockId);
    if (dock.closedAt !== null) throw new AppError('dock_closed_down');
    const now = new Date();
    const code = newPairingCode();
    const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_MINUTES * 60_000);
    const id = uuidv7(now.getTime());
    await repository.insertDeviceSlot(tx, {
      id,
      dockId,
      pairingCodeHash: hashPairingCode(code),
      pairingCodeExpiresAt: expiresAt,
    });
    return { device_id: id, code, expires_at: expiresAt.toISOString() };
  });
}

/** Where the device connects: the public address's websocket scheme and the device endpoint. */
function deviceWebsocketUrl(publicUrl: string): string {
  const url = new URL('/api/docks/devices/websocket', publicUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * POST /api/docks/devices/pairings (the device, no account): the code is used once, within its
 * time; the device gets its id and a random password (stored hashed), and its connectors become
 * locks of the dock, labelled 1…n, or the next free numbers when a label is taken.
 */
export async function pairDevice(
  deps: LocksDeps,
  request: { code: string; connectors: number },
): Promise<DevicePairingResult> {
  const now = new Date();
  const password = randomBytes(32).toString('base64url');
  const device = await deps.db.transaction(async (tx) => {
    const found = await repository.lockDeviceByPairingCode(tx, hashPairingCode(request.code));
    if (!found?.pairingCodeExpiresAt || found.pairingCodeExpiresAt <= now) {
      throw new AppError('pairing_code_invalid');
    }
    await repository.lockDockRow(tx, found.dockId);
    await repository.markPaired(tx, found.id, hashDevicePassword(password), now);
    const taken = await repository.labelsOfDock(tx, found.dockId);
    const existing = await repository.connectorsOfDevice(tx, found.id);
    const rows: Array<{ dockId: string; deviceId: string; connectorId: number; label: string }> = [];
    let next = 1;
    for (let connectorId = 1; connectorId <= request.connectors; connectorId += 1) {
      if (existing.has(connectorId)) continue;
      let label = String(connectorId);
      if (taken.has(label)) {
        while (taken.has(String(next))) next += 1;
        label = String(next);
      }
      taken.add(label);
      rows.push({ dockId: found.dockId, deviceId: found.id, connectorId, label });
    }
    await repository.insertLocks(tx, rows);
    return found;
  });
  return {
    device_id: device.id,
    password,
    websocket_url: deviceWebsocketUrl(deps.publicUrl),
    subprotocol: DOCK_SUBPROTOCOL,
  };
}

/** DELETE /api/docks/{dockId}/devices/{deviceId}: its credentials stop working and its socket closes. */
export async function retireDevice(
  deps: LocksDeps,
  auth: RequestAuth,
  dockId: string,
  deviceId: string,
): Promise<void> {
  if (!isUuid(dockId)) throw new AppError('dock_not_found');
  if (!isUuid(deviceId)) throw new AppError('device_not_found');
  await deps.db.transaction(async (tx) => {
    await requireOperatedDock(tx, auth, dockId);
    const device = await repository.findDeviceOfDock(tx, dockId, deviceId);
    if (!device || device.retiredAt !== null) throw new AppError('device_not_found');
    await repository.retireDevice(tx, deviceId, new Date());
  });
  await deps.hub.publish(deviceKey(deviceId), { type: 'dock.device_disconnect', keep_connection_id: null });
  await publishLocksOfDevice(deps, deviceId);
}

/** The device a Basic header names, when its password is right; null otherwise (never says which). */
export async function authenticateDevice(
  deps: Pick<LocksDeps, 'db'>,
  header: string | undefined,
): Promise<{ id: string; dockId: string } | null> {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice('Basic '.length).trim(), 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) return null;
  const deviceId = decoded.slice(0, separator);
  const password = decoded.slice(separator + 1);
  if (!isUuid(deviceId)) return null;
  const device = await repository.findActiveDevice(deps.db, deviceId);
  if (!device || !verifyDevicePassword(password, device.passwordHash)) return null;
  return { id: device.id, dockId: device.dockId };
}
