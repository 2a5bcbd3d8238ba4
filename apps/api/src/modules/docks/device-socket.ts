import { randomUUID } from 'node:crypto';
import type { RealtimeEvent } from '@nbr/domain/chats';
import {
  BootNotificationRequestSchema,
  type CallErrorCode,
  CallErrorFrameSchema,
  CallFrameSchema,
  CallResultFrameSchema,
  DEVICE_ACTIONS,
  HeartbeatRequestSchema,
  MESSAGE_TYPE_CALL,
  MESSAGE_TYPE_CALLERROR,
  MESSAGE_TYPE_CALLRESULT,
  StatusNotificationRequestSchema,
} from '@nbr/domain/dock-protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { isUuid } from '../../platform/ids.ts';
import type { DeviceSightings } from './device-sightings.ts';
import * as commands from './lock-commands.repository.ts';
import { recordDeviceAnswer } from './lock-commands.service.ts';
import * as devices from './lock-devices.repository.ts';
import { deviceKey, type LocksDeps, publishLockFacts, publishLocksOfDevice } from './lock-live.ts';

/*
 * One lock device's connection (issue 28, docs/docks-protocol.md): OCPP-J frames over the socket,
 * the device's calls answered (BootNotification, Heartbeat, StatusNotification), the API's calls
 * sent (LockConnector, UnlockConnector, TriggerMessage) and their answers matched by message id.
 *
 * While the socket is open the device row names this instance; every frame counts as the device
 * being heard. Commands reach the socket through the hub (the device's key): this instance claims
 * each one with a single UPDATE (pending → sent), so it goes out once however many instances heard
 * of it. A newer connection of the same device, on any instance, closes this one.
 */

/** Close code: a newer connection of the same device took over. */
export const CLOSE_REPLACED = 4409;
/** Close code: the device was retired, or marked offline after its silence; it may connect again (if not retired). */
export const CLOSE_DISCONNECTED = 4410;

type OutgoingKind = 'command' | 'trigger';

/**
 * How often a connection writes that its device was heard: far inside the offline limit (90 s), so a
 * device is never shown offline for it, while a burst of frames costs one write.
 */
const TOUCH_EVERY_MS = 5000;

/** What the API may ask a device to send again (TriggerMessage's requestedMessage). */
export type TriggeredMessage = 'StatusNotification' | 'Heartbeat' | 'BootNotification';

interface OpenConnection {
  connectionId: string;
  close: (code: number, reason: string) => void;
  trigger: (requestedMessage: TriggeredMessage) => Promise<string | null>;
}

/** This instance's open device connections, by device: a newer one closes the older. */
export class DeviceConnections {
  readonly #byDevice = new Map<string, OpenConnection>();

  open(deviceId: string, connection: OpenConnection): void {
    this.#byDevice.get(deviceId)?.close(CLOSE_REPLACED, 'replaced_by_newer_connection');
    this.#byDevice.set(deviceId, connection);
  }

  /**
   * Sends the device a TriggerMessage over its socket here and answers the device's answer status
   * (null: no connection of the device on this instance, or it closed before answering). No
   * database work: the bench's reference for a device round trip (bench/docks.bench.ts).
   */
  trigger(deviceId: string, requestedMessage: TriggeredMessage): Promise<string | null> {
    const connection = this.#byDevice.get(deviceId);
    return connection ? connection.trigger(requestedMessage) : Promise.resolve(null);
  }

  closed(deviceId: string, connectionId: string): void {
    if (this.#byDevice.get(deviceId)?.connectionId === connectionId) this.#byDevice.delete(deviceId);
  }
}

function frameText(data: Buffer | ArrayBuffer | Buffer[]): string {
  return (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)).toString('utf8');
}

/** The message id of a frame we cannot read otherwise, so its CALLERROR can name it; '-1' when there is none. */
function messageIdOf(value: unknown): string {
  if (Array.isArray(value) && typeof value[1] === 'string' && value[1].length > 0 && value[1].length <= 36) {
    return value[1];
  }
  return '-1';
}

export function handleDeviceSocket(
  deps: LocksDeps,
  connections: DeviceConnections,
  sightings: DeviceSightings,
  socket: WebSocket,
  device: { id: string; dockId: string },
  log: FastifyBaseLogger,
): void {
  const connectionId = randomUUID();
  /** Set once the device has told its state on this connection: from then on it counts as connected. */
  let connectedAt: Date | null = null;
  /** Connectors not reported yet on this connection; their stored status is from before it. */
  const unreported = new Set<number>();
  const outgoing = new Map<string, OutgoingKind>();
  /** TriggerMessages' waiters by message id: told the device's answer status, or null when the socket closes. */
  const triggerWaiters = new Map<string, (status: string | null) => void>();
  let isOpen = true;
  /** Frames handled one after another, in the order the device sent them. */
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = (work: () => Promise<unknown>) => {
    queue = queue
      .then(work)
      .catch((error: unknown) => log.warn({ err: error }, 'docks: device frame failed'));
  };

  const send = (frame: unknown[]) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const callError = (messageId: string, code: CallErrorCode, description: string) =>
    send([MESSAGE_TYPE_CALLERROR, messageId, code, description, {}]);

  /** Sends a TriggerMessage; answers the device's answer status (null if the socket closes first). */
  function sendTrigger(requestedMessage: TriggeredMessage): Promise<string | null> {
    if (!isOpen) return Promise.resolve(null);
    const triggerId = randomUUID();
    outgoing.set(triggerId, 'trigger');
    const answered = new Promise<string | null>((resolve) => triggerWaiters.set(triggerId, resolve));
    send([MESSAGE_TYPE_CALL, triggerId, 'TriggerMessage', { requestedMessage }]);
    return answered;
  }

  connections.open(device.id, {
    connectionId,
    close: (code, reason) => socket.close(code, reason),
    trigger: sendTrigger,
  });

  async function sendCommand(commandId: string): Promise<void> {
    if (!isOpen) return;
    const claimed = await commands.claimCommand(deps.db, commandId, device.id, deps.instanceId, new Date());
    if (!claimed) return;
    outgoing.set(claimed.id, 'command');
    send([
      MESSAGE_TYPE_CALL,
      claimed.id,
      claimed.action === 'lock' ? 'LockConnector' : 'UnlockConnector',
      { connectorId: claimed.connectorId },
    ]);
  }

  async function sendPendingCommands(): Promise<void> {
    for (const { id } of await commands.pendingCommandsOfDevice(deps.db, device.id)) await sendCommand(id);
  }

  const unsubscribe = deps.hub.subscribe(deviceKey(device.id), (event: RealtimeEvent) => {
    if (event.type === 'dock.device_command') enqueue(() => sendCommand(event.command_id));
    else if (event.type === 'dock.device_disconnect' && event.keep_connection_id !== connectionId) {
      socket.close(event.keep_connection_id ? CLOSE_REPLACED : CLOSE_DISCONNECTED, 'device_disconnected');
    } else if (event.type === 'resync') {
      // Word between instances may have been lost: commands queued meanwhile are looked up.
      enqueue(sendPendingCommands);
    }
  });

  /**
   * The device counts as connected (its locks online) only once it has reported every connector on
   * this connection: until then its locks' stored states are from before and are not shown. A
   * connector it does not report within the command timeout is marked Faulted.
   */
  async function markOnline(): Promise<void> {
    if (connectedAt !== null || !isOpen) return;
    clearTimeout(reconcileTimer);
    const now = new Date();
    const silentLocks = (await devices.locksOfDevice(deps.db, device.id)).filter((lock) =>
      unreported.has(lock.connectorId),
    );
    for (const lock of silentLocks) await devices.setReportedStatus(deps.db, lock.id, 'Faulted', now);
    unreported.clear();
    connectedAt = now;
    await devices.markConnected(deps.db, device.id, deps.instanceId, now);
    const locks = await devices.locksOfDevice(deps.db, device.id);
    await devices.insertLockEvents(
      deps.db,
      locks.map((lock) => ({
        lockId: lock.id,
        kind: 'connected',
        detail: silentLocks.some((silent) => silent.id === lock.id) ? { unreported: true } : {},
        at: now,
      })),
    );
    log.info({ device_id: device.id }, 'docks: device connected and reconciled');
    await publishLocksOfDevice(deps, device.id);
  }
  const reconcileTimer = setTimeout(() => enqueue(markOnline), deps.settings.commandTimeoutMs);

  enqueue(async () => {
    // Any older connection of this device, on another instance, closes.
    await deps.hub.publish(deviceKey(device.id), {
      type: 'dock.device_disconnect',
      keep_connection_id: connectionId,
    });
    // Written at once, not with the others: the pass takes a connected device whose last_seen_at is
    // old for a silent one, and this connection is about to count as connected.
    touchedAt = Date.now();
    await devices.touchDevice(deps.db, device.id, new Date(touchedAt));
    for (const lock of await devices.locksOfDevice(deps.db, device.id)) unreported.add(lock.connectorId);
    // Reconcile: the device reports every connector again.
    void sendTrigger('StatusNotification');
    if (unreported.size === 0) await markOnline();
    await sendPendingCommands();
  });

  /**
   * Last time this connection told that its device was heard: at most every TOUCH_EVERY_MS, so a
   * burst of frames tells it once; written with the instance's other devices (DeviceSightings).
   */
  let touchedAt = 0;
  function touch(): void {
    const now = Date.now();
    if (now - touchedAt < TOUCH_EVERY_MS) return;
    touchedAt = now;
    sightings.heard(device.id, new Date(now));
  }

  async function handleCall(messageId: string, action: string, payload: unknown): Promise<void> {
    if (!(action in DEVICE_ACTIONS)) {
      callError(messageId, 'NotImplemented', `unknown action ${action}`);
      return;
    }
    const now = new Date();
    switch (action) {
      case 'BootNotification': {
        const boot = BootNotificationRequestSchema.safeParse(payload);
        if (!boot.success) {
          callError(messageId, 'FormationViolation', 'invalid BootNotification');
          return;
        }
        await devices.recordBoot(deps.db, device.id, {
          vendor: boot.data.vendor,
          model: boot.data.model,
          serialNumber: boot.data.serialNumber ?? null,
          firmwareVersion: boot.data.firmwareVersion ?? null,
        });
        send([
          MESSAGE_TYPE_CALLRESULT,
          messageId,
          {
            status: 'Accepted',
            currentTime: now.toISOString(),
            interval: deps.settings.heartbeatIntervalSeconds,
          },
        ]);
        return;
      }
      case 'Heartbeat': {
        if (!HeartbeatRequestSchema.safeParse(payload).success) {
          callError(messageId, 'FormationViolation', 'invalid Heartbeat');
          return;
        }
        send([MESSAGE_TYPE_CALLRESULT, messageId, { currentTime: now.toISOString() }]);
        return;
      }
      case 'StatusNotification': {
        const status = StatusNotificationRequestSchema.safeParse(payload);
        if (!status.success) {
          callError(messageId, 'FormationViolation', 'invalid StatusNotification');
          return;
        }
        // One statement: the status, an open parking closed when the lock is open and empty, the history row.
        const lock = await devices.applyStatusReport(deps.db, device.id, status.data, now);
        if (lock === null) {
          callError(messageId, 'PropertyConstraintViolation', 'unknown connectorId');
          return;
        }
        send([MESSAGE_TYPE_CALLRESULT, messageId, {}]);
        if (connectedAt !== null) {
          await publishLockFacts(deps, [lock], now);
          return;
        }
        unreported.delete(status.data.connectorId);
        if (unreported.size === 0) await markOnline();
        return;
      }
    }
  }

  async function handleAnswer(
    messageId: string,
    answer: Parameters<typeof recordDeviceAnswer>[3],
  ): Promise<void> {
    const kind = outgoing.get(messageId);
    outgoing.delete(messageId);
    if (kind === 'trigger') {
      triggerWaiters.get(messageId)?.(answer.kind === 'result' ? answer.status : answer.code);
      triggerWaiters.delete(messageId);
      return;
    }
    // A command sent by an earlier connection may be answered on this one: the database knows it.
    if (!isUuid(messageId)) return;
    await recordDeviceAnswer(deps, device.id, messageId, answer);
  }

  async function handleFrame(text: string): Promise<void> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      callError('-1', 'FormationViolation', 'not JSON');
      return;
    }
    touch();
    const call = CallFrameSchema.safeParse(value);
    if (call.success) {
      await handleCall(call.data[1], call.data[2], call.data[3]);
      return;
    }
    const result = CallResultFrameSchema.safeParse(value);
    if (result.success) {
      const payload = result.data[2] as { status?: unknown } | null;
      const status = typeof payload?.status === 'string' ? payload.status : 'FormationViolation';
      await handleAnswer(result.data[1], { kind: 'result', status });
      return;
    }
    const error = CallErrorFrameSchema.safeParse(value);
    if (error.success) {
      await handleAnswer(error.data[1], { kind: 'error', code: error.data[2] });
      return;
    }
    const type = Array.isArray(value) ? value[0] : undefined;
    // A malformed answer is never answered (OCPP-J); a malformed call gets a CALLERROR.
    if (type === MESSAGE_TYPE_CALLRESULT || type === MESSAGE_TYPE_CALLERROR) {
      log.warn({ device_id: device.id }, 'docks: malformed answer from a device');
      return;
    }
    callError(
      messageIdOf(value),
      type === MESSAGE_TYPE_CALL ? 'FormationViolation' : 'ProtocolError',
      'malformed frame',
    );
  }

  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      callError('-1', 'FormationViolation', 'binary frames are not part of the protocol');
      return;
    }
    const text = frameText(data);
    enqueue(() => handleFrame(text));
  });

  let unansweredPings = 0;
  socket.on('pong', () => {
    unansweredPings = 0;
  });
  const heartbeat = setInterval(() => {
    if (unansweredPings >= 2) {
      socket.terminate();
      return;
    }
    unansweredPings += 1;
    socket.ping();
  }, deps.settings.socketPingMs);

  socket.on('close', () => {
    isOpen = false;
    clearInterval(heartbeat);
    clearTimeout(reconcileTimer);
    unsubscribe();
    connections.closed(device.id, connectionId);
    for (const resolve of triggerWaiters.values()) resolve(null);
    triggerWaiters.clear();
    enqueue(async () => {
      if (connectedAt && (await devices.markDisconnected(deps.db, device.id, deps.instanceId, connectedAt))) {
        const locks = await devices.locksOfDevice(deps.db, device.id);
        await devices.insertLockEvents(
          deps.db,
          locks.map((lock) => ({ lockId: lock.id, kind: 'disconnected', detail: {}, at: new Date() })),
        );
        await publishLocksOfDevice(deps, device.id);
      }
      log.info({ device_id: device.id }, 'docks: device disconnected');
    });
  });
}
