import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { lockCommands, lockDevices, lockEvents, lockParkings, locks } from '../../db/schema/docks.ts';
import {
  type LockFactsRow,
  lockFactsColumns,
  lockFactsOf,
  type RawLockFacts,
  unlockUnderway,
} from './lock-devices.repository.ts';

/*
 * Lock commands and the parkings they open and close (issue 28).
 */

export type LockCommandRow = typeof lockCommands.$inferSelect;
export type LockParkingRow = typeof lockParkings.$inferSelect;

/** A lock of the dock with what a command's checks need of it and its device; `lock` FOR UPDATE of the lock. */
export async function findLockOfDock(executor: Executor, dockId: string, lockId: string, lock = false) {
  const query = executor
    .select({
      lock: {
        id: locks.id,
        dockId: locks.dockId,
        label: locks.label,
        reportedStatus: locks.reportedStatus,
        outOfServiceAt: locks.outOfServiceAt,
      },
      device: {
        id: lockDevices.id,
        lastSeenAt: lockDevices.lastSeenAt,
        connectedInstance: lockDevices.connectedInstance,
        retiredAt: lockDevices.retiredAt,
      },
    })
    .from(locks)
    .innerJoin(lockDevices, eq(lockDevices.id, locks.deviceId))
    .where(and(eq(locks.id, lockId), eq(locks.dockId, dockId)));
  const [row] = lock ? await query.for('update', { of: locks }) : await query;
  return row ?? null;
}

/** A command to write: what the caller decided; its bike and parking come with the checks (below). */
export interface NewLockCommand {
  id: string;
  lockId: string;
  deviceId: string;
  action: 'lock' | 'unlock';
  requestedByPartyId: string;
  operatorPartyId?: string | null;
  reason?: string | null;
  /** A lock command's bike; an unlock's is the parking's. */
  bikeId?: string | null;
  deadlineAt: Date;
  createdAt: Date;
}

/** The lock's open parking as a command's checks need it. */
export interface OpenParking {
  id: string;
  partyId: string;
  bikeId: string | null;
}

export interface CommandWithChecks {
  command: LockCommandRow;
  /** Another command on the lock still pending or sent. */
  commandUnderway: boolean;
  /** A lock command's bike parked, or being parked, anywhere (false for an unlock). */
  bikeParked: boolean;
  parking: OpenParking | null;
}

/**
 * Writes a command and answers, read in the same statement, what its checks need: any other
 * command underway on the lock, the lock's open parking (an unlock closes it: the command takes its
 * bike and id), and for a lock command whether its bike is parked or being parked elsewhere. Called
 * with the lock's row locked (findLockOfDock FOR UPDATE), so the statement sees every command
 * committed before; a command on the lock committed after waits for the row lock. The command is
 * written whatever the checks say: a caller whose checks refuse it throws, and its transaction takes
 * the command back. (The checks read the statement's snapshot, which never holds its own insert.)
 */
export async function insertCommandWithChecks(
  executor: Executor,
  values: NewLockCommand,
): Promise<CommandWithChecks> {
  const bikeToPark = values.action === 'lock' ? (values.bikeId ?? null) : null;
  const result = await executor.execute(sql`
    with checks as (
      select exists (select 1 from ${lockCommands} c
                      where c.lock_id = ${values.lockId}::uuid and c.status in ('pending', 'sent'))
               as command_underway,
             ${bikeToPark}::uuid is not null and (
               exists (select 1 from ${lockParkings} p
                        where p.bike_id = ${bikeToPark}::uuid and p.unlocked_at is null)
               or exists (select 1 from ${lockCommands} c
                           where c.bike_id = ${bikeToPark}::uuid and c.action = 'lock'
                             and c.status in ('pending', 'sent'))
             ) as bike_parked,
             p.id as parking_id, p.party_id as parking_party_id, p.bike_id as parking_bike_id
        from (select 1) as one
        left join ${lockParkings} p on p.lock_id = ${values.lockId}::uuid and p.unlocked_at is null
    ), inserted as (
      insert into ${lockCommands} (id, lock_id, device_id, action, requested_by_party_id,
                                   operator_party_id, reason, bike_id, parking_id, deadline_at, created_at)
      select ${values.id}::uuid, ${values.lockId}::uuid, ${values.deviceId}::uuid, ${values.action}::text,
             ${values.requestedByPartyId}::uuid, ${values.operatorPartyId ?? null}::uuid,
             ${values.reason ?? null}::text,
             case when ${values.action}::text = 'lock' then ${bikeToPark}::uuid else checks.parking_bike_id end,
             case when ${values.action}::text = 'lock' then null else checks.parking_id end,
             ${values.deadlineAt.toISOString()}::timestamptz, ${values.createdAt.toISOString()}::timestamptz
        from checks
      returning status
    )
    select checks.*, inserted.status from checks, inserted
  `);
  const [row] = (
    result as unknown as {
      rows: Array<{
        command_underway: boolean;
        bike_parked: boolean;
        parking_id: string | null;
        parking_party_id: string | null;
        parking_bike_id: string | null;
        status: string;
      }>;
    }
  ).rows;
  if (!row) throw new Error('lock command not inserted');
  const parking =
    row.parking_id !== null && row.parking_party_id !== null
      ? { id: row.parking_id, partyId: row.parking_party_id, bikeId: row.parking_bike_id }
      : null;
  const command: LockCommandRow = {
    id: values.id,
    lockId: values.lockId,
    deviceId: values.deviceId,
    action: values.action,
    requestedByPartyId: values.requestedByPartyId,
    operatorPartyId: values.operatorPartyId ?? null,
    reason: values.reason ?? null,
    bikeId: values.action === 'lock' ? bikeToPark : (parking?.bikeId ?? null),
    parkingId: values.action === 'lock' ? null : (parking?.id ?? null),
    status: row.status,
    deviceAnswer: null,
    sentAt: null,
    sentByInstance: null,
    deadlineAt: values.deadlineAt,
    answeredAt: null,
    lateAnswer: null,
    lateAnswerAt: null,
    createdAt: values.createdAt,
  };
  return { command, commandUnderway: row.command_underway, bikeParked: row.bike_parked, parking };
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

/** claimCommand's statement, prepared per database (db/prepared.ts): every command runs it. */
const claimStatementOf = preparedPerDatabase((executor) =>
  executor
    .update(lockCommands)
    .set({
      status: 'sent',
      sentAt: sql`${sql.placeholder('now')}::timestamptz`,
      sentByInstance: sql`${sql.placeholder('instance')}::text`,
    })
    .where(
      and(
        eq(lockCommands.id, sql.placeholder('commandId')),
        eq(lockCommands.deviceId, sql.placeholder('deviceId')),
        eq(lockCommands.status, 'pending'),
      ),
    )
    .returning({
      id: lockCommands.id,
      action: lockCommands.action,
      connectorId: sql<number>`(select l.connector_id from ${locks} l where l.id = ${lockCommands.lockId})`,
    })
    .prepare('dock_claim_command'),
);

/**
 * Takes a pending command for sending on this instance: the one UPDATE that lets exactly one
 * instance send it, once; answers what the device is told (the lock's connector with it). Null
 * when it was taken, decided or timed out already.
 */
export async function claimCommand(
  executor: Executor,
  commandId: string,
  deviceId: string,
  instance: string,
  now: Date,
): Promise<{ id: string; action: string; connectorId: number } | null> {
  const [row] = await claimStatementOf(executor).execute({
    commandId,
    deviceId,
    instance,
    now: now.toISOString(),
  });
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

/** commandWithLock's statement, prepared per database (db/prepared.ts): every command runs it. */
const commandWithLockStatementOf = preparedPerDatabase((executor) =>
  executor
    .select({
      command: { id: lockCommands.id, status: lockCommands.status, deviceAnswer: lockCommands.deviceAnswer },
      lock: {
        id: locks.id,
        label: locks.label,
        reportedStatus: locks.reportedStatus,
        outOfServiceAt: locks.outOfServiceAt,
        deviceLastSeenAt: lockDevices.lastSeenAt,
        deviceConnectedInstance: lockDevices.connectedInstance,
        hasUnlockUnderway: unlockUnderway(locks.id),
      },
      parking: {
        partyId: lockParkings.partyId,
        bikeId: lockParkings.bikeId,
        lockedAt: lockParkings.lockedAt,
      },
    })
    .from(lockCommands)
    .innerJoin(locks, eq(locks.id, lockCommands.lockId))
    .innerJoin(lockDevices, eq(lockDevices.id, locks.deviceId))
    .leftJoin(lockParkings, and(eq(lockParkings.lockId, locks.id), isNull(lockParkings.unlockedAt)))
    .where(eq(lockCommands.id, sql.placeholder('commandId')))
    .prepare('dock_command_with_lock'),
);

/**
 * A command and its lock as the command's answer shows it, in one read: the command's outcome so far,
 * the lock's label, the facts of its display state (the device's connection, any unlock underway)
 * and its open parking. Null for an unknown command.
 */
export async function commandWithLock(executor: Executor, commandId: string) {
  const [row] = await commandWithLockStatementOf(executor).execute({ commandId });
  return row ?? null;
}

/**
 * The device's answer to a command still pending or sent, written once in one statement: the
 * outcome (accepted when the answer is the action's own: Locked to a lock, Unlocked to an unlock;
 * rejected otherwise), the parking an accepted lock opens (`parkingId`, in the lock's dock) or the
 * one an accepted unlock closes (by its owner, or the operator for a remote opening), and the
 * history row; answers the outcome with the lock's facts after it (for the screens: the command just
 * decided no longer counts as underway). Null when the command is not this device's or was decided
 * already (nothing written).
 */
export async function decideFromAnswer(
  executor: Executor,
  input: {
    commandId: string;
    deviceId: string;
    /** A CALLRESULT's status, or a CALLERROR's code. */
    answer: string;
    isResult: boolean;
    parkingId: string;
    eventId: string;
    now: Date;
  },
): Promise<{ status: string; lock: LockFactsRow } | null> {
  const at = input.now.toISOString();
  const result = await executor.execute(sql`
    with decided as (
      update ${lockCommands} c
         set status = case when ${input.isResult}::boolean and (
                (c.action = 'lock' and ${input.answer}::text = 'Locked')
                or (c.action = 'unlock' and ${input.answer}::text = 'Unlocked')
              ) then 'accepted' else 'rejected' end,
             device_answer = ${input.answer}::text,
             answered_at = ${at}::timestamptz,
             parking_id = case when ${input.isResult}::boolean and c.action = 'lock'
                and ${input.answer}::text = 'Locked' and c.requested_by_party_id is not null
               then ${input.parkingId}::uuid else c.parking_id end
       where c.id = ${input.commandId}::uuid and c.device_id = ${input.deviceId}::uuid
         and c.status in ('pending', 'sent')
      returning c.id, c.lock_id, c.action, c.status, c.parking_id, c.requested_by_party_id, c.bike_id,
                c.operator_party_id
    ), opened as (
      insert into ${lockParkings} (id, lock_id, dock_id, party_id, bike_id, locked_at)
      select ${input.parkingId}::uuid, l.id, l.dock_id, d.requested_by_party_id, d.bike_id, ${at}::timestamptz
        from decided d join ${locks} l on l.id = d.lock_id
       where d.status = 'accepted' and d.action = 'lock' and d.requested_by_party_id is not null
      returning id
    ), closed as (
      update ${lockParkings} p
         set unlocked_at = ${at}::timestamptz,
             unlocked_by = case when d.operator_party_id is not null then 'operator' else 'owner' end
        from decided d
       where d.status = 'accepted' and d.action = 'unlock' and p.lock_id = d.lock_id and p.unlocked_at is null
      returning p.id
    ), history as (
      insert into ${lockEvents} (id, lock_id, at, kind, detail)
      select ${input.eventId}::uuid, d.lock_id, ${at}::timestamptz, 'command',
             jsonb_build_object('command_id', d.id, 'action', d.action, 'outcome', d.status,
                                'answer', ${input.answer}::text)
        from decided d
      returning id
    )
    select l.id, l.dock_id, l.reported_status, ${lockFactsColumns(sql`l`, sql`dc.id`)}, dc.status
      from decided dc join ${locks} l on l.id = dc.lock_id join ${lockDevices} d on d.id = l.device_id
  `);
  const [row] = (result as unknown as { rows: Array<RawLockFacts & { status: string }> }).rows;
  return row ? { status: row.status, lock: lockFactsOf(row) } : null;
}
