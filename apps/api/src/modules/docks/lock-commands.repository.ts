import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lockCommands, lockDevices, lockParkings, locks } from '../../db/schema/docks.ts';

/*
 * Lock commands and the parkings they open and close (issue 28).
 */

export type LockCommandRow = typeof lockCommands.$inferSelect;
export type LockParkingRow = typeof lockParkings.$inferSelect;

export async function findLockOfDock(executor: Executor, dockId: string, lockId: string, lock = false) {
  const query = executor
    .select({ lock: locks, device: lockDevices })
    .from(locks)
    .innerJoin(lockDevices, eq(lockDevices.id, locks.deviceId))
    .where(and(eq(locks.id, lockId), eq(locks.dockId, dockId)));
  const [row] = lock ? await query.for('update', { of: locks }) : await query;
  return row ?? null;
}

export async function findOpenParkingOfLock(
  executor: Executor,
  lockId: string,
): Promise<LockParkingRow | null> {
  const [row] = await executor
    .select()
    .from(lockParkings)
    .where(and(eq(lockParkings.lockId, lockId), isNull(lockParkings.unlockedAt)));
  return row ?? null;
}

/** The bike is parked in a lock, or a lock command for it is underway. */
export async function isBikeParked(executor: Executor, bikeId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: lockParkings.id })
    .from(lockParkings)
    .where(and(eq(lockParkings.bikeId, bikeId), isNull(lockParkings.unlockedAt)))
    .union(
      executor
        .select({ id: lockCommands.id })
        .from(lockCommands)
        .where(
          and(
            eq(lockCommands.bikeId, bikeId),
            eq(lockCommands.action, 'lock'),
            inArray(lockCommands.status, ['pending', 'sent']),
          ),
        ),
    )
    .limit(1);
  return row !== undefined;
}

export async function hasCommandUnderway(executor: Executor, lockId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: lockCommands.id })
    .from(lockCommands)
    .where(and(eq(lockCommands.lockId, lockId), inArray(lockCommands.status, ['pending', 'sent'])))
    .limit(1);
  return row !== undefined;
}

export async function insertCommand(
  executor: Executor,
  values: typeof lockCommands.$inferInsert,
): Promise<LockCommandRow> {
  const [row] = await executor.insert(lockCommands).values(values).returning();
  if (!row) throw new Error('lock command not inserted');
  return row;
}

export async function findCommand(executor: Executor, commandId: string): Promise<LockCommandRow | null> {
  const [row] = await executor.select().from(lockCommands).where(eq(lockCommands.id, commandId));
  return row ?? null;
}

export async function lockCommandRow(
  executor: Executor,
  commandId: string,
  deviceId: string,
): Promise<LockCommandRow | null> {
  const [row] = await executor
    .select()
    .from(lockCommands)
    .where(and(eq(lockCommands.id, commandId), eq(lockCommands.deviceId, deviceId)))
    .for('update');
  return row ?? null;
}

/**
 * Takes a pending command for sending on this instance: the one UPDATE that lets exactly one
 * instance send it, once. Null when it was taken, decided or timed out already.
 */
export async function claimCommand(
  executor: Executor,
  commandId: string,
  deviceId: string,
  instance: string,
  now: Date,
): Promise<LockCommandRow | null> {
  const [row] = await executor
    .update(lockCommands)
    .set({ status: 'sent', sentAt: now, sentByInstance: instance })
    .where(
      and(
        eq(lockCommands.id, commandId),
        eq(lockCommands.deviceId, deviceId),
        eq(lockCommands.status, 'pending'),
      ),
    )
    .returning();
  return row ?? null;
}

/** Commands of the device still waiting for a socket (queued while it was reconnecting). */
export async function pendingCommandsOfDevice(
  executor: Executor,
  deviceId: string,
): Promise<Array<{ id: string }>> {
  return executor
    .select({ id: lockCommands.id })
    .from(lockCommands)
    .where(and(eq(lockCommands.deviceId, deviceId), eq(lockCommands.status, 'pending')));
}

/** Writes the outcome, once: only while the command is still pending or sent. */
export async function decideCommand(
  executor: Executor,
  commandId: string,
  outcome: {
    status: 'accepted' | 'rejected' | 'timed_out';
    deviceAnswer: string | null;
    answeredAt: Date | null;
    parkingId?: string | null;
  },
): Promise<LockCommandRow | null> {
  const [row] = await executor
    .update(lockCommands)
    .set(outcome)
    .where(and(eq(lockCommands.id, commandId), inArray(lockCommands.status, ['pending', 'sent'])))
    .returning();
  return row ?? null;
}

/** An answer after the outcome was written: kept in the log columns only, the first one. */
export async function recordLateAnswer(
  executor: Executor,
  commandId: string,
  answer: string,
  now: Date,
): Promise<boolean> {
  const rows = await executor
    .update(lockCommands)
    .set({ lateAnswer: answer, lateAnswerAt: now })
    .where(and(eq(lockCommands.id, commandId), isNull(lockCommands.lateAnswer)))
    .returning({ id: lockCommands.id });
  return rows.length === 1;
}

/** Commands whose deadline passed without an outcome (their instance died or the device never answered). */
export async function timeOutExpiredCommands(executor: Executor, now: Date) {
  return executor
    .update(lockCommands)
    .set({ status: 'timed_out' })
    .where(and(inArray(lockCommands.status, ['pending', 'sent']), lt(lockCommands.deadlineAt, now)))
    .returning({ id: lockCommands.id, lockId: lockCommands.lockId });
}

export async function insertParking(
  executor: Executor,
  values: typeof lockParkings.$inferInsert,
): Promise<void> {
  await executor.insert(lockParkings).values(values);
}
