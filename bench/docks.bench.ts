/**
 * Docks at scale (issue 28): BENCH_DEVICES (default 1,000) simulated lock controllers connected to
 * one API process over real websockets, BENCH_COMMANDS_PER_SECOND (100) lock/unlock commands per
 * second from BENCH_PEOPLE (100) people for BENCH_SECONDS (20) after BENCH_WARM_UP_SECONDS (3) of them
 * not counted, each command's round trip (HTTP request → API → device → answer → HTTP answer)
 * measured; then a reconnect storm: every device's
 * connection dropped at once, timed until all are connected again with every lock reconciled
 * (the state the API holds is the device's own).
 *
 * Beside the commands, two references measured in the same run at the same rate from the same
 * people: an authenticated HTTP POST to a route of the bench's own that does no work (what HTTP,
 * authentication and this process's client cost), and a raw device round trip (a TriggerMessage
 * over the already-open socket of the person's lock's device and its answer, no database), so the
 * reader sees what part of a command's round trip is the command's own work.
 *
 *   npx tsx bench/docks.bench.ts                                  # PGlite in a temporary directory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/docks.bench.ts
 *
 * The devices are the project's simulator (apps/api/src/cli/docks-simulate.ts) on a worker thread
 * of this process (bench/support/docks-devices.worker.ts), and the people's HTTP client is on another
 * (bench/support/docks-people.worker.ts), so neither shares the API's event loop and the thread's busy
 * figure is the API's own; they still share the machine: quote figures with the load average.
 * Prints figures; never fails on timing.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { count, eq, isNotNull } from 'drizzle-orm';
import { docks, lockDevices, locks } from '../apps/api/src/db/schema/docks.ts';
import { parties } from '../apps/api/src/db/schema/identity.ts';
import { organisations } from '../apps/api/src/db/schema/organisations.ts';
import { DeviceConnections } from '../apps/api/src/modules/docks/device-socket.ts';
import { requireAuth } from '../apps/api/src/platform/auth/access.ts';
import { uuidv7 } from '../apps/api/src/platform/ids.ts';
import { atRate, type RateRun } from './support/at-rate.ts';
import { startBenchServer } from './support/bench-server.ts';
import type { BenchPerson } from './support/docks-people.worker.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const CONNECTORS = 2;
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100);
const COMMANDS_PER_SECOND = Number(process.env.BENCH_COMMANDS_PER_SECOND ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
const DEVICE_PASSWORD = 'bench-device-password';

// The API's device connections, reached by the raw device round trip (the reference).
const deviceConnections = new DeviceConnections();
const server = await startBenchServer(
  {},
  {
    lockDevicesRateLimits: { deviceConnectionsPerMinute: 1_000_000 },
    lockCommandsRateLimits: { commandsPerMinute: 1_000_000 },
    deviceConnections,
  },
  (app) => {
    // The HTTP reference: authenticated (the access hook, as every command), then nothing.
    app.post('/api/bench/reference', { config: { access: 'signed_in' } }, async (request) => {
      requireAuth(request);
      return { outcome: 'accepted' };
    });
  },
);
const { address, database } = server;
const db = database.db;

// The operator, its dock, and the devices with their locks, inserted in SQL (pairing each through
// the API would measure pairing); the devices then connect, boot and report as controllers do.
const operatorId = uuidv7();
await db.insert(parties).values({ id: operatorId, kind: 'organisation' });
await db
  .insert(organisations)
  .values({ partyId: operatorId, name: 'Bench Kommune', type: 'municipality', region: 'dk' });
const dockId = uuidv7();
await db.insert(docks).values({
  id: dockId,
  operatorPartyId: operatorId,
  name: 'Bench dock',
  region: 'dk',
  streetAddress: 'Benchvej 1',
  postcode: '8000',
  town: 'Aarhus C',
  latitude: 56.15,
  longitude: 10.2,
  access: 'signed_in',
  maxParkingHours: 72,
});
const passwordHash = createHash('sha256').update(DEVICE_PASSWORD).digest('hex');
const deviceIds = Array.from({ length: DEVICES }, () => uuidv7());
for (let start = 0; start < DEVICES; start += 500) {
  const batch = deviceIds.slice(start, start + 500);
  await db
    .insert(lockDevices)
    .values(batch.map((id) => ({ id, dockId, pairedAt: new Date(), passwordHash })));
  await db.insert(locks).values(
    batch.flatMap((deviceId, index) =>
      Array.from({ length: CONNECTORS }, (_, connector) => ({
        id: uuidv7(),
        dockId,
        deviceId,
        connectorId: connector + 1,
        label: String((start + index) * CONNECTORS + connector + 1),
      })),
    ),
  );
}

async function connectedDevices(): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lockDevices)
    .where(isNotNull(lockDevices.connectedInstance));
  return row?.n ?? 0;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
console.log(`load average before: ${load()}`);

interface DevicesState {
  type: string;
  connections: Record<string, number>;
  statuses: Record<string, string[]>;
  trouble: Record<string, number>;
}
/** Threads of the bench that have been told to stop: their exit is expected. */
const stopping = new Set<Worker>();

/**
 * A worker thread of the bench, loading its TypeScript through tsx as this process does (a worker
 * does not inherit it). The bench stops when one dies unasked.
 */
function startThread(file: string, data: unknown): Worker {
  const url = new URL(file, import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(url)}, ${JSON.stringify(url)}))`,
    { eval: true, workerData: data },
  );
  worker.on('exit', (code) => {
    if (code !== 0 && !stopping.has(worker)) {
      console.error(`${file} stopped (${code})`);
      process.exit(1);
    }
  });
  worker.on('error', (error) => console.error(`${file}:`, error));
  return worker;
}

/** The thread's next message of this type. */
function nextMessage<Message>(worker: Worker, type: string): Promise<Message> {
  return new Promise((resolve) => {
    const listen = (message: Message & { type: string }) => {
      if (message.type !== type) return;
      worker.off('message', listen);
      resolve(message);
    };
    worker.on('message', listen);
  });
}

const started = performance.now();
const devices = startThread('./support/docks-devices.worker.ts', {
  address,
  deviceIds,
  password: DEVICE_PASSWORD,
  connectors: CONNECTORS,
});
function askDevices(type: 'started' | 'state' | 'disconnect' | 'stop'): Promise<DevicesState> {
  const answer = nextMessage<DevicesState>(devices, type);
  if (type !== 'started') devices.postMessage({ type });
  return answer;
}
await askDevices('started');
const allConnected = await waitFor(async () => (await connectedDevices()) === DEVICES, 120_000);
console.log(
  `${DEVICES} devices connected and reconciled in ${((performance.now() - started) / 1000).toFixed(1)} s${allConnected ? '' : ` (only ${await connectedDevices()})`}`,
);

/** A frame number of its own per person, in the shape the register accepts (as the tests' helper makes them). */
function benchFrameNumber(index: number): string {
  const digits = index
    .toString(5)
    .padStart(9, '0')
    .split('')
    .map((digit) => '34679'[Number(digit)])
    .join('');
  return `BNC${digits}${'ACEFHJKMNPRTWXY'[((Date.now() / 1000) % 15) | 0]}`;
}

// People with one registered bike each, made through the API.
const people: Array<BenchPerson & { deviceId: string }> = [];
const lockRows = await db
  .select({ id: locks.id, deviceId: locks.deviceId })
  .from(locks)
  .where(eq(locks.connectorId, 1));
for (let index = 0; index < PEOPLE; index += 1) {
  const email = `bench-docks-${index}@example.test`;
  const person = await server.signUp(email);
  await fetch(`${address}/dev/credits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, count: 1 }),
  });
  const registered = await fetch(`${address}/api/bikes/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` },
    body: JSON.stringify({ nickname: `Bench ${index}`, frame_number: benchFrameNumber(index) }),
  });
  if (registered.status !== 201) throw new Error(`bike: ${registered.status} ${await registered.text()}`);
  const { bike_id: bikeId } = (await registered.json()) as { bike_id: string };
  const lock = lockRows[index % lockRows.length];
  if (!lock) throw new Error('not enough locks');
  people.push({
    token: person.token,
    bikeId,
    lockId: lock.id,
    deviceId: lock.deviceId,
    parked: false,
    busy: false,
  });
}

/** A run at the bench's rate, with how busy the API's thread was meanwhile. */
interface MeasuredRun extends RateRun {
  /** How busy this process's main thread (the API's) was: the devices and the people have their own. */
  busy: number;
}

async function measured(run: () => Promise<RateRun>): Promise<MeasuredRun> {
  const loopBefore = performance.eventLoopUtilization();
  const result = await run();
  return { ...result, busy: performance.eventLoopUtilization(loopBefore).utilization };
}

// The people's thread: their HTTP client on its own event loop, the API's thread serves the API only.
const peopleThread = startThread('./support/docks-people.worker.ts', {
  address,
  dockId,
  people,
  perSecond: COMMANDS_PER_SECOND,
  seconds: SECONDS,
});
await nextMessage(peopleThread, 'started');
async function inPeopleThread(scenario: 'reference' | 'commands', seconds?: number): Promise<RateRun> {
  const answer = nextMessage<{ run: RateRun }>(peopleThread, 'run');
  peopleThread.postMessage({ type: 'run', scenario, seconds });
  return (await answer).run;
}

function percentile(values: number[], p: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return value === undefined ? '-' : value.toFixed(1);
}

function report(title: string, run: MeasuredRun): void {
  const all = Object.values(run.roundTrips).flat();
  console.log(
    `${title}: ${all.length} in ${run.elapsed.toFixed(1)} s (${(all.length / run.elapsed).toFixed(1)}/s; ${run.skipped} skipped: every person busy); load average ${load()}`,
  );
  const byKind = Object.entries(run.roundTrips);
  const kinds = byKind.length > 1 ? [...byKind, ['all', all] as const] : [['all', all] as const];
  for (const [name, values] of kinds) {
    console.log(
      `  ${name}: p50 ${percentile(values, 50)} ms, p99 ${percentile(values, 99)} ms, max ${percentile(values, 100)} ms`,
    );
  }
  console.log(`  outcomes: ${JSON.stringify(run.outcomes)}`);
  console.log(
    `  API thread busy ${(run.busy * 100).toFixed(0)} %: ${((run.busy * run.elapsed * 1000) / Math.max(1, all.length)).toFixed(2)} ms per round trip`,
  );
}

// Reference 1: the same people, the same rate, an authenticated POST that does no work.
const httpReference = await measured(() => inPeopleThread('reference'));
report('reference, authenticated POST doing nothing', httpReference);

// Reference 2: the same rate, a TriggerMessage to the person's lock's device over its open socket
// and the device's answer (Heartbeat: the device answers, then sends a Heartbeat the API answers).
const deviceReference = await measured(() =>
  atRate(people, COMMANDS_PER_SECOND, SECONDS, async (who) => ({
    kind: 'trigger',
    outcome: String(await deviceConnections.trigger(who.deviceId, 'Heartbeat')),
  })),
);
report('reference, device round trip (TriggerMessage, no database)', deviceReference);

// The commands: each person locks, then unlocks, and so on. First a warm-up at the same rate, reported
// but not counted: the first commands after start run cold (code not yet optimised, each pool
// connection's first statements and PostgreSQL's caches of the tables), as they do once per start.
if (WARM_UP_SECONDS > 0) {
  report(
    `warm-up, not counted: lock/unlock commands for ${WARM_UP_SECONDS} s`,
    await measured(() => inPeopleThread('commands', WARM_UP_SECONDS)),
  );
}
const commands = await measured(() => inPeopleThread('commands'));
report('lock/unlock commands', commands);
console.log(`load average after the commands: ${load()}`);

// The reconnect storm: every connection dropped at once; timed until every device is connected again
// and every lock's stored status is what its device says.
const storm = performance.now();
const before = (await askDevices('disconnect')).connections;
const reconnected = await waitFor(async () => {
  const { connections } = await askDevices('state');
  return (
    deviceIds.every((id) => (connections[id] ?? 0) > (before[id] ?? 0)) &&
    (await connectedDevices()) === DEVICES
  );
}, 180_000);
const reconnectedAfter = (performance.now() - storm) / 1000;
const { statuses } = await askDevices('state');
const stored = await db
  .select({ deviceId: locks.deviceId, connectorId: locks.connectorId, status: locks.reportedStatus })
  .from(locks)
  .where(eq(locks.dockId, dockId));
const wrong = stored.filter((row) => statuses[row.deviceId]?.[row.connectorId - 1] !== row.status);
console.log(
  `reconnect storm: ${reconnected ? 'all' : await connectedDevices()} of ${DEVICES} devices connected again and reconciled in ${reconnectedAfter.toFixed(1)} s; ${wrong.length} of ${stored.length} locks differ from their device`,
);
console.log(`load average at the end: ${load()}`);

const { trouble } = await askDevices('stop');
if (Object.keys(trouble).length > 0) console.log(`devices' trouble: ${JSON.stringify(trouble)}`);
stopping.add(devices).add(peopleThread);
await Promise.all([devices.terminate(), peopleThread.terminate()]);
// The API writes each closed connection down: let it finish before the schema goes.
await waitFor(async () => (await connectedDevices()) === 0, 60_000);
await new Promise((resolve) => setTimeout(resolve, 2000));
await server.close();
