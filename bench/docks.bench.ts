/**
 * Docks at scale (issue 28): BENCH_DEVICES (default 1,000) simulated lock controllers connected to
 * one API process over real websockets, BENCH_COMMANDS_PER_SECOND (100) lock/unlock commands per
 * second from BENCH_PEOPLE (100) people for BENCH_SECONDS (20), each command's round trip (HTTP
 * request → API → device → answer → HTTP answer) measured; then a reconnect storm: every device's
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
 * of this process (bench/support/docks-devices.worker.ts), so they do not share the API's event loop;
 * they still share the machine: quote figures with the load average. Prints figures; never fails
 * on timing.
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
import { startBenchServer } from './support/bench-server.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const CONNECTORS = 2;
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100);
const COMMANDS_PER_SECOND = Number(process.env.BENCH_COMMANDS_PER_SECOND ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
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
const started = performance.now();
const workerFile = new URL('./support/docks-devices.worker.ts', import.meta.url).href;
// The thread loads its TypeScript through tsx, as this process does (a worker does not inherit it).
const devices = new Worker(
  `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(workerFile)}, ${JSON.stringify(workerFile)}))`,
  { eval: true, workerData: { address, deviceIds, password: DEVICE_PASSWORD, connectors: CONNECTORS } },
);
let devicesStopping = false;
devices.on('exit', (code) => {
  if (code !== 0 && !devicesStopping) {
    console.error(`the devices' thread stopped (${code})`);
    process.exit(1);
  }
});
devices.on('error', (error) => console.error('devices thread:', error));
function askDevices(type: 'started' | 'state' | 'disconnect' | 'stop'): Promise<DevicesState> {
  return new Promise((resolve) => {
    const listen = (message: DevicesState) => {
      if (message.type !== type) return;
      devices.off('message', listen);
      resolve(message);
    };
    devices.on('message', listen);
    if (type !== 'started') devices.postMessage({ type });
  });
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
interface Person {
  token: string;
  bikeId: string;
  lockId: string;
  deviceId: string;
  parked: boolean;
  busy: boolean;
}
const people: Person[] = [];
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

interface RateRun {
  /** Round trips by kind (lock, unlock; the references have one kind). */
  roundTrips: Map<string, number[]>;
  outcomes: Map<string, number>;
  skipped: number;
  elapsed: number;
  /** How busy this process's main thread was (the API's and the bench's HTTP client's, not the devices'). */
  busy: number;
}

/**
 * COMMANDS_PER_SECOND requests a second for SECONDS, each from a person not waiting for one
 * already (a tick with everyone waiting is skipped and counted); `send` answers the round trip's
 * kind and outcome.
 */
async function atRate(
  send: (person: Person) => Promise<{ kind: string; outcome: string }>,
): Promise<RateRun> {
  const run: RateRun = { roundTrips: new Map(), outcomes: new Map(), skipped: 0, elapsed: 0, busy: 0 };
  const loopBefore = performance.eventLoopUtilization();
  const inFlight = new Set<Promise<void>>();
  let nextPerson = 0;
  const begin = performance.now();
  const interval = 1000 / COMMANDS_PER_SECOND;
  for (let sent = 0; sent < COMMANDS_PER_SECOND * SECONDS; sent += 1) {
    const due = begin + sent * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    let person: Person | undefined;
    for (let tried = 0; tried < people.length && !person; tried += 1) {
      const candidate = people[nextPerson % people.length];
      nextPerson += 1;
      if (candidate && !candidate.busy) person = candidate;
    }
    if (!person) {
      run.skipped += 1;
      continue;
    }
    const who = person;
    who.busy = true;
    const begun = performance.now();
    const request = send(who)
      .then(({ kind, outcome }) => {
        const trips = run.roundTrips.get(kind) ?? [];
        trips.push(performance.now() - begun);
        run.roundTrips.set(kind, trips);
        run.outcomes.set(outcome, (run.outcomes.get(outcome) ?? 0) + 1);
      })
      .catch((error: unknown) => {
        run.outcomes.set('error', (run.outcomes.get('error') ?? 0) + 1);
        console.error(error);
      })
      .finally(() => {
        who.busy = false;
        inFlight.delete(request);
      });
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  run.elapsed = (performance.now() - begin) / 1000;
  run.busy = performance.eventLoopUtilization(loopBefore).utilization;
  return run;
}

function percentile(values: number[], p: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return value === undefined ? '-' : value.toFixed(1);
}

function report(title: string, run: RateRun): void {
  const all = [...run.roundTrips.values()].flat();
  console.log(
    `${title}: ${all.length} in ${run.elapsed.toFixed(1)} s (${(all.length / run.elapsed).toFixed(1)}/s; ${run.skipped} skipped: every person busy); load average ${load()}`,
  );
  const kinds =
    run.roundTrips.size > 1 ? [...run.roundTrips, ['all', all] as const] : [['all', all] as const];
  for (const [name, values] of kinds) {
    console.log(
      `  ${name}: p50 ${percentile(values, 50)} ms, p99 ${percentile(values, 99)} ms, max ${percentile(values, 100)} ms`,
    );
  }
  console.log(`  outcomes: ${JSON.stringify(Object.fromEntries(run.outcomes))}`);
  console.log(
    `  main thread (API and HTTP client) busy ${(run.busy * 100).toFixed(0)} %: ${((run.busy * run.elapsed * 1000) / Math.max(1, all.length)).toFixed(2)} ms per round trip`,
  );
}

// Reference 1: the same people, the same rate, an authenticated POST that does no work.
const httpReference = await atRate(async (who) => {
  const response = await fetch(`${address}/api/bench/reference`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
    body: '{}',
  });
  const body = (await response.json()) as { outcome?: string; code?: string };
  return { kind: 'post', outcome: `${response.status} ${body.outcome ?? body.code}` };
});
report('reference, authenticated POST doing nothing', httpReference);

// Reference 2: the same rate, a TriggerMessage to the person's lock's device over its open socket
// and the device's answer (Heartbeat: the device answers, then sends a Heartbeat the API answers).
const deviceReference = await atRate(async (who) => ({
  kind: 'trigger',
  outcome: String(await deviceConnections.trigger(who.deviceId, 'Heartbeat')),
}));
report('reference, device round trip (TriggerMessage, no database)', deviceReference);

// The commands: each person locks, then unlocks, and so on.
const commands = await atRate(async (who) => {
  const verb = who.parked ? 'unlock' : 'lock';
  const response = await fetch(`${address}/api/docks/${dockId}/locks/${who.lockId}/${verb}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
    body: verb === 'lock' ? JSON.stringify({ bike_id: who.bikeId }) : '{}',
  });
  const body = (await response.json()) as { outcome?: string; code?: string };
  if (body.outcome === 'accepted') who.parked = verb === 'lock';
  return { kind: verb, outcome: `${verb} ${response.status} ${body.outcome ?? body.code}` };
});
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
devicesStopping = true;
await devices.terminate();
// The API writes each closed connection down: let it finish before the schema goes.
await waitFor(async () => (await connectedDevices()) === 0, 60_000);
await new Promise((resolve) => setTimeout(resolve, 2000));
await server.close();
