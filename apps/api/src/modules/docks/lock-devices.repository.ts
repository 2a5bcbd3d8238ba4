import { and, asc, eq, inArray, isNotNull, isNull, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { docks, lockCommands, lockDevices, lockEvents, lockParkings, locks } from '../../db/schema/docks.ts';
import { uuidv7 } from '../../platform/ids.ts';

/*
 * Lock devices, their locks and the locks' history (issue 28): data verbs only, the rules are in
 * lock-devices.service.ts and device-socket.ts.
 */

export type LockDeviceRow = typeof lockDevices.$inferSelect;
export type LockRow = typeof locks.$inferSelect;

export async function insertDeviceSlot(
  executor: Executor,
  values: { id: string; dockId: string; pairingCodeHash: string; pairingCodeExpiresAt: Date },
): Promise<void> {
  await executor.insert(lockDevices).values(values);
}

export async function findDeviceOfDock(
  executor: Executor,
  dockId: string,
  deviceId: string,
): Promise<LockDeviceRow | null> {
  const [row] = await executor
    .select()
    .from(lockDevices)
    .where(and(eq(lockDevices.id, deviceId), eq(lockDevices.dockId, dockId)));
  return row ?? null;
}

/** The device waiting for this pairing code (not retired), locked for the pairing's transaction. */
export async function lockDeviceByPairingCode(
  executor: Executor,
  codeHash: string,
): Promise<LockDeviceRow | null> {
  const [row] = await executor
    .select()
    .from(lockDevices)
    .where(and(eq(lockDevices.pairingCodeHash, codeHash), isNull(lockDevices.retiredAt)))
    .for('update');
  return row ?? null;
}

/** Takes the dock row FOR UPDATE: pairings of one dock number their locks one after another. */
export async function lockDockRow(executor: Executor, dockId: string): Promise<void> {
  await executor.select({ id: docks.id }).from(docks).where(eq(docks.id, dockId)).for('update');
}

export async function markPaired(
  executor: Executor,
  deviceId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await executor
    .update(lockDevices)
    .set({ pairingCodeHash: null, pairingCodeExpiresAt: null, pairedAt: now, passwordHash })
    .where(eq(lockDevices.id, deviceId));
}

export async function retireDevice(executor: Executor, deviceId: string, now: Date): Promise<void> {
  await executor
    .update(lockDevices)
    .set({
      retiredAt: now,
      passwordHash: null,
      pairingCodeHash: null,
      pairingCodeExpiresAt: null,
      connectedInstance: null,
      connectedAt: null,
    })
    .where(eq(lockDevices.id, deviceId));
}

/** A paired, not retired device by id: the one a Basic user name may name. */
export async function findActiveDevice(executor: Executor, deviceId: string): Promise<LockDeviceRow | null> {
  const [row] = await executor
    .select()
    .from(lockDevices)
    .where(
      and(eq(lockDevices.id, deviceId), isNull(lockDevices.retiredAt), isNotNull(lockDevices.passwordHash)),
    );
  return row ?? null;
}

export async function labelsOfDock(executor: Executor, dockId: string): Promise<Set<string>> {
  const rows = await executor.select({ label: locks.label }).from(locks).where(eq(locks.dockId, dockId));
  return new Set(rows.map((row) => row.label));
}

export async function connectorsOfDevice(executor: Executor, deviceId: string): Promise<Set<number>> {
  const rows = await executor
    .select({ connectorId: locks.connectorId })
    .from(locks)
    .where(eq(locks.deviceId, deviceId));
  return new Set(rows.map((row) => row.connectorId));
}

export async function insertLocks(
  executor: Executor,
  rows: Array<{ dockId: string; deviceId: string; connectorId: number; label: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await executor
    .insert(locks)
    .values(rows.map((row) => ({ id: uuidv7(), ...row })))
    .onConflictDoNothing();
}

/** A device's socket opened on `instance`: it is connected and heard from now. */
export async function markConnected(
  executor: Executor,
  deviceId: string,
  instance: string,
  now: Date,
): Promise<void> {
  await executor
    .update(lockDevices)
    .set({ connectedInstance: instance, connectedAt: now, lastSeenAt: now })
    .where(eq(lockDevices.id, deviceId));
}

/**
 * The socket opened at `connectedAt` on `instance` closed; answers whether it was still the device's
 * connection (a newer one, here or elsewhere, is left alone).
 */
export async function markDisconnected(
  executor: Executor,
  deviceId: string,
  instance: string,
  connectedAt: Date,
): Promise<boolean> {
  const rows = await executor
    .update(lockDevices)
    .set({ connectedInstance: null, connectedAt: null })
    .where(
      and(
        eq(lockDevices.id, deviceId),
        eq(lockDevices.connectedInstance, instance),
        eq(lockDevices.connectedAt, connectedAt),
      ),
    )
    .returning({ id: lockDevices.id });
  return rows.length === 1;
}

export async function touchDevice(executor: Executor, deviceId: string, now: Date): Promise<void> {
  await executor.update(lockDevices).set({ lastSeenAt: now }).where(eq(lockDevices.id, deviceId));
}

/** When devices were heard (DeviceSightings), in one statement; last_seen_at never moves back. */
export async function recordSightings(
  executor: Executor,
  sightings: ReadonlyArray<{ id: string; at: Date }>,
): Promise<void> {
  if (sightings.length === 0) return;
  await executor.execute(sql`
    update ${lockDevices} d set last_seen_at = s.at
      from jsonb_to_recordset(${JSON.stringify(sightings)}::jsonb) as s(id uuid, at timestamptz)
     where d.id = s.id and (d.last_seen_at is null or d.last_seen_at < s.at)
  `);
}

export async function recordBoot(
  executor: Executor,
  deviceId: string,
  boot: { vendor: string; model: string; serialNumber: string | null; firmwareVersion: string | null },
): Promise<void> {
  await executor.update(lockDevices).set(boot).where(eq(lockDevices.id, deviceId));
}

/**
 * Devices marked connected but not heard from since `silentSince`: marked disconnected here, once
 * (whichever instance's pass gets there first), and answered so their locks are published offline.
 */
export async function disconnectSilentDevices(
  executor: Executor,
  silentSince: Date,
): Promise<Array<{ id: string; dockId: string }>> {
  return executor
    .update(lockDevices)
    .set({ connectedInstance: null, connectedAt: null })
    .where(and(isNotNull(lockDevices.connectedInstance), lt(lockDevices.lastSeenAt, silentSince)))
    .returning({ id: lockDevices.id, dockId: lockDevices.dockId });
}

export async function locksOfDevice(executor: Executor, deviceId: string): Promise<LockRow[]> {
  return executor.select().from(locks).where(eq(locks.deviceId, deviceId)).orderBy(asc(locks.connectorId));
}

export async function setReportedStatus(
  executor: Executor,
  lockId: string,
  status: string,
  at: Date,
): Promise<void> {
  await executor.update(locks).set({ reportedStatus: status, reportedAt: at }).where(eq(locks.id, lockId));
}

/**
 * A device's status report of one connector, in one statement: the lock's reported status, its open
 * parking closed when the device says the lock is open and empty (Available: the bike is gone,
 * unlocked_by = device), and the history row (with the device's own timestamp, and parking_closed
 * when it closed one; the row's time is the API's, the device's clock is not trusted). Answers the
 * lock's id, or null for a connector the device does not have (nothing written).
 */
export async function applyStatusReport(
  executor: Executor,
  deviceId: string,
  report: { connectorId: number; status: string; errorCode: string; timestamp: string },
  now: Date,
): Promise<LockFactsRow | null> {
  const at = now.toISOString();
  const result = await executor.execute(sql`
    with reported as (
      update ${locks} set reported_status = ${report.status}, reported_at = ${at}::timestamptz
       where device_id = ${deviceId} and connector_id = ${report.connectorId}
      returning id, dock_id, device_id, reported_status, out_of_service_at
    ), closed as (
      update ${lockParkings} set unlocked_at = ${at}::timestamptz, unlocked_by = 'device'
       where ${report.status}::text = 'Available' and unlocked_at is null
         and lock_id in (select id from reported)
      returning id
    ), history as (
      insert into ${lockEvents} (id, lock_id, at, kind, detail)
      select ${uuidv7(now.getTime())}::uuid, reported.id, ${at}::timestamptz, 'status',
             jsonb_build_object('status', ${report.status}::text, 'error_code', ${report.errorCode}::text,
                                'device_timestamp', ${report.timestamp}::text)
               || case when exists (select 1 from closed) then '{"parking_closed": true}'::jsonb else '{}'::jsonb end
        from reported
      returning lock_id
    )
    select r.id, r.dock_id, r.reported_status, ${lockFactsColumns(sql`r`)}
      from reported r join ${lockDevices} d on d.id = r.device_id
  `);
  const [row] = (result as unknown as { rows: RawLockFacts[] }).rows;
  return row ? lockFactsOf(row) : null;
}

export async function insertLockEvents(
  executor: Executor,
  events: Array<{ lockId: string; kind: string; detail: Record<string, unknown>; at: Date }>,
): Promise<void> {
  if (events.length === 0) return;
  await executor.insert(lockEvents).values(events.map((event) => ({ id: uuidv7(), ...event })));
}

/** A lock with the facts of its display state (lock-state.ts): the device's connection and any unlock underway. */
export interface LockFactsRow {
  id: string;
  dockId: string;
  reportedStatus: string;
  outOfServiceAt: Date | null;
  deviceLastSeenAt: Date | null;
  deviceConnectedInstance: string | null;
  hasUnlockUnderway: boolean;
}

/** A lock's facts as a statement of this module's own SQL answers them (lockFactsColumns). */
export interface RawLockFacts {
  id: string;
  dock_id: string;
  reported_status: string;
  out_of_service_ms: number | string | null;
  device_last_seen_ms: number | string | null;
  device_connected_instance: string | null;
  has_unlock_underway: boolean;
}

/**
 * Whether an unlock of the lock is pending or sent and not answered yet (it shows the lock opening),
 * leaving out `exceptCommand` (the command a statement itself decides). The one wording of it.
 */
export function unlockUnderway(lockId: SQLWrapper, exceptCommand?: SQL): SQL<boolean> {
  const other = exceptCommand ? sql` and c.id is distinct from ${exceptCommand}` : sql``;
  return sql<boolean>`exists (select 1 from ${lockCommands} c where c.lock_id = ${lockId} and c.action = 'unlock' and c.status in ('pending', 'sent')${other})`;
}

/**
 * The columns after id, dock_id and reported_status that make a lock's facts in a statement of our
 * own SQL, for the lock row `lock` (with out_of_service_at) joined to its device as `d`. Times as
 * epoch milliseconds: drivers answer timestamps of raw SQL as text in different shapes. An unlock
 * counts as underway unless it is `exceptCommand` (the command the statement itself decides).
 */
export function lockFactsColumns(lock: SQL, exceptCommand?: SQL): SQL {
  return sql`(extract(epoch from ${lock}.out_of_service_at) * 1000)::float8 as out_of_service_ms,
             (extract(epoch from d.last_seen_at) * 1000)::float8 as device_last_seen_ms,
             d.connected_instance as device_connected_instance,
             ${unlockUnderway(sql`${lock}.id`, exceptCommand)} as has_unlock_underway`;
}

const dateOfMs = (ms: number | string | null): Date | null => (ms === null ? null : new Date(Number(ms)));

export function lockFactsOf(row: RawLockFacts): LockFactsRow {
  return {
    id: row.id,
    dockId: row.dock_id,
    reportedStatus: row.reported_status,
    outOfServiceAt: dateOfMs(row.out_of_service_ms),
    deviceLastSeenAt: dateOfMs(row.device_last_seen_ms),
    deviceConnectedInstance: row.device_connected_instance,
    hasUnlockUnderway: row.has_unlock_underway,
  };
}

/** Locks with facts for their display state: the device's connection and any unlock underway. */
export async function lockFacts(executor: Executor, lockIds: readonly string[]): Promise<LockFactsRow[]> {
  if (lockIds.length === 0) return [];
  return executor
    .select({
      id: locks.id,
      dockId: locks.dockId,
      reportedStatus: locks.reportedStatus,
      outOfServiceAt: locks.outOfServiceAt,
      deviceLastSeenAt: lockDevices.lastSeenAt,
      deviceConnectedInstance: lockDevices.connectedInstance,
      hasUnlockUnderway: unlockUnderway(locks.id),
    })
    .from(locks)
    .innerJoin(lockDevices, eq(lockDevices.id, locks.deviceId))
    .where(inArray(locks.id, [...lockIds]));
}
