/**
 * Register search at scale: loads N bikes into PostgreSQL through the product's bulk import
 * (importBikes: identifier keys, ownership rows, plates), then runs the real app (buildApp) in a
 * process of its own and measures GET /api/search with autocannon (exact frame numbers, frame numbers
 * typed with look-alike characters, plate IDs, identifiers that are not registered) against a bare
 * route of the same server in the same run (GET /api/health), and prints req/s, p50/p99 and the ratio.
 * The same search as the public page asks it (GET /search?q=… with Accept: text/html: the page painted
 * on the server with its result, issue 31) is measured beside the JSON search, with the ratio of the
 * two; the server serves the web build at WEB_DIST_DIR (default apps/web/dist and dist-server beside it:
 * `npm run build -w @nbr/web` first).
 * Close serials (issue 32 §3): frame numbers misread in one or two places are looked up in the database
 * one at a time by the product's segment tokens (migration 0048) and by the reference, pg_trgm's GIN
 * index, with recall against a brute-force levenshtein scan of every bike on a sample, and over HTTP
 * as staff (GET /api/backoffice/close-serial-search) beside the bare route.
 *
 *   npx tsx bench/register-search.bench.ts                     # 1,000,000 bikes
 *   npx tsx bench/register-search.bench.ts --bikes 10000000    # 10 M (loading takes a while)
 *   npx tsx bench/register-search.bench.ts --reuse             # keep the loaded database if it has N bikes
 *
 * Options: --bikes N (default 1,000,000), --seconds S per scenario (10), --connections C (50),
 * --reuse, --close-only (only the close-serial search in the database, with its sizes). DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
 * the bench (re)creates the database `nbr_bench` on it and leaves it for --reuse (drop it by hand).
 * Prints figures; never fails on timing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BIKE_CATEGORIES, BIKE_COLORS } from '@nbr/domain/bikes';
import { CLOSE_SERIAL_MAX_DISTANCE, closeSerialProbes } from '@nbr/domain/close-serial';
import { identifierKeys } from '@nbr/domain/identifiers';
import { SEARCH_RESULT_LIMIT } from '@nbr/domain/search';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { connectDatabase, type DatabaseConnection } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { type ImportedBike, importBikes } from '../apps/api/src/modules/bikes/bike-import.service.ts';
import { findCloseSerialCandidates } from '../apps/api/src/modules/search/close-serial.repository.ts';
import { candidatesQuery } from '../apps/api/src/modules/search/search.repository.ts';
import { BRANDS, countBikes, frameNumberOf, plateOf, random } from './support/generated-register.ts';

const BENCH_DATABASE = 'nbr_bench';
const { values: args } = parseArgs({
  options: {
    bikes: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    reuse: { type: 'boolean', default: false },
    /** Only the close-serial search in the database (no pg_trgm reference, no HTTP scenarios). */
    'close-only': { type: 'boolean', default: false },
    serve: { type: 'boolean', default: false },
  },
});
const BIKES = Number(args.bikes.replaceAll('_', ''));
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
/** The web build the server paints the public pages with (its server bundle is dist-server beside it). */
const WEB_DIST_DIR = process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
})();

/** The server process: the real app on the loaded database, search limit out of the way. */
async function serve(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-bench-search-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: benchUrl,
    WEB_DIST_DIR: WEB_DIST_DIR,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    RATE_LIMIT_SEARCH_PER_MINUTE: '1000000000',
  });
  const database = await connectDatabase({ kind: 'postgres', url: benchUrl });
  const app = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ address }));
  const stop = async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
}

/** A small deterministic generator, so every run loads the same register. */
const PEOPLE = (count: number) => Math.max(1, Math.ceil(count / 2));
const ownerId = (n: number) => `00000000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;

function bikeOf(n: number, next: () => number): ImportedBike {
  const roll = n % 20;
  return {
    ownerPartyId: ownerId(1 + (n % PEOPLE(BIKES))),
    frameNumber: frameNumberOf(n),
    plateId: plateOf(n),
    brand: BRANDS[Math.floor(next() * BRANDS.length)] ?? null,
    model: `Model ${Math.floor(next() * 90) + 10}`,
    category: BIKE_CATEGORIES[Math.floor(next() * BIKE_CATEGORIES.length)] ?? null,
    color: BIKE_COLORS[Math.floor(next() * BIKE_COLORS.length)] ?? null,
    isElectric: next() < 0.3,
    visibility: roll === 0 ? 'private' : roll <= 3 ? 'searchable' : 'active',
    status: n % 50 === 7 ? 'stolen' : 'registered',
    region: n % 5 === 0 ? 'no' : 'dk',
    registeredAt: new Date(Date.UTC(2015, 0, 1) + Math.floor(next() * 3e11)),
  };
}

/** How a person misreads a stamped frame number: 0→O, 1→I, 5→S, 2→Z, 8→B, in lower case with a dash. */
function typedWithLookAlikes(frameNumber: string): string | null {
  const swaps: Record<string, string> = { '0': 'o', '1': 'l', '5': 's', '2': 'z', '8': 'b' };
  let changed = false;
  const typed = [...frameNumber.toLowerCase()].map((character) => {
    const swap = swaps[character];
    if (swap && !changed) {
      changed = true;
      return swap;
    }
    return swap && Math.random() < 0.5 ? swap : character;
  });
  if (!changed) return null;
  return `${typed.slice(0, 3).join('')}-${typed.slice(3).join('')}`;
}

/** Loading the register and building its indexes takes longer than the API's statement timeout. */
const LOADER_SETTINGS = { statementTimeoutMs: 0 };

async function prepareDatabase(): Promise<{ database: DatabaseConnection; loaded: boolean }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE]))
      .rowCount;
    if (args.reuse && exists) {
      const database = await connectDatabase({ kind: 'postgres', url: benchUrl, ...LOADER_SETTINGS });
      const count = await countBikes(database).catch(() => -1);
      if (count === BIKES) {
        // A database loaded before a newer migration (0048's close-serial keys) gets it now.
        const { applied } = await migrate(database);
        if (applied.length > 0) console.log(`  applied to the reused database: ${applied.join(', ')}`);
        return { database, loaded: true };
      }
      await database.close();
    }
    await admin.query(`drop database if exists ${BENCH_DATABASE}`);
    await admin.query(`create database ${BENCH_DATABASE}`);
  } finally {
    await admin.end();
  }
  const database = await connectDatabase({ kind: 'postgres', url: benchUrl, ...LOADER_SETTINGS });
  await migrate(database);
  return { database, loaded: false };
}

async function load(database: DatabaseConnection): Promise<void> {
  const started = performance.now();
  await database.exec(`
    insert into parties (id, kind)
      select ('00000000-0000-7000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'person'
      from generate_series(1, ${PEOPLE(BIKES)}) as n;
  `);
  const next = random(4711);
  const CHUNK = 50_000;
  let rejected = 0;
  for (let start = 0; start < BIKES; start += CHUNK) {
    const chunk = Array.from({ length: Math.min(CHUNK, BIKES - start) }, (_, offset) =>
      bikeOf(start + offset, next),
    );
    const result = await importBikes(database.db, chunk);
    rejected += result.rejected.length + result.platesRefused.length;
    const done = start + chunk.length;
    if (done % 500_000 === 0 || done === BIKES) {
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `  loaded ${done.toLocaleString('en')} bikes in ${seconds.toFixed(0)} s (${Math.round(done / seconds)} bikes/s)`,
      );
    }
  }
  if (rejected > 0) console.log(`  ${rejected} rows refused by the import`);
  const analyzeStarted = performance.now();
  // A live database has statistics (autovacuum keeps them); a bulk load needs them made.
  await database.exec('analyze');
  console.log(
    `  loaded in ${((performance.now() - started) / 1000).toFixed(0)} s (analyze ${((performance.now() - analyzeStarted) / 1000).toFixed(1)} s)`,
  );
}

/** One or two random edits (a character changed, added or left out), as a scratched or misread stamp. */
function misread(frameNumber: string, next: () => number): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  let typed = frameNumber;
  const edits = 1 + Math.floor(next() * 2);
  for (let edit = 0; edit < edits; edit += 1) {
    const at = Math.floor(next() * typed.length);
    const character = alphabet[Math.floor(next() * alphabet.length)] ?? '7';
    const kind = Math.floor(next() * 3);
    if (kind === 0) typed = typed.slice(0, at) + character + typed.slice(at + 1);
    else if (kind === 1) typed = typed.slice(0, at) + character + typed.slice(at);
    else typed = typed.slice(0, at) + typed.slice(at + 1);
  }
  return typed;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

type Rows<T> = { rows: T[] };

/**
 * Close serials in the database, one query at a time (issue 32 §3): the product's segment-pair
 * candidates (migration 0048) and the reference, pg_trgm's GIN index (`%` at a similarity threshold,
 * then the same exact check), both against a brute-force levenshtein scan of every bike on a sample.
 */
async function closeSerialReference(database: DatabaseConnection, typed: string[]): Promise<void> {
  const started = performance.now();
  if (!args['close-only']) {
    await database.exec(
      'create index if not exists bench_frame_number_key_trgm on bikes using gin (frame_number_key public.gin_trgm_ops)',
    );
  }
  // A live register's autovacuum keeps the visibility map that lets the key index answer alone.
  await database.exec('vacuum (analyze) bike_close_serial_keys');
  await database.exec('analyze bikes');
  console.log(
    `close serials: pg_trgm GIN index (the reference) ready in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const keys = typed.map((value) => identifierKeys(value).key);
  const ours = async (key: string) =>
    (
      await findCloseSerialCandidates(database.db, key, closeSerialProbes(key), CLOSE_SERIAL_MAX_DISTANCE)
    ).map((row) => row.frameNumberKey);
  const trigram = (threshold: number) => async (key: string) => {
    const result = (await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${threshold}`));
      return tx.execute(sql`select frame_number_key as key from bikes
        where frame_number_key operator(public.%) ${key}
          and public.levenshtein_less_equal(frame_number_key, ${key}, ${CLOSE_SERIAL_MAX_DISTANCE}::int) <= ${CLOSE_SERIAL_MAX_DISTANCE}`);
    })) as unknown as Rows<{ key: string }>;
    return result.rows.map((row) => row.key);
  };
  const methods: Array<[string, (key: string) => Promise<string[]>]> = [
    ['segment tokens (product, migration 0048)', ours],
    ...(args['close-only']
      ? []
      : ([
          ['pg_trgm GIN, similarity ≥ 0.3 (default)', trigram(0.3)],
          ['pg_trgm GIN, similarity ≥ 0.2', trigram(0.2)],
        ] as Array<[string, (key: string) => Promise<string[]>]>)),
  ];
  // Brute force: every bike's key, on a sample (a scan of the whole table per typed number).
  const sample = keys.slice(0, RECALL_SAMPLE);
  const truth = new Map<string, Set<string>>();
  const bruteStarted = performance.now();
  for (const key of sample) {
    const result = (await database.db.execute(sql`select frame_number_key as key from bikes
      where frame_number_key is not null
        and public.levenshtein_less_equal(frame_number_key, ${key}, ${CLOSE_SERIAL_MAX_DISTANCE}::int) <= ${CLOSE_SERIAL_MAX_DISTANCE}`)) as unknown as Rows<{
      key: string;
    }>;
    truth.set(key, new Set(result.rows.map((row) => row.key)));
  }
  const bruteMs = (performance.now() - bruteStarted) / sample.length;
  const table: Array<Record<string, string | number>> = [];
  for (const [name, method] of methods) {
    for (const key of keys.slice(0, 50)) await method(key); // warm the caches
    const times: number[] = [];
    let found = 0;
    let expected = 0;
    let candidates = 0;
    for (const [index, key] of keys.entries()) {
      const before = performance.now();
      const answer = await method(key);
      times.push(performance.now() - before);
      candidates += answer.length;
      const wanted = index < sample.length ? truth.get(key) : undefined;
      if (wanted) {
        const got = new Set(answer);
        expected += wanted.size;
        for (const hit of wanted) if (got.has(hit)) found += 1;
      }
    }
    table.push({
      method: name,
      queries: keys.length,
      'p50 ms': Number(percentile(times, 50).toFixed(2)),
      'p99 ms': Number(percentile(times, 99).toFixed(2)),
      'max ms': Number(Math.max(...times).toFixed(2)),
      'matches/query': Number((candidates / keys.length).toFixed(1)),
      [`recall (${sample.length} typed, brute force)`]: `${((100 * found) / Math.max(1, expected)).toFixed(1)} % (${found}/${expected})`,
      'load avg': os.loadavg()[0]?.toFixed(1) ?? '',
    });
  }
  console.table(table);
  await closeSerialSizes(database);
  console.log(`  brute-force levenshtein scan of every bike: ${bruteMs.toFixed(0)} ms per typed number`);
}

/** What the close-serial search keeps on disk: its tables and indexes, beside the bikes table. */
async function closeSerialSizes(database: DatabaseConnection): Promise<void> {
  const result = (await database.db.execute(sql`select relname as name, relkind as kind,
      pg_size_pretty(pg_relation_size(oid)) as size, pg_relation_size(oid) as bytes
      from pg_class where relname like '%close_serial%' or relname in ('bikes', 'bikes_pkey') order by relname`)) as unknown as Rows<{
    name: string;
    kind: string;
    size: string;
  }>;
  console.log(
    `  sizes: ${result.rows.map((row) => `${row.name} (${row.kind === 'i' ? 'index' : 'table'}) ${row.size}`).join(', ')}`,
  );
}

/** How many misread frame numbers are checked against a brute-force scan (each scans every bike). */
const RECALL_SAMPLE = 100;

async function explain(database: DatabaseConnection, label: string, typed: string): Promise<void> {
  const { key, lookAlike } = identifierKeys(typed);
  const result = await database.db.execute(
    sql`explain (analyze, buffers, costs off) ${candidatesQuery(key, lookAlike, SEARCH_RESULT_LIMIT)}`,
  );
  const plan = (result as unknown as { rows: Array<{ 'QUERY PLAN': string }> }).rows.map(
    (row) => row['QUERY PLAN'],
  );
  const scans = plan.filter((line) => /Scan|Execution Time/.test(line)).map((line) => line.trim());
  console.log(`  ${label} (${typed}):\n    ${scans.join('\n    ')}`);
}

/** A staff member of the bench database (support), signed in through the API once the server runs. */
async function benchStaffSession(address: string): Promise<string> {
  const email = 'bench-staff@example.test';
  const password = 'bench-staff-password-2026';
  const signUp = await fetch(`${address}/api/identities/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (signUp.status !== 202 && signUp.status !== 409) console.log(`  bench staff sign-up: ${signUp.status}`);
  const admin = new pg.Client({ connectionString: benchUrl });
  await admin.connect();
  try {
    await admin.query(
      'update identities set awaiting_sign_up_confirmation = false, email_verified_at = now() where email = $1',
      [email],
    );
    await admin.query(
      `insert into staff_members (identity_party_id, role)
         select party_id, 'support' from identities where email = $1 on conflict do nothing`,
      [email],
    );
  } finally {
    await admin.end();
  }
  const logIn = await fetch(`${address}/api/identities/authentications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { authentication_token: token } = (await logIn.json()) as { authentication_token: string };
  return token;
}

async function startServer(): Promise<{ address: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--serve'], {
    // React's production build, as a deployment runs it (Dockerfile: NODE_ENV=production); the app's
    // own configuration stays that of a test server (loadConfig above).
    env: { ...process.env, DATABASE_URL: serverUrl, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return { address: (JSON.parse(line) as { address: string }).address, child };
  }
  throw new Error('the server process ended before listening');
}

/**
 * One painted page, checked: answered 200 as HTML by the server bundle (not the bare app), with the
 * queries the server answered in its page state (the search's result among them when the page's
 * loader asks for it).
 */
async function paintedPage(
  address: string,
  pathAndQuery: string,
  headers: Record<string, string>,
): Promise<{ ok: boolean; summary: string }> {
  const response = await fetch(`${address}${pathAndQuery}`, { headers });
  const body = await response.text();
  const state = /<script[^>]*id="nbr-page-state"[^>]*>([\s\S]*?)<\/script>/.exec(body)?.[1];
  if (response.status !== 200 || !state) {
    return {
      ok: response.status === 200,
      summary: `${pathAndQuery} answered ${response.status}, ${body.length} bytes, not painted (no page state): is ${WEB_DIST_DIR} built with its server bundle?`,
    };
  }
  const { queries } = JSON.parse(state) as { queries: Array<{ queryKey: unknown }> };
  return {
    ok: true,
    summary: `${pathAndQuery} painted: ${response.status}, ${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB, content-language ${response.headers.get('content-language')}, queries answered on the server: ${queries.map((query) => JSON.stringify(query.queryKey)).join(', ') || 'none'}`,
  };
}

/**
 * CPU time the server process has used, in ms (Linux: /proc/<pid>/stat, user + system, in clock ticks
 * of 10 ms), or NaN elsewhere. Per request it says what a scenario costs the server whatever else runs
 * on the machine (the database's own processes are not counted).
 */
async function serverCpuMs(pid: number | undefined): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

function rotating(address: string, paths: string[], headers?: Record<string, string>): autocannon.Options {
  let index = 0;
  return {
    url: address,
    requests: [
      {
        method: 'GET',
        headers,
        setupRequest: (request) => {
          index = (index + 1) % paths.length;
          return { ...request, path: paths[index] };
        },
      },
    ],
  };
}

async function main(): Promise<void> {
  console.log(
    `register search benchmark: ${BIKES.toLocaleString('en')} bikes; node ${process.version}; ${os.cpus().length} cores`,
  );
  const { database, loaded } = await prepareDatabase();
  if (loaded) console.log(`  reusing ${BENCH_DATABASE} with ${BIKES.toLocaleString('en')} bikes`);
  else await load(database);

  // Identifiers to search for: registered bikes anyone may find, spread over the register.
  const pick = random(99);
  const sample = Array.from({ length: 2000 }, () => Math.floor(pick() * BIKES)).filter((n) => n % 20 !== 0);
  const exact = sample.map((n) =>
    frameNumberOf(n)
      .toLowerCase()
      .replace(/^(...)/, '$1 '),
  );
  const lookAlike = sample
    .map((n) => typedWithLookAlikes(frameNumberOf(n)))
    .filter((typed) => typed !== null);
  const plates = sample.map((n) => plateOf(n)).filter((plate) => plate !== null);
  const missing = sample.map((n) => `ZQX${String(n).padStart(8, '7')}`);

  const size = await database.db.execute(
    sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  const { rows: sizes } = size as unknown as { rows: Array<{ size: string }> };
  console.log(`database ${BENCH_DATABASE}: ${sizes[0]?.size}\nquery plans at this size:`);
  await explain(database, 'exact frame number', exact[0] ?? '');
  await explain(database, 'look-alike frame number', lookAlike[0] ?? '');
  await explain(database, 'plate ID', plates[0] ?? '');
  await explain(database, 'not registered', missing[0] ?? '');
  // Issue 32 §3: frame numbers misread in one or two places, every bike's number (private ones too).
  const misreadRandom = random(2032);
  const misreadSample = Array.from({ length: 2000 }, () => Math.floor(misreadRandom() * BIKES));
  const misreadTyped = misreadSample.map((n) => misread(frameNumberOf(n), misreadRandom));
  await closeSerialReference(database, misreadTyped.slice(0, 300));
  await database.close();
  if (args['close-only']) return;

  const { address, child } = await startServer();
  const staffToken = await benchStaffSession(address);
  const query = (values: string[]) => values.map((value) => `/api/search?q=${encodeURIComponent(value)}`);
  const scenarios: Array<{ name: string; options: autocannon.Options; check?: string }> = [
    { name: 'GET /api/health (bare route)', options: { url: `${address}/api/health` } },
    { name: 'search: exact frame number', options: rotating(address, query(exact)), check: exact[0] },
    {
      name: 'search: frame number with look-alikes',
      options: rotating(address, query(lookAlike)),
      check: lookAlike[0],
    },
    { name: 'search: plate ID', options: rotating(address, query(plates)), check: plates[0] },
    { name: 'search: not registered', options: rotating(address, query(missing)), check: missing[0] },
    {
      name: 'staff: close serials (distance ≤ 2)',
      options: rotating(
        address,
        misreadTyped.map((value) => `/api/backoffice/close-serial-search?q=${encodeURIComponent(value)}`),
        { authorization: `Bearer ${staffToken}` },
      ),
    },
  ];
  // The public search page as a browser asks for it: painted on the server (issue 31), in Danish.
  const pageHeaders = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'da' };
  const painted = await paintedPage(address, `/search?q=${encodeURIComponent(exact[0] ?? '')}`, pageHeaders);
  console.log(`  page: ${painted.summary}`);
  if (painted.ok) {
    // Beside the JSON search of the same frame numbers, so the two run under the same conditions.
    scenarios.splice(2, 0, {
      name: 'page: /search?q=exact frame number (HTML)',
      options: rotating(
        address,
        exact.map((value) => `/search?q=${encodeURIComponent(value)}`),
        pageHeaders,
      ),
    });
  }
  for (const scenario of scenarios.filter((s) => s.check)) {
    const answer = (await (
      await fetch(`${address}/api/search?q=${encodeURIComponent(scenario.check ?? '')}`)
    ).json()) as {
      results: Array<{ match: string }>;
    };
    console.log(
      `  ${scenario.name}: '${scenario.check}' → ${answer.results.map((hit) => hit.match).join(', ') || 'no result'}`,
    );
  }

  // Warm the JIT, the pool and the caches before measuring.
  await autocannon({
    ...rotating(address, query([...exact, ...missing])),
    connections: CONNECTIONS,
    duration: 3,
  });
  if (painted.ok) {
    await autocannon({
      ...rotating(
        address,
        missing.map((value) => `/search?q=${encodeURIComponent(value)}`),
        pageHeaders,
      ),
      connections: CONNECTIONS,
      duration: 3,
    });
  }
  const loadAverage = () => os.loadavg()[0]?.toFixed(1);
  console.log(
    `autocannon: ${CONNECTIONS} connections, no pipelining, ${SECONDS} s per scenario; load average ${loadAverage()} before`,
  );
  const rows: Array<Record<string, string | number>> = [];
  const rates = new Map<string, number>();
  let bare = 0;
  for (const scenario of scenarios) {
    const cpuBefore = await serverCpuMs(child.pid);
    const result = await autocannon({
      ...scenario.options,
      connections: CONNECTIONS,
      pipelining: 1,
      duration: SECONDS,
    });
    const rate = result.requests.average;
    rates.set(scenario.name, rate);
    if (!bare) bare = rate;
    rows.push({
      scenario: scenario.name,
      'req/s': Math.round(rate),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'ratio to bare': Number((rate / bare).toFixed(2)),
      'server CPU ms/req': Number(
        ((await serverCpuMs(child.pid)) - cpuBefore) / Math.max(1, result.requests.total),
      ).toFixed(2),
      '2xx': result['2xx'],
      'non-2xx': result.non2xx,
      errors: result.errors,
      'load avg': loadAverage() ?? '',
    });
  }
  console.table(rows);
  const html = rates.get('page: /search?q=exact frame number (HTML)');
  const json = rates.get('search: exact frame number');
  if (html && json) {
    console.log(
      `painted page / JSON search (exact frame numbers): ${(html / json).toFixed(2)} (${Math.round(html)} / ${Math.round(json)} req/s)`,
    );
  }
  // Everything shares the machine (database, server, load generator): a high load average means other
  // work competed for the cores and the figures are low.
  console.log(`load average ${loadAverage()} after (${os.cpus().length} cores)`);
  child.kill('SIGTERM');
}

if (args.serve) await serve();
else await main();
