/**
 * The soak (issue 26): two API instances (server.ts, as `npm start` runs it) on a PostgreSQL of the
 * run's own, under write traffic — sign-ups, card purchases through the payment stand-in, bike
 * registrations with an Idempotency-Key — while the instances are killed with SIGKILL and
 * PostgreSQL is restarted. Requests that are cut off are retried on the other instance as a load
 * balancer and a client would; an instance that dies is started again as an orchestrator would. At
 * the end it checks what must hold whatever happened and prints what it found; it never fails.
 *
 *   npx tsx bench/soak.bench.ts                                 # 50 kills, 10 PostgreSQL restarts
 *   SOAK_KILLS=5 SOAK_PG_RESTARTS=2 npx tsx bench/soak.bench.ts # a short run
 *
 * SOAK_KILLS (50) kill -9 of an instance, alternating, each after 1–4 s of traffic;
 * SOAK_PG_RESTARTS (10) PostgreSQL restarts (fast shutdown, start), each after 2–5 s of traffic;
 * SOAK_WORKERS (6) people doing things at once. PostgreSQL comes from the installed server binaries
 * (apps/api/src/test/own-services.ts), on a free port: the machine's shared PostgreSQL is never
 * touched.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type OrderStatus, wasPaid } from '@nbr/domain/webshop';
import pg from 'pg';
import { freePort, startOwnPostgres } from '../apps/api/src/test/own-services.ts';
import { type ServerProcess, startServer, waitForHealth } from '../apps/api/src/test/server-process.ts';

const KILLS = Number(process.env.SOAK_KILLS ?? 50);
const PG_RESTARTS = Number(process.env.SOAK_PG_RESTARTS ?? 10);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 6);
const INSTANCES = 2;
const PASSWORD = 'Soak-fjord-pedal-2026';
/** How long one request may take before it counts as hung (a database that does not answer). */
const REQUEST_TIMEOUT_MS = 30_000;
/** How long a write is retried before the soak gives up on it (an Idempotency-Key lease is 45 s). */
const RETRY_FOR_MS = 180_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number) => low + Math.random() * (high - low);

// ---- what happened --------------------------------------------------------------------------

const counts = new Map<string, number>();
function count(what: string, by = 1): void {
  counts.set(what, (counts.get(what) ?? 0) + by);
}
/** Things that must not happen, with what was seen. */
const failures: string[] = [];
const crashes: Array<{
  instance: string;
  during: string;
  code: number | NodeJS.Signals | null;
  tail: string;
}> = [];
let phase = 'start-up';

// ---- PostgreSQL and the instances -------------------------------------------------------------

const postgres = await startOwnPostgres();
if (!postgres) {
  console.log('No PostgreSQL server binaries found (/usr/lib/postgresql/<major>/bin): nothing to soak.');
  process.exit(0);
}
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-soak-'));
const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
// The soak's own connections see the restarts too; a dropped idle one must not end the soak.
db.on('error', () => count('soak: its own database connection dropped'));

interface Instance {
  name: string;
  port: number;
  url: string;
  server: ServerProcess | null;
  /** Ready for traffic: started and answering /api/health. */
  up: boolean;
  /** Set while the soak itself stops it, so its exit is not counted as a crash. */
  stopping: boolean;
}

const instances: Instance[] = [];
for (let n = 0; n < INSTANCES; n += 1) {
  const port = await freePort();
  instances.push({
    name: `api-${n + 1}`,
    port,
    url: `http://127.0.0.1:${port}`,
    server: null,
    up: false,
    stopping: false,
  });
}

let finished = false;

async function start(instance: Instance): Promise<void> {
  const server = startServer({
    NODE_ENV: 'test',
    PORT: String(instance.port),
    PUBLIC_URL: instance.url,
    DATABASE_URL: postgres!.url,
    // Shared by both, as a shared secret store would be: the keys generated there by the first start.
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000000',
    RATE_LIMIT_SEARCH_PER_MINUTE: '100000000',
  });
  instance.server = server;
  instance.stopping = false;
  count(`${instance.name}: starts`);
  server.exited.then((code) => {
    instance.up = false;
    if (instance.stopping || finished) return;
    // What it died of: the error lines of its last output (a stack's own lines are left out), else
    // its last lines as they are.
    const last = server.output().trim().split('\n').slice(-200);
    const errorLines = last.filter((line) =>
      /Unhandled|failed|^\S*(Error|error)\b|^\s*(code|routine):/.test(line),
    );
    const tail = (errorLines.length > 0 ? errorLines : last).slice(-8).join('\n');
    crashes.push({ instance: instance.name, during: phase, code, tail });
    failures.push(`an instance exited on its own during ${phase}`);
    count(`${instance.name}: exits nobody asked for (crashes)`);
    // An orchestrator starts it again.
    void restart(instance);
  });
  await waitForHealth(instance.url, server, 180_000).catch((error: Error) => {
    count(`${instance.name}: start-ups that failed`);
    throw error;
  });
  instance.up = true;
}

const restarting = new Map<Instance, Promise<void>>();
/** Starts the instance again until it serves; one attempt at a time per instance. */
function restart(instance: Instance): Promise<void> {
  const running = restarting.get(instance);
  if (running) return running;
  const attempt = (async () => {
    while (!finished) {
      try {
        await start(instance);
        return;
      } catch {
        // It exited during start-up (the database away?): try again, as an orchestrator does.
        await sleep(1_000);
      }
    }
  })().finally(() => restarting.delete(instance));
  restarting.set(instance, attempt);
  return attempt;
}

async function kill(instance: Instance): Promise<void> {
  const server = instance.server;
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  instance.stopping = true;
  instance.up = false;
  server.child.kill('SIGKILL');
  await server.exited;
}

// The first start generates the keys under DATA_DIR; the others read them.
for (const instance of instances) await start(instance);

// ---- the client: retries what was cut off ----------------------------------------------------

let turn = 0;
function liveInstance(avoid?: Instance): Instance | null {
  const live = instances.filter((instance) => instance.up && instance !== avoid);
  if (live.length === 0) return instances.find((instance) => instance.up) ?? null;
  turn += 1;
  return live[turn % live.length] ?? null;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  instance: Instance;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  idempotencyKey?: string;
  /** Always this instance (its in-memory payment stand-in holds the session); no other one. */
  instance?: Instance;
  what: string;
}

/**
 * Sends a request until it gets an answer that is not a failure of the service: a cut-off
 * connection, a timeout, 5xx, or 409 idempotency_key_in_progress are retried (on another instance
 * when one is up) with the same Idempotency-Key. Answers null after RETRY_FOR_MS.
 */
async function send(call: Call): Promise<Answer | null> {
  const deadline = Date.now() + RETRY_FOR_MS;
  let previous: Instance | undefined;
  count(`${call.what}: sent`);
  let attempts = 0;
  while (Date.now() < deadline && !abandoned) {
    const instance = call.instance ?? liveInstance(previous);
    if (!instance?.up) {
      await sleep(250);
      continue;
    }
    if (attempts > 0) count(`${call.what}: retries`);
    attempts += 1;
    previous = instance;
    const headers: Record<string, string> = {};
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
    let body: string | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(call.form).toString();
    }
    let response: Response;
    try {
      response = await fetch(`${instance.url}${call.path}`, {
        method: call.method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      count(
        (error as Error).name === 'TimeoutError'
          ? `${call.what}: timed out`
          : `${call.what}: cut off (connection lost)`,
      );
      await sleep(200);
      continue;
    }
    const text = await response.text().catch(() => '');
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { text };
    }
    if (
      response.status >= 500 ||
      (response.status === 409 && parsed.code === 'idempotency_key_in_progress')
    ) {
      count(`${call.what}: answered ${response.status}${parsed.code ? ` ${String(parsed.code)}` : ''}`);
      await sleep(response.status === 409 ? 2_000 : 500);
      continue;
    }
    count(`${call.what}: answered ${response.status}`);
    return { status: response.status, body: parsed, instance };
  }
  count(`${call.what}: given up`);
  return null;
}

// ---- the traffic ------------------------------------------------------------------------------

interface Registration {
  key: string;
  token: string;
  frameNumber: string;
  body: Record<string, unknown>;
  /** The first answer the caller got (after its retries): what every replay must repeat. */
  first: { status: number; bikeId: string | null; code: string | null } | null;
}

const emails: string[] = [];
const registrations: Registration[] = [];
const checkoutKeys: Array<{ key: string; token: string; body: unknown; orderId: string | null }> = [];
let stopTraffic = false;
let abandoned = false;

/**
 * A frame number in the register's format, unique for the run: the registrations' running count in
 * nine base-5 digits. Random digits met each other about once in three runs of 5,000 registrations
 * (the birthday bound), and a second registration of the same number is rightly refused.
 */
let framesMade = 0;
function frameNumber(): string {
  const digits = framesMade
    .toString(5)
    .padStart(9, '0')
    .replace(/[0-4]/g, (digit) => '34679'[Number(digit)] ?? '3');
  framesMade += 1;
  return `SOK${digits}${'ACEFHJKMNPRTWXY'[Math.floor(Math.random() * 15)]}`;
}

const products = (await (
  await fetch(`${instances[0]?.url}/api/webshop/products?region=dk`)
).json()) as Array<{
  id: string;
  handle: string;
}>;
const registrationProduct = products.find((product) => product.handle === 'dk-registration');
if (!registrationProduct) throw new Error('no dk-registration in the catalogue');

async function signUpAndLogIn(email: string): Promise<string | null> {
  const signedUp = await send({
    method: 'POST',
    path: '/api/identities/',
    json: { email, password: PASSWORD },
    what: 'sign-up',
  });
  if (signedUp?.status !== 202) return null;
  emails.push(email);
  // The mailed link taken as followed (the soak has no mailbox), as the benchmarks do.
  await db
    .query(
      'update identities set awaiting_sign_up_confirmation = false, email_verified_at = now() where email = $1',
      [email],
    )
    .catch(() => count('soak: confirming an address failed (database away); retried by the next step'));
  const loggedIn = await send({
    method: 'POST',
    path: '/api/identities/authentications',
    json: { email, password: PASSWORD },
    what: 'log-in',
  });
  return loggedIn?.status === 200 ? String(loggedIn.body.authentication_token) : null;
}

/** A card purchase of one registration through the stand-in, on the instance that opened it. */
async function buyRegistration(token: string): Promise<void> {
  const key = randomUUID();
  const body = { items: [{ product_id: registrationProduct?.id, quantity: 1 }] };
  const entry = { key, token, body, orderId: null as string | null };
  checkoutKeys.push(entry);
  const opened = await send({
    method: 'POST',
    path: '/api/webshop/orders/reepay',
    token,
    json: body,
    idempotencyKey: key,
    what: 'checkout',
  });
  if (opened?.status !== 201) return;
  entry.orderId = String(opened.body.order_id);
  const window = new URL(String(opened.body.payment_url));
  const expiry = `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
  // The stand-in keeps the session in the memory of the instance that opened it: no retry elsewhere.
  const paid = await send({
    method: 'POST',
    path: `${window.pathname}${window.search}`,
    form: { card: '4111 1111 1111 1111', expiry, cvv: '123' },
    instance: opened.instance,
    what: 'payment window',
  }).catch(() => null);
  if (!paid) return;
  for (let poll = 0; poll < 40 && !abandoned; poll += 1) {
    const order = await send({
      method: 'GET',
      path: `/api/webshop/orders/${entry.orderId}`,
      token,
      what: 'order read',
    });
    if (wasPaid(order?.body.status as OrderStatus)) {
      count('orders seen paid by their buyer');
      return;
    }
    await sleep(500);
  }
}

/** An error answer's code; for 422 the types of its problems (`frame_number_in_use`…). */
function errorCode(body: Record<string, unknown>): string | null {
  const problems = Array.isArray(body.detail) ? (body.detail as Array<{ type?: unknown }>) : [];
  const types = problems.map((problem) => String(problem.type)).join(', ');
  if (typeof body.code === 'string') return types ? `${body.code}: ${types}` : body.code;
  return types || null;
}

async function registerBike(token: string): Promise<void> {
  const registration: Registration = {
    key: randomUUID(),
    token,
    frameNumber: frameNumber(),
    body: {},
    first: null,
  };
  registration.body = { nickname: 'Soak bike', frame_number: registration.frameNumber };
  registrations.push(registration);
  const answer = await send({
    method: 'POST',
    path: '/api/bikes/',
    token,
    json: registration.body,
    idempotencyKey: registration.key,
    what: 'registration',
  });
  if (!answer) return;
  registration.first = {
    status: answer.status,
    bikeId: typeof answer.body.bike_id === 'string' ? answer.body.bike_id : null,
    code: errorCode(answer.body),
  };
}

async function worker(n: number): Promise<void> {
  for (let round = 0; !stopTraffic; round += 1) {
    const email = `soak-${n}-${round}-${randomUUID().slice(0, 8)}@example.test`;
    const token = await signUpAndLogIn(email);
    if (!token) continue;
    // Credits for the registrations (the development stand-in); a retried grant only adds credits.
    await send({ method: 'POST', path: '/dev/credits', json: { email, count: 3 }, what: 'credits grant' });
    await buyRegistration(token);
    for (let bike = 0; bike < 3 && !stopTraffic; bike += 1) await registerBike(token);
  }
}

// ---- the chaos --------------------------------------------------------------------------------

const startedAt = Date.now();
const workers = Array.from({ length: WORKERS }, (_, n) => worker(n));

async function waitUntilAllUp(timeoutMs = 240_000): Promise<number> {
  const since = Date.now();
  while (!instances.every((instance) => instance.up) && Date.now() - since < timeoutMs) await sleep(100);
  return Date.now() - since;
}

const recoveries: number[] = [];
phase = 'kill -9 under write traffic';
for (let k = 0; k < KILLS; k += 1) {
  await sleep(between(1_000, 4_000));
  const victim = instances[k % instances.length] as Instance;
  await kill(victim);
  count('kill -9 of an instance');
  const since = Date.now();
  await restart(victim);
  recoveries.push(Date.now() - since);
  process.stdout.write(`kill ${k + 1}/${KILLS} of ${victim.name}: back after ${Date.now() - since} ms\n`);
}

phase = 'PostgreSQL restart under load';
/** How long until both instances served again, after restarts that made one exit. */
const outages: number[] = [];
for (let r = 0; r < PG_RESTARTS; r += 1) {
  await sleep(between(2_000, 5_000));
  const crashesBefore = crashes.length;
  const since = Date.now();
  await postgres.restart();
  count('PostgreSQL restarts');
  // An instance that exited is being started again meanwhile; wait until both serve.
  await sleep(1_000);
  await waitUntilAllUp();
  const exited = crashes.length - crashesBefore;
  if (exited > 0) outages.push(Date.now() - since);
  process.stdout.write(
    `PostgreSQL restart ${r + 1}/${PG_RESTARTS}: ${
      exited === 0
        ? 'no instance exited'
        : `${exited} instance exits; both serving again after ${Date.now() - since} ms`
    }\n`,
  );
}

phase = 'draining';
stopTraffic = true;
const drained = await Promise.race([
  Promise.all(workers).then(() => true),
  sleep(RETRY_FOR_MS + 30_000).then(() => false),
]);
if (!drained) {
  abandoned = true;
  failures.push('the traffic did not finish within the retry window after the chaos ended');
}
const trafficSeconds = (Date.now() - startedAt) / 1000;

// ---- what must hold ----------------------------------------------------------------------------

phase = 'checking';
await waitUntilAllUp();

// Every idempotent retry answers the first answer: replay each registration once more.
let replayed = 0;
let replayMismatches = 0;
for (const registration of registrations) {
  if (!registration.first) continue;
  if (registration.first.status >= 300) continue; // refused answers are not kept (idempotency.ts)
  const again = await send({
    method: 'POST',
    path: '/api/bikes/',
    token: registration.token,
    json: registration.body,
    idempotencyKey: registration.key,
    what: 'replay of a registration',
  });
  replayed += 1;
  if (again?.status !== registration.first.status || again.body.bike_id !== registration.first.bikeId) {
    replayMismatches += 1;
    failures.push(
      `registration replay answered ${again?.status} ${String(again?.body.code ?? again?.body.bike_id ?? '')} where the first answer was ${registration.first.status} ${registration.first.bikeId}`,
    );
  }
}

const one = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await db.query<T>(text, values)).rows;

const frameNumbers = registrations.map((registration) => registration.frameNumber);
const stored = new Map(
  (
    await one<{ frame_number: string; id: string }>(
      'select frame_number, id from bikes where frame_number = any($1)',
      [frameNumbers],
    )
  ).map((row) => [row.frame_number, row.id]),
);
let committedButRefused = 0;
let answeredButMissing = 0;
let givenUp = 0;
for (const registration of registrations) {
  const bikeId = stored.get(registration.frameNumber);
  if (!registration.first) {
    givenUp += 1;
    continue;
  }
  if (registration.first.status === 201 && bikeId !== registration.first.bikeId) {
    answeredButMissing += 1;
    failures.push(`a registration answered 201 (bike ${registration.first.bikeId}) is not in the register`);
  }
  if (registration.first.status !== 201 && bikeId) {
    committedButRefused += 1;
    failures.push(
      `a registration was saved, but its retry answered ${registration.first.status} ${registration.first.code} (issue 26 §4)`,
    );
  }
}

const [withoutOwner] = await one<{ count: number }>(
  `select count(*)::int as count from bikes b
   where not exists (select 1 from bike_ownerships o where o.bike_id = b.id and o.ended_at is null)`,
);
if (withoutOwner && withoutOwner.count > 0)
  failures.push(`${withoutOwner.count} bikes without a current owner`);

const [unpaidCredit] = await one<{ count: number }>(
  `select count(*)::int as count from bike_ownerships o
   where o.ended_at is null and o.how = 'registered'
     and not exists (select 1 from bike_ownership_credits c where c.bike_ownership_id = o.id)
     and exists (select 1 from bikes b where b.id = o.bike_id and b.frame_number = any($1))`,
  [frameNumbers],
);
if (unpaidCredit && unpaidCredit.count > 0)
  failures.push(`${unpaidCredit.count} soak bikes registered without a credit`);

const [accounts] = await one<{ count: number; distinct: number }>(
  'select count(*)::int as count, count(distinct email)::int as distinct from identities where email = any($1)',
  [emails],
);
if (accounts && accounts.count !== new Set(emails).size) {
  failures.push(`${accounts.count} accounts for ${new Set(emails).size} addresses signed up`);
}

// An order is fulfilled once (its subscription row names it), and only once it was paid.
const orderRows = await one<{ status: OrderStatus; orders: number; fulfilments: number; twice: number }>(
  `select status, count(*)::int as orders, sum(fulfilments)::int as fulfilments,
          count(*) filter (where fulfilments > 1)::int as twice
   from (select o.status, (select count(*) from subscriptions s where s.order_id = o.id) as fulfilments
         from orders o join identities i on i.party_id = o.party_id where i.email = any($1)) per_order
   group by status order by status`,
  [emails],
);
for (const row of orderRows) {
  if (row.twice > 0) failures.push(`${row.twice} ${row.status} orders fulfilled more than once`);
  if (row.status === 'fulfilled' && row.fulfilments !== row.orders) {
    failures.push(`${row.orders} fulfilled orders with ${row.fulfilments} fulfilments`);
  }
  if (!wasPaid(row.status) && row.fulfilments > 0)
    failures.push(`${row.fulfilments} ${row.status} orders fulfilled`);
}
const openedOrders = checkoutKeys.filter((entry) => entry.orderId).length;
const [orderCount] = await one<{ count: number }>(
  'select count(*)::int as count from orders o join identities i on i.party_id = o.party_id where i.email = any($1)',
  [emails],
);
if (orderCount && orderCount.count > checkoutKeys.length) {
  failures.push(
    `${orderCount.count} orders for ${checkoutKeys.length} checkouts: a checkout retried with its key opened another order (issue 26 §4)`,
  );
}

const receipts = await one<{ region: string; count: number; max: number | null; min: number | null }>(
  `select region, count(*)::int as count, max(receipt_number) as max, min(receipt_number) as min
   from orders where receipt_number is not null group by region`,
);
for (const row of receipts) {
  if (row.count !== (row.max ?? 0) - (row.min ?? 1) + 1) {
    failures.push(
      `receipts of ${row.region}: ${row.count} numbers between ${row.min} and ${row.max} (a gap)`,
    );
  }
}

const mails = await one<{ template: string; status: string; mails: number; retried: number }>(
  `select template, status, count(*)::int as mails, count(*) filter (where attempts > 1)::int as retried
   from mail_outbox where "to" = any($1) group by template, status order by template, status`,
  [emails],
);
const [leases] = await one<{ count: number }>(
  'select count(*)::int as count from idempotency_keys where status is null',
);

// ---- the report --------------------------------------------------------------------------------

finished = true;
for (const instance of instances) {
  instance.stopping = true;
  instance.server?.child.kill('SIGTERM');
}
await Promise.all(instances.map((instance) => instance.server?.exited));
await db.end();
await postgres.destroy();
await rm(dataDir, { recursive: true, force: true });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `\nSoak: ${KILLS} kill -9 and ${PG_RESTARTS} PostgreSQL restarts under the writes of ${WORKERS} people, ` +
    `${INSTANCES} instances; ${trafficSeconds.toFixed(0)} s of traffic; node ${process.version}; ${os.cpus().length} cores; ` +
    `load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
);
if (recoveries.length > 0) {
  console.log(
    `An instance killed was serving again after ${median(recoveries)} ms (median), ${Math.max(...recoveries)} ms at most (a start of server.ts).`,
  );
}
if (outages.length > 0) {
  console.log(
    `After a PostgreSQL restart that made instances exit, both served again after ${median(outages)} ms (median).`,
  );
}
console.log('\nRequests (retries are of cut-off, timed-out, 5xx and 409-in-progress answers):');
console.table(
  Object.fromEntries(
    [...counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => [key, { count: value }]),
  ),
);
console.log('What holds:');
console.table({
  'accounts signed up': { value: new Set(emails).size },
  'registrations sent (one key each)': { value: registrations.length },
  'registrations answered 201': { value: registrations.filter((r) => r.first?.status === 201).length },
  'registrations given up (no answer in the retry window)': { value: givenUp },
  'saved, but the caller was told otherwise': { value: committedButRefused },
  'answered 201, but not saved': { value: answeredButMissing },
  'replays of a kept answer': { value: replayed },
  'replays answering differently': { value: replayMismatches },
  'bikes without a current owner': { value: withoutOwner?.count ?? 0 },
  'checkouts (one key each) / orders opened': { value: `${checkoutKeys.length} / ${openedOrders}` },
  ...Object.fromEntries(
    orderRows.map((row) => [
      `orders ${row.status} (their fulfilments)`,
      { value: `${row.orders} (${row.fulfilments})` },
    ]),
  ),
  ...Object.fromEntries(
    receipts.map((row) => [`receipts ${row.region}`, { value: `${row.count}: ${row.min}…${row.max}` }]),
  ),
  ...Object.fromEntries(
    mails.map((row) => [
      `mails ${row.template} ${row.status} (more than one attempt)`,
      { value: `${row.mails} (${row.retried})` },
    ]),
  ),
  'Idempotency-Keys left in progress (leases of killed requests)': { value: leases?.count ?? 0 },
});
if (crashes.length > 0) {
  console.log(`\n${crashes.length} instance exits nobody asked for:`);
  const byPhase = new Map<string, number>();
  for (const crash of crashes) byPhase.set(crash.during, (byPhase.get(crash.during) ?? 0) + 1);
  for (const [during, times] of byPhase) console.log(`  ${times} during ${during}`);
  console.log(
    `The first one (${crashes[0]?.instance}, exit code ${crashes[0]?.code}), its last error lines:\n${crashes[0]?.tail}`,
  );
}
console.log(
  failures.length === 0
    ? '\nNo failures: no partial state, every retry answered its first answer, no instance exited on its own.'
    : `\n${failures.length} failures:\n${[...new Set(failures)]
        .map((failure) => `  - ${failures.filter((other) => other === failure).length} × ${failure}`)
        .join('\n')}`,
);
process.exit(0);
