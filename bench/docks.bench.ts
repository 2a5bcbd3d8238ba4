/**
 * Docks at scale (issue 28): BENCH_DEVICES (default 1,000) simulated lock controllers connected to
 * one API process over real websockets, BENCH_COMMANDS_PER_SECOND (100) lock/unlock commands per
 * second from BENCH_PEOPLE (100) people for BENCH_SECONDS (20), each command's round trip (HTTP
 * request → API → device → answer → HTTP answer) measured; then a reconnect storm: every device's
 * connection dropped at once, timed until all are connected again with every lock reconciled
 * (the state the API holds is the device's own).
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
import { uuidv7 } from '../apps/api/src/platform/ids.ts';
import { startBenchServer } from './support/bench-server.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const CONNECTORS = 2;
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100);
const COMMANDS_PER_SECOND = Number(process.env.BENCH_COMMANDS_PER_SECOND ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const DEVICE_PASSWORD = 'bench-device-password';

const server = await startBenchServer(
  {},
  {
    lockDevicesRateLimits: { deviceConnectionsPerMinute: 1_000_000 },
    lockCommandsRateLimits: { commandsPerMinute: 1_000_000 },
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
let started = performance.now();
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
const people: Array<{ token: string; bikeId: string; lockId: string; parked: boolean; busy: boolean }> = [];
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
  people.push({ token: person.token, bikeId, lockId: lock.id, parked: false, busy: false });
}

// 100 commands a second, each from a person not waiting for one already: lock, then unlock, and so on.
const roundTrips: { lock: number[]; unlock: number[] } = { lock: [], unlock: [] };
const outcomes = new Map<string, number>();
const inFlight = new Set<Promise<void>>();
let skipped = 0;
let nextPerson = 0;
started = performance.now();
const interval = 1000 / COMMANDS_PER_SECOND;
for (let sent = 0; sent < COMMANDS_PER_SECOND * SECONDS; sent += 1) {
  const due = started + sent * interval;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  let person: (typeof people)[number] | undefined;
  for (let tried = 0; tried < people.length && !person; tried += 1) {
    const candidate = people[nextPerson % people.length];
    nextPerson += 1;
    if (candidate && !candidate.busy) person = candidate;
  }
  if (!person) {
    skipped += 1;
    continue;
  }
  const who = person;
  who.busy = true;
  const verb = who.parked ? 'unlock' : 'lock';
  const begun = performance.now();
  const request = fetch(`${address}/api/docks/${dockId}/locks/${who.lockId}/${verb}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
    body: verb === 'lock' ? JSON.stringify({ bike_id: who.bikeId }) : '{}',
  })
    .then(async (response) => {
      const body = (await response.json()) as { outcome?: string; code?: string };
      roundTrips[verb].push(performance.now() - begun);
      const outcome = `${verb} ${response.status} ${body.outcome ?? body.code}`;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      if (body.outcome === 'accepted') who.parked = verb === 'lock';
    })
    .catch((error: unknown) => {
      outcomes.set(`${verb} error`, (outcomes.get(`${verb} error`) ?? 0) + 1);
      console.error(error);
    })
    .finally(() => {
      who.busy = false;
      inFlight.delete(request);
    });
  inFlight.add(request);
}
await Promise.all(inFlight);
const elapsed = (performance.now() - started) / 1000;

function percentile(values: number[], p: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return value === undefined ? '-' : value.toFixed(1);
}
const all = [...roundTrips.lock, ...roundTrips.unlock];
console.log(
  `${all.length} commands in ${elapsed.toFixed(1)} s (${(all.length / elapsed).toFixed(1)}/s; ${skipped} skipped: every person busy)`,
);
for (const [name, values] of [
  ['lock', roundTrips.lock],
  ['unlock', roundTrips.unlock],
  ['all', all],
] as const) {
  console.log(
    `  ${name}: p50 ${percentile(values, 50)} ms, p99 ${percentile(values, 99)} ms, max ${percentile(values, 100)} ms`,
  );
}
console.log(`  outcomes: ${JSON.stringify(Object.fromEntries(outcomes))}`);
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
