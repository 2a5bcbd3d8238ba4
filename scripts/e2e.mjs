#!/usr/bin/env node
/*
 * `npm run test:e2e`: builds the web app when its build is missing or older than its sources, starts
 * the API (which also serves the built app) on a free port with a fresh database and data directory,
 * runs Playwright against it and always stops the server and removes the database and the data
 * directory afterwards (also on failure, Ctrl-C or SIGTERM).
 * Extra arguments go to Playwright: `npm run test:e2e -- e2e/shell-routing.spec.ts --project=desktop`.
 *
 * The database: with TEST_DATABASE_URL set, a new database of a unique name on that PostgreSQL
 * server (so concurrent runs never collide; PGlite answers one query at a time, PostgreSQL serves
 * the suite's parallel browsers side by side); without it, PGlite in the fresh data directory.
 *
 * Environment: E2E_BASE_URL set → no server is started, the suite runs against that address.
 * E2E_SKIP_BUILD=1 → the web build is not checked.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webBuildStaleReason } from './web-build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const HEALTH_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
/** Databases of runs that died before dropping theirs (SIGKILL, power loss) are dropped after a day. */
const STALE_DATABASE_MS = 24 * 60 * 60 * 1000;
const DATABASE_PREFIX = 'nbr_e2e_';

const playwrightArgs = process.argv.slice(2);
const children = new Set();
let interrupted = false;

/*
 * What to undo, newest first: each step of main() that makes something (a data directory, a
 * database, a server) registers how to undo it. The normal path and a signal handler share one run.
 */
const undoSteps = [];
let undoing;
function onCleanup(step) {
  undoSteps.unshift(step);
}
function cleanup() {
  undoing ??= (async () => {
    for (const step of undoSteps) {
      try {
        await step();
      } catch (error) {
        log(`cleaning up failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return undoing;
}

function log(message) {
  process.stdout.write(`[e2e] ${message}\n`);
}

function run(command, args, options) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    children.add(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolvePromise(code ?? (signal ? 1 : 0));
    });
  });
}

async function ensureWebBuild() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const reason = webBuildStaleReason();
  if (!reason) {
    log('web build is up to date');
    return;
  }
  log(`building the web app (${reason})`);
  const code = await run('npm', ['run', 'build', '-w', '@nbr/web']);
  if (code !== 0) throw new Error(`web build failed with exit code ${code}`);
}

function freePort() {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `the server exited (code ${server.exitCode ?? server.signalCode}) before it was healthy`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`GET ${baseUrl}/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    server.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
    server.kill('SIGTERM');
  });
}

/** `pg` is a dependency of the API workspace; resolved from there rather than from the root. */
async function loadPg() {
  const require = createRequire(join(root, 'apps/api/package.json'));
  return (await import(require.resolve('pg'))).default;
}

/** A client on the server of `url`, on its own database or, when that does not exist, `postgres`. */
async function adminClient(pg, url) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (error) {
    if (error?.code !== '3D000') throw error;
  }
  const fallback = new URL(url);
  fallback.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: fallback.toString() });
  await admin.connect();
  return admin;
}

/**
 * A new, empty database on the PostgreSQL server of `url` for this run: `nbr_e2e_<time>_<random>`,
 * so runs side by side (other worktrees, CI jobs) never see each other's rows. The server migrates
 * and seeds it at start-up as it does PGlite. Answers its address; dropped by cleanup().
 */
async function createRunDatabase(url) {
  const pg = await loadPg();
  const name = `${DATABASE_PREFIX}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = await adminClient(pg, url);
  try {
    await dropStaleDatabases(admin);
    // Registered before it is made, so an interruption while it is being made still drops it.
    onCleanup(async () => {
      const client = await adminClient(pg, url);
      try {
        // FORCE ends connections the server left behind when it had to be killed.
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    });
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { name, url: target.toString() };
}

async function dropStaleDatabases(admin) {
  const { rows } = await admin.query('select datname as name from pg_database where datname ~ $1', [
    `^${DATABASE_PREFIX}[0-9a-z]+_[0-9a-f]+$`,
  ]);
  for (const { name } of rows) {
    const createdAt = Number.parseInt(name.slice(DATABASE_PREFIX.length).split('_')[0] ?? '', 36);
    if (Date.now() - createdAt > STALE_DATABASE_MS) {
      log(`dropping ${name}, left behind by a run more than a day ago`);
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  }
}

async function tail(path, lines) {
  try {
    return (await readFile(path, 'utf8')).trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function main() {
  if (process.env.E2E_BASE_URL) {
    log(`running against ${process.env.E2E_BASE_URL} (no server started)`);
    return run('npx', ['playwright', 'test', ...playwrightArgs]);
  }

  await ensureWebBuild();
  if (interrupted) return 130;

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  // Keys and uploaded files live here on both databases; PGlite keeps its files here too.
  const dataDir = await mkdtemp(join(tmpdir(), 'nbr-e2e-data-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const logPath = join(tmpdir(), `nbr-e2e-server-${port}-${Date.now()}.log`);

  const postgresUrl = process.env.TEST_DATABASE_URL;
  const database = postgresUrl ? await createRunDatabase(postgresUrl) : undefined;
  if (interrupted) return 130;

  // The suite relies on the built-in stand-ins (mailbox, in-memory rate limits), so outside services
  // are unset; the database is the one made for this run.
  const serverEnv = {
    // One browser client makes hundreds of calls a minute; the suite is not a rate-limit test.
    RATE_LIMIT_PER_MINUTE: '100000',
    // Every journey signs up and logs in from 127.0.0.1; the limits have their own API tests.
    RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000',
    // Searches and sticker scans of every journey come from 127.0.0.1 too.
    RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
    // Visitors' messages to owners of stolen bikes, from 127.0.0.1 in every journey that sends one.
    RATE_LIMIT_VISITOR_CONTACTS_PER_HOUR: '100000',
    // NODE_ENV=test is silent by default; the log is only worth keeping with the requests in it.
    LOG_LEVEL: 'info',
    // Journeys that need a verified person use autotest+ accounts instead of clicking through the
    // test MitID each time; the verification journey itself goes through the provider.
    ALLOW_AUTOTEST_IDENTITY_SKIP: 'true',
    // A container id, so that the consent journey can watch the tag manager load only after consent
    // (the test answers its address with a stub; e2e/support/fixtures.ts declines measurement for
    // every other journey).
    TAG_MANAGER_CONTAINER_ID: 'GTM-E2ETEST',
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
  };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'S3_ENDPOINT']) {
    delete serverEnv[name];
  }
  if (database) serverEnv.DATABASE_URL = database.url;

  const where = database ? `PostgreSQL database ${database.name}` : `PGlite in ${dataDir}`;
  log(`starting the server on ${baseUrl} (${where}, log ${logPath})`);
  const server = startServer(serverEnv, logPath);

  let failed = true;
  onCleanup(async () => {
    await stopServer(server.process);
    children.delete(server.process);
    await server.logClosed();
    if (failed) log(`server log: ${logPath}`);
    else await rm(logPath, { force: true });
  });

  try {
    const started = Date.now();
    await waitForHealth(baseUrl, server.process);
    log(`server healthy after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (interrupted) return 130;
    const code = await run('npx', ['playwright', 'test', ...playwrightArgs], {
      env: { ...process.env, E2E_BASE_URL: baseUrl },
    });
    failed = code !== 0 || interrupted;
    return interrupted ? 130 : code;
  } catch (error) {
    // Stopping the server on Ctrl-C is not a failure of its own.
    if (interrupted) return 130;
    const lastLines = await tail(logPath, 40);
    if (lastLines) process.stderr.write(`${lastLines}\n`);
    throw error;
  }
}

/** The API server with `env`, its output written to `logPath`. */
function startServer(env, logPath) {
  const logStream = createWriteStream(logPath);
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(server);
  server.stdout.pipe(logStream);
  server.stderr.pipe(logStream);
  return {
    process: server,
    logClosed: () => new Promise((resolvePromise) => logStream.end(resolvePromise)),
  };
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal} received, stopping`);
    for (const child of children) child.kill(signal);
    cleanup().finally(() => process.exit(130));
  });
}

main()
  .catch((error) => {
    process.stderr.write(`[e2e] ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  })
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  });
