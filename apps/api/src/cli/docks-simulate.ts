import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type ConnectorStatus,
  DOCK_SUBPROTOCOL,
  MESSAGE_TYPE_CALL,
  MESSAGE_TYPE_CALLERROR,
  MESSAGE_TYPE_CALLRESULT,
} from '@nbr/domain/dock-protocol';
import WebSocket from 'ws';
import {
  DEMO_DEVICE_CONNECTORS,
  DEMO_DEVICE_ID,
  DEMO_DEVICE_PASSWORD,
  DEMO_LEFT_BEHIND_CONNECTOR,
} from '../db/seed/demo-dock.ts';

/*
 * A lock controller stand-in (issue 28, docs/docks-protocol.md): it speaks the device protocol over a
 * real websocket exactly as a controller would, so the API never knows it is talking to a simulator.
 * It boots, sends heartbeats, reports each connector, carries out LockConnector/UnlockConnector and
 * remembers the message ids it carried out (a repeated command gets the same answer and is not
 * carried out again). Its bike sensor: a lock asked to lock while Available has a bike pushed in by
 * the simulated person (→ Locked); after an unlock the bike stays a few seconds (Occupied), then is
 * taken (Available). Faults: answers dropped, delayed or sent twice, the connection dropped, power
 * lost in the middle of a command (carried out, then dead before answering), or silence (no frames).
 *
 *   npm run docks:simulate -- [--url http://localhost:3000] [--device <id> --password <pw> | --pair-code <code>]
 *                             [--connectors 8] [--drop-answers] [--delay-answers <ms>] [--duplicate-answers]
 *
 * Without --device/--pair-code it serves the demo dock of `npm start` (apps/api/src/db/seed/demo-dock.ts),
 * its connector 8 Locked from the start: the seed's left-behind bike is in it (reporting it Available
 * would make the API close that parking on connect).
 * While it runs, type a command: push <n>, take <n>, status, drop on|off, delay <ms>, duplicate on|off,
 * disconnect, power-loss, silent on|off, quit. It never runs with NODE_ENV=production.
 */

export interface SimulatorFaults {
  /** Commands are carried out but never answered. */
  dropAnswers: boolean;
  /** Answers to commands are sent this much later. */
  answerDelayMs: number;
  /** Answers to commands are sent twice. */
  duplicateAnswers: boolean;
  /** The next command is carried out, then power is lost before its answer (back after restartAfterMs). */
  powerLossOnNextCommand: boolean;
  /** Nothing is sent at all (no heartbeat, no status, no answer), though the socket stays open. */
  silent: boolean;
}

export interface SimulatorOptions {
  /** The API's address, e.g. http://localhost:3000. */
  url: string;
  deviceId?: string;
  password?: string;
  /** Pair first with this one-time code (the operator's), instead of a known id and password. */
  pairCode?: string;
  connectors: number;
  /** How long the bike stays in an unlocked lock before the person takes it out. */
  bikeLeavesAfterMs?: number;
  /** Wait before connecting again after the connection dropped. */
  reconnectDelayMs?: number;
  /** How long the device is dead after a power loss. */
  restartAfterMs?: number;
  /** Heartbeat interval in place of the one BootNotification's answer gives (tests). */
  heartbeatIntervalMs?: number;
  /** Connectors holding a locked bike from the start (the others are Available), reported on connect. */
  lockedConnectors?: readonly number[];
  faults?: Partial<SimulatorFaults>;
  log?: (line: string) => void;
}

export interface Simulator {
  readonly deviceId: string;
  readonly password: string;
  status(connectorId: number): ConnectorStatus;
  setFaults(faults: Partial<SimulatorFaults>): void;
  /** A person pushes a bike into an empty lock (Available → Occupied). */
  pushBike(connectorId: number): void;
  /** A person takes the bike out of an open lock (Occupied → Available). */
  takeBike(connectorId: number): void;
  /** Drops the connection; it connects again after reconnectDelayMs. */
  disconnect(): void;
  /** Resolves once the device is connected and has booted (again). */
  waitUntilConnected(timeoutMs?: number): Promise<void>;
  /** How often the command with this message id reached the device. */
  received(commandId: string): number;
  /** How many answers it sent to the command with this message id. */
  answersSent(commandId: string): number;
  /** Connections opened so far. */
  readonly connections: number;
  stop(): Promise<void>;
}

const DEFAULT_FAULTS: SimulatorFaults = {
  dropAnswers: false,
  answerDelayMs: 0,
  duplicateAnswers: false,
  powerLossOnNextCommand: false,
  silent: false,
};

type Frame = unknown[];

/** Trades a one-time pairing code for the device's credentials (POST /api/docks/devices/pairings). */
export async function pairWithCode(
  url: string,
  code: string,
  connectors: number,
): Promise<{ deviceId: string; password: string }> {
  const response = await fetch(new URL('/api/docks/devices/pairings', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, connectors }),
  });
  if (response.status !== 201)
    throw new Error(`pairing answered ${response.status}: ${await response.text()}`);
  const paired = (await response.json()) as { device_id: string; password: string };
  return { deviceId: paired.device_id, password: paired.password };
}

export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('The dock simulator never runs in production (NODE_ENV=production).');
  }
  const log = options.log ?? (() => {});
  let deviceId = options.deviceId;
  let password = options.password;
  if (options.pairCode)
    ({ deviceId, password } = await pairWithCode(options.url, options.pairCode, options.connectors));
  if (!deviceId || !password) throw new Error('give a device id and password, or a pairing code');
  const credentials = { deviceId, password };
  const faults: SimulatorFaults = { ...DEFAULT_FAULTS, ...options.faults };
  const bikeLeavesAfterMs = options.bikeLeavesAfterMs ?? 3000;
  const reconnectDelayMs = options.reconnectDelayMs ?? 1000;
  const restartAfterMs = options.restartAfterMs ?? 2000;

  const statuses = new Map<number, ConnectorStatus>();
  const locked = new Set(options.lockedConnectors ?? []);
  for (let connector = 1; connector <= options.connectors; connector += 1)
    statuses.set(connector, locked.has(connector) ? 'Locked' : 'Available');
  /** Kept across connections and power losses (the controller's non-volatile memory). */
  const executed = new Map<string, { answer: Record<string, unknown> }>();
  const answers = new Map<string, number>();
  const receivedCommands = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const waiting = new Map<string, (payload: unknown) => void>();
  let socket: WebSocket | null = null;
  let booted = false;
  let stopped = false;
  let poweredOff = false;
  let connections = 0;
  let heartbeat: NodeJS.Timeout | null = null;
  let nextMessage = 1;
  let onBooted: Array<() => void> = [];

  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };

  const sendFrame = (frame: Frame) => {
    if (faults.silent || poweredOff) return;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  };

  function call(action: string, payload: unknown): Promise<unknown> {
    const id = `sim-${nextMessage++}`;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      sendFrame([MESSAGE_TYPE_CALL, id, action, payload]);
    });
  }

  function reportStatus(connectorId: number): void {
    void call('StatusNotification', {
      connectorId,
      status: statuses.get(connectorId),
      errorCode: statuses.get(connectorId) === 'Faulted' ? 'OtherError' : 'NoError',
      timestamp: new Date().toISOString(),
    });
  }

  function setStatus(connectorId: number, status: ConnectorStatus, report = true): void {
    statuses.set(connectorId, status);
    log(`connector ${connectorId}: ${status}`);
    if (report) reportStatus(connectorId);
  }

  function answerCommand(messageId: string, answer: Record<string, unknown>): void {
    if (faults.dropAnswers) {
      log(`answer to ${messageId} dropped`);
      return;
    }
    const send = () => {
      const times = faults.duplicateAnswers ? 2 : 1;
      for (let time = 0; time < times; time += 1) {
        answers.set(messageId, (answers.get(messageId) ?? 0) + 1);
        sendFrame([MESSAGE_TYPE_CALLRESULT, messageId, answer]);
      }
    };
    if (faults.answerDelayMs > 0) later(faults.answerDelayMs, send);
    else send();
  }

  /** Carries out a command once; answers what it answered the first time for a repeated id. */
  function carryOut(
    messageId: string,
    action: 'LockConnector' | 'UnlockConnector',
    connectorId: number,
  ): void {
    const earlier = executed.get(messageId);
    if (earlier) {
      log(`command ${messageId} repeated: same answer, not carried out again`);
      answerCommand(messageId, earlier.answer);
      return;
    }
    const status = statuses.get(connectorId);
    const powerLoss = faults.powerLossOnNextCommand;
    if (powerLoss) faults.powerLossOnNextCommand = false;
    let answer: Record<string, unknown>;
    if (action === 'LockConnector') {
      if (status === 'Faulted') answer = { status: 'LockFailed' };
      else {
        // Available: the simulated person pushes the bike in as they press "lock".
        if (status !== 'Locked') setStatus(connectorId, 'Locked', !powerLoss);
        answer = { status: 'Locked' };
      }
    } else if (status === 'Faulted') answer = { status: 'UnlockFailed' };
    else {
      if (status === 'Locked') {
        setStatus(connectorId, 'Occupied', !powerLoss);
        later(bikeLeavesAfterMs, () => {
          if (statuses.get(connectorId) === 'Occupied') setStatus(connectorId, 'Available');
        });
      }
      answer = { status: 'Unlocked' };
    }
    executed.set(messageId, { answer });
    if (powerLoss) {
      log(`power lost after carrying out ${messageId}, before answering`);
      powerOff();
      return;
    }
    answerCommand(messageId, answer);
  }

  function handleCall(messageId: string, action: string, payload: Record<string, unknown>): void {
    const connectorId = typeof payload.connectorId === 'number' ? payload.connectorId : 0;
    if ((action === 'LockConnector' || action === 'UnlockConnector') && !statuses.has(connectorId)) {
      sendFrame([MESSAGE_TYPE_CALLERROR, messageId, 'PropertyConstraintViolation', 'no such connector', {}]);
      return;
    }
    switch (action) {
      case 'LockConnector':
      case 'UnlockConnector':
        receivedCommands.set(messageId, (receivedCommands.get(messageId) ?? 0) + 1);
        carryOut(messageId, action, connectorId);
        return;
      case 'TriggerMessage': {
        const requested = payload.requestedMessage;
        if (requested !== 'StatusNotification' && requested !== 'Heartbeat') {
          sendFrame([MESSAGE_TYPE_CALLRESULT, messageId, { status: 'NotImplemented' }]);
          return;
        }
        sendFrame([MESSAGE_TYPE_CALLRESULT, messageId, { status: 'Accepted' }]);
        if (requested === 'Heartbeat') void call('Heartbeat', {});
        else if (connectorId > 0) reportStatus(connectorId);
        else for (const connector of statuses.keys()) reportStatus(connector);
        return;
      }
      default:
        sendFrame([MESSAGE_TYPE_CALLERROR, messageId, 'NotImplemented', `unknown action ${action}`, {}]);
    }
  }

  function handleMessage(text: string): void {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (!Array.isArray(frame)) return;
    const [type, messageId] = frame as [number, string];
    if (type === MESSAGE_TYPE_CALL) {
      handleCall(messageId, String(frame[2]), (frame[3] ?? {}) as Record<string, unknown>);
    } else if (type === MESSAGE_TYPE_CALLRESULT || type === MESSAGE_TYPE_CALLERROR) {
      const resolve = waiting.get(messageId);
      waiting.delete(messageId);
      resolve?.(type === MESSAGE_TYPE_CALLRESULT ? frame[2] : null);
    }
  }

  async function boot(): Promise<void> {
    const answer = (await call('BootNotification', {
      vendor: 'NBR',
      model: 'Simulated dock controller',
      serialNumber: credentials.deviceId.slice(0, 8),
      firmwareVersion: '1.0.0',
      connectorCount: options.connectors,
    })) as { interval?: number } | null;
    const intervalMs = options.heartbeatIntervalMs ?? (answer?.interval ?? 30) * 1000;
    for (const connector of statuses.keys()) reportStatus(connector);
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = setInterval(() => void call('Heartbeat', {}), intervalMs);
    booted = true;
    for (const resolve of onBooted) resolve();
    onBooted = [];
  }

  function connect(): void {
    if (stopped || poweredOff) return;
    const target = new URL('/api/docks/devices/websocket', options.url);
    target.protocol = target.protocol === 'https:' ? 'wss:' : 'ws:';
    const basic = Buffer.from(`${credentials.deviceId}:${credentials.password}`).toString('base64');
    const current = new WebSocket(target, [DOCK_SUBPROTOCOL], {
      headers: { authorization: `Basic ${basic}` },
    });
    socket = current;
    current.on('open', () => {
      connections += 1;
      log('connected');
      void boot();
    });
    current.on('message', (data) => handleMessage(data.toString()));
    // Refused before the upgrade (401, 429, 503…): no socket opens and none closes, so try again here.
    current.on('unexpected-response', (request, response) => {
      log(`refused: ${response.statusCode}`);
      request.destroy();
      if (socket !== current) return;
      socket = null;
      if (!stopped && !poweredOff) later(reconnectDelayMs, connect);
    });
    current.on('error', (error) => log(`socket error: ${error.message}`));
    current.on('close', () => {
      if (socket !== current) return;
      booted = false;
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      waiting.clear();
      socket = null;
      if (!stopped && !poweredOff) later(reconnectDelayMs, connect);
    });
  }

  function powerOff(): void {
    poweredOff = true;
    booted = false;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    socket?.terminate();
    later(restartAfterMs, () => {
      poweredOff = false;
      log('power back');
      connect();
    });
  }

  connect();

  return {
    deviceId: credentials.deviceId,
    password: credentials.password,
    status: (connectorId) => statuses.get(connectorId) ?? 'Faulted',
    setFaults(changes) {
      Object.assign(faults, changes);
    },
    pushBike(connectorId) {
      if (statuses.get(connectorId) === 'Available') setStatus(connectorId, 'Occupied');
    },
    takeBike(connectorId) {
      if (statuses.get(connectorId) === 'Occupied') setStatus(connectorId, 'Available');
    },
    disconnect() {
      socket?.terminate();
    },
    waitUntilConnected(timeoutMs = 10_000) {
      if (booted) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the simulator did not connect in time')), timeoutMs);
        onBooted.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    answersSent: (commandId) => answers.get(commandId) ?? 0,
    received: (commandId) => receivedCommands.get(commandId) ?? 0,
    get connections() {
      return connections;
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      if (heartbeat) clearInterval(heartbeat);
      const current = socket;
      socket = null;
      if (current && current.readyState !== WebSocket.CLOSED) {
        await new Promise<void>((resolve) => {
          current.once('close', () => resolve());
          current.close(1000, 'stopped');
          setTimeout(() => {
            current.terminate();
            resolve();
          }, 1000).unref();
        });
      }
    },
  };
}

/** The demo dock's device as `npm run docks:simulate` serves it: its seeded credentials, A8 holding the left-behind bike. */
export const DEMO_SIMULATOR = {
  deviceId: DEMO_DEVICE_ID,
  password: DEMO_DEVICE_PASSWORD,
  connectors: DEMO_DEVICE_CONNECTORS,
  lockedConnectors: [DEMO_LEFT_BEHIND_CONNECTOR],
} as const satisfies Partial<SimulatorOptions>;

const USAGE = `Usage: npm run docks:simulate -- [--url http://localhost:3000] [--device <id> --password <pw> | --pair-code <code>]
       [--connectors <n>] [--drop-answers] [--delay-answers <ms>] [--duplicate-answers]`;

/** Runs the CLI; answers the process exit code once it is told to quit. */
export async function runSimulatorCli(args: readonly string[]): Promise<number> {
  if (process.env.NODE_ENV === 'production') {
    console.error('The dock simulator never runs in production (NODE_ENV=production).');
    return 1;
  }
  let parsed: ReturnType<typeof parseCliArgs>;
  try {
    parsed = parseCliArgs(args);
  } catch (error) {
    console.error((error as Error).message);
    console.error(USAGE);
    return 2;
  }
  const { values } = parsed;
  // Without a device of its own it serves the demo dock of `npm start` (its seeded device).
  const demo = values.device || values['pair-code'] ? null : DEMO_SIMULATOR;
  if (values.device && !values.password) {
    console.error('--device needs its --password.');
    console.error(USAGE);
    return 2;
  }
  const connectors = Number(values.connectors ?? demo?.connectors ?? 8);
  const simulator = await startSimulator({
    url: values.url ?? 'http://localhost:3000',
    connectors,
    lockedConnectors: demo?.lockedConnectors ?? [],
    ...(values['pair-code']
      ? { pairCode: values['pair-code'] }
      : { deviceId: values.device ?? demo?.deviceId, password: values.password ?? demo?.password }),
    faults: {
      dropAnswers: values['drop-answers'] ?? false,
      answerDelayMs: Number(values['delay-answers'] ?? 0),
      duplicateAnswers: values['duplicate-answers'] ?? false,
    },
    log: (line) => console.log(`[${new Date().toISOString()}] ${line}`),
  });
  console.log(`Device ${simulator.deviceId} with ${connectors} connectors. Type "help" for commands.`);
  if (values['pair-code']) console.log(`Its password (keep it to connect again): ${simulator.password}`);
  const input = createInterface({ input: process.stdin });
  let quitTyped = false;
  for await (const line of input) {
    const [command, argument] = line.trim().split(/\s+/);
    const number = Number(argument);
    const on = argument !== 'off';
    switch (command) {
      case 'push':
        simulator.pushBike(number);
        break;
      case 'take':
        simulator.takeBike(number);
        break;
      case 'status':
        for (let index = 1; index <= connectors; index += 1)
          console.log(`${index}: ${simulator.status(index)}`);
        break;
      case 'drop':
        simulator.setFaults({ dropAnswers: on });
        break;
      case 'delay':
        simulator.setFaults({ answerDelayMs: Number.isFinite(number) ? number : 0 });
        break;
      case 'duplicate':
        simulator.setFaults({ duplicateAnswers: on });
        break;
      case 'silent':
        simulator.setFaults({ silent: on });
        break;
      case 'disconnect':
        simulator.disconnect();
        break;
      case 'power-loss':
        simulator.setFaults({ powerLossOnNextCommand: true });
        console.log('The next command is carried out, then the power goes before the answer.');
        break;
      case 'quit':
      case 'exit':
        quitTyped = true;
        input.close();
        break;
      default:
        console.log(
          'push <n>, take <n>, status, drop on|off, delay <ms>, duplicate on|off, silent on|off, disconnect, power-loss, quit',
        );
    }
  }
  // Input ended without `quit` (run by a process manager, or with no terminal): the device keeps
  // serving its dock until the process is told to stop, as a real controller would.
  if (!quitTyped) {
    await new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
  }
  await simulator.stop();
  return 0;
}

function parseCliArgs(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    options: {
      url: { type: 'string' },
      device: { type: 'string' },
      password: { type: 'string' },
      'pair-code': { type: 'string' },
      connectors: { type: 'string' },
      'drop-answers': { type: 'boolean' },
      'delay-answers': { type: 'string' },
      'duplicate-answers': { type: 'boolean' },
    },
    strict: true,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runSimulatorCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
