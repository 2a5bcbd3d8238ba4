import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { connectDatabase, type DatabaseConnection } from '../db/client.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { generateSigningKeys, type SigningKeys } from '../platform/auth/keys.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseConnection;
  config: Config;
  /** On PostgreSQL: the address of this test's own database (a copy of the migrated template). */
  databaseUrl?: string;
  /** Closes the app and the database; on PostgreSQL also drops the test's database. */
  close(): Promise<void>;
}

export interface TestAppOverrides extends Partial<Omit<BuildAppOptions, 'config' | 'database'>> {
  /** Environment variables on top of the test defaults, parsed by the real loadConfig. */
  env?: Record<string, string>;
  /** Adds test-only routes or hooks before the app is ready. */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** Changes the parsed configuration, for a test of what loadConfig would refuse (defence in depth). */
  adjustConfig?: (config: Config) => Config;
}

/** Which database the tests run on: in-memory PGlite, or PostgreSQL when TEST_DB_KIND=postgres. */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

let signingKeys: Promise<SigningKeys> | undefined;
let certificateKeys: Promise<SigningKeys> | undefined;

/** Databases (and, from before them, schemas) of runs that died before dropping them go after a day. */
const STALE_MS = 24 * 60 * 60 * 1000;
/** A test file's own database, `t_<time in base 36>_<random hex>`; the older runs' schemas were named so. */
const TEST_NAME = /^t_[0-9a-z]+_[0-9a-f]+$/;
const TEMPLATE_PREFIX = 'nbr_test_tmpl_';

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${encodeURIComponent(name)}`;
  return target.toString();
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Name of the template for these migrations: a new migration (or an edited one) makes a new one. */
async function templateName(): Promise<string> {
  const migrations = await readMigrations();
  const key = createHash('sha256')
    .update(migrations.map((migration) => `${migration.name}:${migration.checksum}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return `${TEMPLATE_PREFIX}${key}`;
}

/**
 * A migrated database on the test server, built once per set of migrations and copied for each test
 * file: PostgreSQL copies it in a few hundred milliseconds, where migrating a new schema took 1.4 to
 * 4.5 s a file (7 Dec 2026, 125 files). Built under a name of its own and renamed when complete, so
 * no file ever copies half a template; a worker that loses the race to build it drops its copy.
 * Nothing stays connected to it (PostgreSQL refuses to copy a database somebody is connected to).
 */
async function ensurePostgresTemplate(url: string): Promise<string> {
  const name = await templateName();
  const exists = await withClient(url, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    return (rowCount ?? 0) > 0;
  });
  if (exists) return name;
  const building = `${name}_b${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient(url, async (client) => {
    await client.query(`create database ${quoteIdentifier(building)}`);
    // When it was made, for the clean-up of templates no run uses any more (preparePostgres).
    await client.query(`comment on database ${quoteIdentifier(building)} is '${Date.now()}'`);
  });
  try {
    await withClient(databaseUrl(url, building), (client) =>
      client.query('create extension if not exists pg_trgm with schema public'),
    );
    const database = await connectDatabase({
      kind: 'postgres',
      url: databaseUrl(url, building),
      maxConnections: 1,
    });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    await withClient(url, (client) =>
      client.query(`alter database ${quoteIdentifier(building)} rename to ${quoteIdentifier(name)}`),
    );
  } catch (error) {
    // 42P04: another worker published the template first; any other failure is a real one.
    await withClient(url, (client) =>
      client.query(`drop database if exists ${quoteIdentifier(building)} with (force)`),
    );
    if ((error as { code?: string }).code !== '42P04') throw error;
  }
  return name;
}

let postgresReady: Promise<string> | undefined;

/**
 * Creates the test database when it is missing, clears what killed runs left behind (their
 * databases and schemas after a day, half-built templates, templates of older migrations) and
 * answers the template database of the current migrations.
 */
async function preparePostgres(url: string): Promise<string> {
  try {
    await withClient(url, async () => undefined);
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
    try {
      await withClient(databaseUrl(url, 'postgres'), (admin) =>
        admin.query(`create database ${quoteIdentifier(decodeURIComponent(new URL(url).pathname.slice(1)))}`),
      );
    } catch (createError) {
      // Another test worker created it first.
      if ((createError as { code?: string }).code !== '42P04') throw createError;
    }
  }
  const template = await ensurePostgresTemplate(url);
  await withClient(url, async (client) => {
    const { rows: databases } = await client.query<{ name: string; made: string | null }>(
      "select datname as name, shobj_description(oid, 'pg_database') as made from pg_database",
    );
    for (const { name, made } of databases) {
      // Another checkout's run may still copy a template of other migrations: those go after a day too.
      const madeAt = TEST_NAME.test(name)
        ? Number.parseInt(name.split('_')[1] ?? '', 36)
        : name.startsWith(TEMPLATE_PREFIX) && name !== template
          ? Number(made ?? 0)
          : Number.NaN;
      if (Date.now() - madeAt > STALE_MS) {
        await client
          .query(`drop database if exists ${quoteIdentifier(name)} with (force)`)
          // Dropped by a worker at the same moment, or in use by a run of the same age: left for later.
          .catch(() => undefined);
      }
    }
    const { rows: schemas } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname ~ '^t_[0-9a-z]+_[0-9a-f]+$'",
    );
    for (const { name } of schemas) {
      if (Date.now() - Number.parseInt(name.split('_')[1] ?? '', 36) > STALE_MS)
        await client.query(`drop schema if exists ${name} cascade`);
    }
  });
  return template;
}

const TEMPLATE_DIR = path.join(os.tmpdir(), 'nbr-api-test-templates');
let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A migrated PGlite data directory, built once and kept on disk per set of migrations: starting
 * from it takes about a second, where initialising and migrating a fresh PGlite takes several.
 */
async function loadPgliteTemplate(): Promise<Blob> {
  const migrations = await readMigrations();
  const key = createHash('sha256')
    .update(migrations.map((migration) => `${migration.name}:${migration.checksum}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(TEMPLATE_DIR, `pglite-${key}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not built yet for these migrations.
  }
  const database = await connectDatabase({ kind: 'pglite', dataDir: 'memory://' });
  try {
    await migrate(database);
    const dump = await database.dumpDataDir!();
    await mkdir(TEMPLATE_DIR, { recursive: true });
    for (const old of await readdir(TEMPLATE_DIR)) {
      if (old.startsWith('pglite-') && old !== path.basename(file)) {
        await rm(path.join(TEMPLATE_DIR, old), { force: true });
      }
    }
    // Written aside and renamed, so a parallel test worker never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}

interface TestDatabase {
  database: DatabaseConnection;
  /** On PostgreSQL: the address of this file's own database, for a second instance to share it. */
  url?: string;
  dispose(): Promise<void>;
}

async function connectTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    pgliteTemplate ??= loadPgliteTemplate();
    const loadDataDir = await pgliteTemplate;
    const database = await connectDatabase({ kind: 'pglite', dataDir: 'memory://', loadDataDir }).catch(
      () => {
        // A template from an incompatible PGlite: start from scratch (migrate() below does the rest).
        pgliteTemplate = undefined;
        return connectDatabase({ kind: 'pglite', dataDir: 'memory://' });
      },
    );
    return { database, dispose: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  postgresReady ??= preparePostgres(url);
  const template = await postgresReady;
  // A database of its own per test file, copied from the migrated template: parallel files and
  // concurrent runs never see each other's rows.
  const name = `t_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
  await withClient(url, (admin) =>
    admin.query(`create database ${quoteIdentifier(name)} template ${quoteIdentifier(template)}`),
  );
  const ownUrl = databaseUrl(url, name);
  const database = await connectDatabase({
    kind: 'postgres',
    url: ownUrl,
    maxConnections: 4,
    // A loaded test machine may keep all four busy for longer than production's few seconds.
    connectTimeoutMs: 30_000,
  });
  return {
    database,
    url: ownUrl,
    async dispose() {
      await database.close();
      await withClient(url, (cleanup) =>
        cleanup.query(`drop database if exists ${quoteIdentifier(name)} with (force)`),
      );
    },
  };
}

/**
 * A fresh, migrated app for one test file (create it in beforeAll, close it in afterAll).
 * Limits are generous unless a test sets them: tests sign in far more often than people do.
 */
export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const { env, extend, adjustConfig, ...buildOverrides } = overrides;
  const loaded = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'nbr-api-tests'),
    // No web build unless a test points at one, so answers do not depend on what was built.
    WEB_DIST_DIR: path.join(os.tmpdir(), 'nbr-api-tests', 'no-web-build'),
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000',
    RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    ...env,
  });
  const config = adjustConfig ? adjustConfig(loaded) : loaded;
  const { database, url: databaseUrl, dispose } = await connectTestDatabase();
  try {
    await migrate(database);
    signingKeys ??= generateSigningKeys();
    certificateKeys ??= generateSigningKeys();
    const app = await buildApp({
      config,
      database,
      signingKeys: await signingKeys,
      certificateKeys: await certificateKeys,
      identityRateLimits: { loginPerEmail: 100_000, resetMailPerEmail: 100_000 },
      ...buildOverrides,
    });
    await extend?.(app);
    await app.ready();
    return {
      app,
      database,
      config,
      ...(databaseUrl ? { databaseUrl } : {}),
      async close() {
        await app.close();
        await dispose();
      },
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}
