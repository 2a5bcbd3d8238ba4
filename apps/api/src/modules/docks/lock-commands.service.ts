import {
  isOpenAt,
  type LockCommandResult,
  type LockRequest,
  type OpeningHours,
  type OperatorReason,
} from '@nbr/domain/docks';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { type IdempotencyClaim, keepAnswer, recordProgress } from '../../platform/http/idempotency.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import * as bikes from '../bikes/bikes.facade.ts';
import { mayUnlockParking } from './docks.policy.ts';
import { requireOperatedDock, requireUsableDock, requireVisibleDock } from './docks.service.ts';
import { presentCommandResult, presentLockView } from './lock-commands.presenter.ts';
import type { LockCommandRow } from './lock-commands.repository.ts';
import * as repository from './lock-commands.repository.ts';
import * as devices from './lock-devices.repository.ts';
import { commandKey, deviceKey, type LocksDeps, publishLockFacts, publishLockState } from './lock-live.ts';
import { displayLockState, isDeviceOnline } from './lock-state.ts';

/*
 * Lock and unlock (issue 28, docs/docks-protocol.md "Commands"). A command is a row first (its id is
 * the protocol message id and the device's idempotency key), then it is handed through the hub to
 * whichever instance holds the device's socket, which claims it (pending → sent) and sends it once.
 * The device's answer is written once (pending/sent → accepted | rejected); the request waits up to
 * the timeout for it and otherwise writes timed_out itself; an answer after that is kept in
 * late_answer only. A lock accepted opens the parking in the outcome's transaction; an unlock
 * accepted closes it. The answer is kept for Idempotency-Key once the outcome is known; the command's
 * id is recorded as the key's progress in the first transaction, so a retry after a crash waits for
 * the same command instead of sending a second one.
 */

type CommandWithLock = NonNullable<Awaited<ReturnType<typeof repository.commandWithLock>>>;

export type DeviceAnswer = { kind: 'result'; status: string } | { kind: 'error'; code: string };

interface CommandProgress {
  command_id: string;
}

function progressOf(idempotency: IdempotencyClaim | null): string | null {
  const progress = idempotency?.progress as Partial<CommandProgress> | null | undefined;
  return typeof progress?.command_id === 'string' ? progress.command_id : null;
}

function requireIds(dockId: string, lockId: string): void {
  if (!isUuid(dockId)) throw new AppError('dock_not_found');
  if (!isUuid(lockId)) throw new AppError('lock_not_found');
}

function requireOnline(
  device: { lastSeenAt: Date | null; connectedInstance: string | null; retiredAt: Date | null },
  now: Date,
) {
  const online = isDeviceOnline(
    { lastSeenAt: device.lastSeenAt, connected: device.connectedInstance !== null },
    now,
  );
  if (!online || device.retiredAt !== null) throw new AppError('lock_offline');
}

/** What every command is written with: its id (the protocol's message id), when, and its deadline. */
interface CommandBasics {
  id: string;
  now: Date;
  deadlineAt: Date;
}

/**
 * A command written with its checks (repository.insertCommandWithChecks: a caller whose checks
 * refuse it throws, and the transaction takes it back), the name of its bike when the checks read it
 * (the answer shows it), and its lock's facts as the checks read them under the row lock (an
 * unlock's "opening" is published from them once the command is committed).
 */
interface StartedCommand {
  command: LockCommandRow;
  bikeName?: string | null;
  /** The lock's facts with this command underway; absent for a retry that found its command. */
  lock?: devices.LockFactsRow;
}

/** The facts of a lock read with its device (findLockOfDock), with or without an unlock underway. */
function factsOfFound(
  found: NonNullable<Awaited<ReturnType<typeof repository.findLockOfDock>>>,
  hasUnlockUnderway: boolean,
): devices.LockFactsRow {
  return {
    id: found.lock.id,
    dockId: found.lock.dockId,
    reportedStatus: found.lock.reportedStatus,
    outOfServiceAt: found.lock.outOfServiceAt,
    deviceLastSeenAt: found.device.lastSeenAt,
    deviceConnectedInstance: found.device.connectedInstance,
    hasUnlockUnderway,
  };
}

/**
 * Starts a command once: a retry with the Idempotency-Key of a command already written finds it.
 * Otherwise `checkFirst` runs on the pool (what needs no row lock: the dock and the person's access to
 * it, one prepared statement), then `write` writes the command with its checks in a transaction,
 * where the command's id also becomes the key's progress.
 */
async function startCommand<Checked>(
  deps: LocksDeps,
  idempotency: IdempotencyClaim | null,
  checkFirst: () => Promise<Checked>,
  write: (
    tx: Executor,
    basics: CommandBasics,
    checked: Checked,
  ) => Promise<StartedCommand & { lock: devices.LockFactsRow }>,
): Promise<StartedCommand> {
  const earlier = progressOf(idempotency);
  if (earlier) {
    const command = await repository.findCommand(deps.db, earlier);
    if (command) return { command };
  }
  const checked = await checkFirst();
  return deps.db.transaction(async (tx) => {
    const now = new Date();
    const basics = {
      id: uuidv7(now.getTime()),
      now,
      deadlineAt: new Date(now.getTime() + deps.settings.commandTimeoutMs),
    };
    const started = await write(tx, basics, checked);
    await recordProgress(tx, idempotency, { command_id: started.command.id } satisfies CommandProgress);
    return started;
  });
}

/** POST …/locks/{lockId}/lock: lock one of the caller's registered bikes in a free lock. */
export async function lockBike(
  deps: LocksDeps,
  auth: RequestAuth,
  dockId: string,
  lockId: string,
  request: LockRequest,
  idempotency: IdempotencyClaim | null,
): Promise<LockCommandResult> {
  requireIds(dockId, lockId);
  const started = await startCommand(
    deps,
    idempotency,
    () => requireUsableDock(deps.db, auth.identityPartyId, dockId),
    async (tx, { id, now, deadlineAt }, { dock }) => {
      // The bike first (the project's lock order): two locks of one bike at once wait for each other.
      let bike: Awaited<ReturnType<typeof bikes.requireOwnBike>>;
      try {
        bike = await bikes.requireOwnBike(tx, auth, request.bike_id, true);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') throw new AppError('bike_not_found');
        throw error;
      }
      const found = await repository.findLockOfDock(tx, dockId, lockId, true);
      if (!found) throw new AppError('lock_not_found');
      if (found.lock.outOfServiceAt !== null) throw new AppError('lock_out_of_service');
      const region = dock.region === 'no' ? 'no' : 'dk';
      if (!isOpenAt(dock.openingHours as OpeningHours, region, now)) throw new AppError('dock_closed_now');
      requireOnline(found.device, now);
      const written = await repository.insertCommandWithChecks(tx, {
        id,
        lockId,
        deviceId: found.device.id,
        action: 'lock',
        requestedByPartyId: auth.identityPartyId,
        bikeId: request.bike_id,
        deadlineAt,
        createdAt: now,
      });
      if (written.bikeParked) throw new AppError('bike_already_parked');
      if (written.commandUnderway) throw new AppError('lock_busy');
      if (written.parking) throw new AppError('lock_not_free');
      // No command underway (checked above), so no unlock underway either.
      const state = displayLockState(
        {
          reportedStatus: found.lock.reportedStatus,
          outOfServiceAt: found.lock.outOfServiceAt,
          deviceLastSeenAt: found.device.lastSeenAt,
          deviceConnected: found.device.connectedInstance !== null,
          hasUnlockUnderway: false,
        },
        now,
      );
      if (state !== 'free' && state !== 'occupied') throw new AppError('lock_not_free');
      return { command: written.command, bikeName: bike.nickname, lock: factsOfFound(found, false) };
    },
  );
  return finishCommand(deps, auth.identityPartyId, started, idempotency);
}

/** POST …/locks/{lockId}/unlock: only the person who locked the bike opens the lock. */
export async function unlockBike(
  deps: LocksDeps,
  auth: RequestAuth,
  dockId: string,
  lockId: string,
  idempotency: IdempotencyClaim | null,
): Promise<LockCommandResult> {
  requireIds(dockId, lockId);
  const started = await startCommand(
    deps,
    idempotency,
    // A person sees the dock their bike is in even when they may no longer use it (maySeeDock).
    () => requireVisibleDock(deps.db, auth.identityPartyId, dockId),
    async (tx, { id, now, deadlineAt }) => {
      const found = await repository.findLockOfDock(tx, dockId, lockId, true);
      if (!found) throw new AppError('lock_not_found');
      const { command, parking, commandUnderway } = await repository.insertCommandWithChecks(tx, {
        id,
        lockId,
        deviceId: found.device.id,
        action: 'unlock',
        requestedByPartyId: auth.identityPartyId,
        deadlineAt,
        createdAt: now,
      });
      // An open parking, as the checks read it.
      if (!parking || !mayUnlockParking(auth.identityPartyId, { ...parking, unlockedAt: null })) {
        throw new AppError('not_your_parking');
      }
      if (commandUnderway) throw new AppError('lock_busy');
      requireOnline(found.device, now);
      return { command, lock: factsOfFound(found, true) };
    },
  );
  return finishCommand(deps, auth.identityPartyId, started, idempotency);
}

/** POST …/locks/{lockId}/remote-open: the operator opens a lock, with a reason, audited for the bike's owner. */
export async function openRemotely(
  deps: LocksDeps,
  auth: RequestAuth,
  dockId: string,
  lockId: string,
  body: OperatorReason,
  idempotency: IdempotencyClaim | null,
): Promise<LockCommandResult> {
  requireIds(dockId, lockId);
  const started = await startCommand(
    deps,
    idempotency,
    async () => undefined,
    async (tx, { id, now, deadlineAt }) => {
      const dock = await requireOperatedDock(tx, auth, dockId);
      const found = await repository.findLockOfDock(tx, dockId, lockId, true);
      if (!found) throw new AppError('lock_not_found');
      const { command, parking, commandUnderway } = await repository.insertCommandWithChecks(tx, {
        id,
        lockId,
        deviceId: found.device.id,
        action: 'unlock',
        requestedByPartyId: auth.identityPartyId,
        operatorPartyId: dock.operatorPartyId,
        reason: body.reason,
        deadlineAt,
        createdAt: now,
      });
      if (commandUnderway) throw new AppError('lock_busy');
      requireOnline(found.device, now);
      // The bike's owner sees the opening in their access log; without a bike, the person who parked.
      const owner = parking?.bikeId ? (await bikes.ownerOfBike(tx, parking.bikeId)).ownerPartyId : null;
      await recordAuditEventBy(tx, auth, {
        action: 'dock.lock_opened_remotely',
        targetPartyId: owner ?? parking?.partyId ?? null,
        details: {
          organisation_party_id: dock.operatorPartyId,
          reason: body.reason,
          dock_id: dock.id,
          dock_name: dock.name,
          lock_id: lockId,
          lock_label: found.lock.label,
          command_id: command.id,
          bike_id: parking?.bikeId ?? null,
        },
      });
      return { command, lock: factsOfFound(found, true) };
    },
  );
  return finishCommand(deps, auth.identityPartyId, started, idempotency);
}

/**
 * Delivers the command, waits for its outcome and answers it with the lock as it is now (read with
 * the outcome; the bike's name as the checks read it, when the parking is of that bike), kept for the
 * Idempotency-Key.
 */
async function finishCommand(
  deps: LocksDeps,
  viewerPartyId: string,
  started: StartedCommand,
  idempotency: IdempotencyClaim | null,
): Promise<LockCommandResult> {
  const { command, lock, parking } = await deliverAndAwait(deps, started);
  const state = displayLockState({
    reportedStatus: lock.reportedStatus,
    outOfServiceAt: lock.outOfServiceAt,
    deviceLastSeenAt: lock.deviceLastSeenAt,
    deviceConnected: lock.deviceConnectedInstance !== null,
    hasUnlockUnderway: lock.hasUnlockUnderway,
  });
  let bikeName: string | null = null;
  if (parking?.bikeId && parking.partyId === viewerPartyId) {
    bikeName =
      started.bikeName !== undefined && parking.bikeId === started.command.bikeId
        ? started.bikeName
        : ((await bikes.findBikeForOwnership(deps.db, parking.bikeId))?.nickname ?? null);
  }
  const view = presentLockView(lock, state, viewerPartyId, parking ? { ...parking, bikeName } : null);
  return keepAnswer(deps.db, idempotency, presentCommandResult(command, view));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

function isDecided(command: Pick<LockCommandRow, 'status'>): boolean {
  return command.status !== 'pending' && command.status !== 'sent';
}

/** A command's outcome so far read together with its lock (commandWithLock); throws when it is gone. */
async function readOutcome(deps: LocksDeps, commandId: string): Promise<CommandWithLock> {
  const current = await repository.commandWithLock(deps.db, commandId);
  if (!current) throw new AppError('lock_not_found');
  return current;
}

/**
 * Hands the command to the instance holding the device's socket and waits for its outcome: the
 * hub's word on the command's key, or the database (checked every outcomePollMs, in case the word
 * was lost between instances). At the deadline it writes timed_out, unless the answer won the race.
 * Answers the outcome with the lock as it is then.
 */
async function deliverAndAwait(deps: LocksDeps, started: StartedCommand): Promise<CommandWithLock> {
  const { command } = started;
  if (isDecided(command)) return readOutcome(deps, command.id);
  let wake: () => void = () => {};
  let announced = false;
  const unsubscribe = deps.hub.subscribe(commandKey(command.id), (event) => {
    if (event.type === 'dock.command_done') {
      announced = true;
      wake();
    }
  });
  try {
    await deps.hub.publish(deviceKey(command.deviceId), {
      type: 'dock.device_command',
      command_id: command.id,
    });
    // An unlock underway shows the lock opening; a lock command changes nothing on screen yet.
    if (command.action === 'unlock') {
      if (started.lock) await publishLockFacts(deps, [started.lock]);
      else await publishLockState(deps, [command.lockId]);
    }
    const deadline = command.deadlineAt.getTime();
    // Read after each word or poll (the command was just written pending: no read before the first).
    for (;;) {
      const left = deadline - Date.now();
      if (!announced && left > 0) {
        await Promise.race([
          new Promise<void>((resolve) => {
            wake = resolve;
          }),
          sleep(Math.min(left, deps.settings.outcomePollMs)),
        ]);
      }
      announced = false;
      const current = await readOutcome(deps, command.id);
      if (isDecided(current.command)) return current;
      if (deadline - Date.now() <= 0) break;
    }
    await timeOutCommands(deps, [command.id]);
    return await readOutcome(deps, command.id);
  } finally {
    unsubscribe();
  }
}

/**
 * Commands that reached their deadline unanswered become timed_out (only those still pending or
 * sent: an answer that came first stands), with a history row each; their locks are published again.
 */
export async function timeOutCommands(
  deps: Pick<LocksDeps, 'db' | 'hub' | 'log'>,
  commandIds: readonly string[] | 'expired',
  now = new Date(),
): Promise<number> {
  const timedOut = await deps.db.transaction(async (tx) => {
    const rows =
      commandIds === 'expired'
        ? await repository.timeOutExpiredCommands(tx, now)
        : (
            await Promise.all(
              commandIds.map((id) =>
                repository.decideCommand(tx, id, {
                  status: 'timed_out',
                  deviceAnswer: null,
                  answeredAt: null,
                }),
              ),
            )
          )
            .filter((row): row is LockCommandRow => row !== null)
            .map((row) => ({ id: row.id, lockId: row.lockId }));
    await devices.insertLockEvents(
      tx,
      rows.map((row) => ({
        lockId: row.lockId,
        kind: 'command',
        detail: { command_id: row.id, outcome: 'timed_out' },
        at: now,
      })),
    );
    return rows;
  });
  for (const row of timedOut) {
    deps.log.info({ command_id: row.id }, 'docks: lock command timed out');
    await deps.hub.publish(commandKey(row.id), { type: 'dock.command_done', command_id: row.id });
  }
  if (timedOut.length > 0) await publishLockState(deps, [...new Set(timedOut.map((row) => row.lockId))]);
  return timedOut.length;
}

/**
 * The device answered a command (CALLRESULT or CALLERROR). The outcome is written once; an answer
 * to a command decided already changes nothing: after a timeout it is kept as late_answer (the
 * first one) and logged, a repeated answer is logged only.
 */
export async function recordDeviceAnswer(
  deps: Pick<LocksDeps, 'db' | 'hub' | 'log'>,
  deviceId: string,
  commandId: string,
  answer: DeviceAnswer,
): Promise<'decided' | 'late' | 'duplicate' | 'unknown'> {
  const now = new Date();
  const answerText = answer.kind === 'result' ? answer.status : answer.code;
  // The usual case in one statement: the command still waiting for this answer.
  const decided = await repository.decideFromAnswer(deps.db, {
    commandId,
    deviceId,
    answer: answerText,
    isResult: answer.kind === 'result',
    parkingId: uuidv7(now.getTime()),
    eventId: uuidv7(now.getTime()),
    now,
  });
  // Otherwise the command is not this device's, or was decided already: the answer changes nothing
  // but the log (after a timeout, the first late answer is kept in late_answer).
  const result = decided
    ? { kind: 'decided' as const, lock: decided.lock }
    : await deps.db.transaction(async (tx) => {
        const command = await repository.lockCommandRow(tx, commandId, deviceId);
        if (!command || !isDecided(command)) return { kind: 'unknown' as const };
        if (
          command.status === 'timed_out' &&
          (await repository.recordLateAnswer(tx, commandId, answerText, now))
        ) {
          return { kind: 'late' as const, command };
        }
        return { kind: 'duplicate' as const, command };
      });
  if (result.kind === 'unknown') {
    deps.log.warn({ command_id: commandId }, 'docks: a device answered a command that is not its own');
    return 'unknown';
  }
  if (result.kind === 'late') {
    deps.log.info({ command_id: commandId, answer: answerText }, 'docks: late answer to a timed-out command');
    return 'late';
  }
  if (result.kind === 'duplicate') {
    deps.log.info(
      { command_id: commandId, answer: answerText },
      'docks: repeated answer to a decided command',
    );
    return 'duplicate';
  }
  await deps.hub.publish(commandKey(commandId), { type: 'dock.command_done', command_id: commandId });
  await publishLockFacts(deps, [result.lock], now);
  return 'decided';
}
