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
  /** Closes the app and the database; on PostgreSQL also drops the test's schema. */
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

/** Schemas of runs that died before dropping them are removed after a day. */
const STALE_SCHEMA_MS = 24 * 60 * 60 * 1000;
let postgresReady: Promise<void> | undefined;

/**
 * Extensions are per database, but each test file migrates its own schema: create them once up
 * front so parallel migrations never race to create the same extension.
 */
async function createExtensions(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_trgm with schema public');
  } catch (error) {
    // Another worker created it at the same moment.
    if (!['23505', '42710'].includes((error as { code?: string }).code ?? '')) throw error;
  } finally {
    await client.end();
  }
}

/** Creates the test database when it is missing and clears schemas left behind by killed runs. */
async function preparePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
    const target = new URL(url);
    const name = decodeURIComponent(target.pathname.slice(1));
    target.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: target.toString() });
    await admin.connect();
    try {
      await admin.query(`create database "${name.replace(/"/g, '""')}"`);
    } catch (createError) {
      // Another test worker created it first.
      if ((createError as { code?: string }).code !== '42P04') throw createError;
    } finally {
      await admin.end();
    }
    await createExtensions(url);
    return;
  }
  try {
    await createExtensions(url);
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname ~ '^t_[0-9a-z]+_[0-9a-f]+$'",
    );
    for (const { name } of rows) {
      const createdAt = Number.parseInt(name.split('_')[1] ?? '', 36);
      if (Date.now() - createdAt > STALE_SCHEMA_MS)
        await client.query(`drop schema if exists ${name} cascade`);
    }
  } finally {
    await client.end();
  }
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

async function connectTestDatabase(): Promise<{ database: DatabaseConnection; dispose(): Promise<void> }> {
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
  await postgresReady;
  // A schema of its own per test app: parallel files and concurrent runs never see each other's rows.
  const schema = `t_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const database = await connectDatabase({
    kind: 'postgres',
    url,
    searchPath: schema,
    maxConnections: 4,
    // A loaded test machine may keep all four busy for longer than production's few seconds.
    connectTimeoutMs: 30_000,
  });
  return {
    database,
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      try {
        await cleanup.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await cleanup.end();
      }
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
  const { database, dispose } = await connectTestDatabase();
  try {
    await migrate(database);
    signingKeys ??= generateSigningKeys();
    const app = await buildApp({
      config,
      database,
      signingKeys: await signingKeys,
      identityRateLimits: { loginPerEmail: 100_000, resetMailPerEmail: 100_000 },
      ...buildOverrides,
    });
    await extend?.(app);
    await app.ready();
    return {
      app,
      database,
      config,
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
