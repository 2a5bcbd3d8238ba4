import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { copyFrom } from './copy.ts';
import { lockDataDirectory } from './pglite-lock.ts';
import {
  CLIENT_QUERY_TIMEOUT_MARGIN_MS,
  DEFAULT_POSTGRES_SETTINGS,
  type PostgresSettings,
} from './postgres-settings.ts';
import * as backofficeSchema from './schema/backoffice.ts';
import * as bikesSchema from './schema/bikes.ts';
import * as chatsSchema from './schema/chats.ts';
import * as clubsSchema from './schema/clubs.ts';
import * as docksSchema from './schema/docks.ts';
import * as identitySchema from './schema/identity.ts';
import * as insuranceSchema from './schema/insurance.ts';
import * as mailSchema from './schema/mail.ts';
import * as onboardingSchema from './schema/onboarding.ts';
import * as organisationsSchema from './schema/organisations.ts';
import * as ownershipSchema from './schema/ownership.ts';
import * as platformSchema from './schema/platform.ts';
import * as supportSchema from './schema/support.ts';
import * as surveysSchema from './schema/surveys.ts';
import * as theftSchema from './schema/theft.ts';
import * as webshopSchema from './schema/webshop.ts';
import { databaseUnavailableReason } from './unavailable.ts';

export const schema = {
  ...identitySchema,
  ...mailSchema,
  ...organisationsSchema,
  ...backofficeSchema,
  ...bikesSchema,
  ...platformSchema,
  ...ownershipSchema,
  ...chatsSchema,
  ...theftSchema,
  ...webshopSchema,
  ...clubsSchema,
  ...insuranceSchema,
  ...supportSchema,
  ...docksSchema,
  ...surveysSchema,
  ...onboardingSchema,
};

/** The Drizzle handle, the same type on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseConnection {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs one plain SQL script (several statements allowed); used by the migration runner. */
  exec(sqlText: string): Promise<void>;
  /** Resolves once the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: `COPY … FROM STDIN` of these lines (db/copy.ts, copyLine) on a connection of its
   * own, outside any transaction; answers the rows copied. PGlite has none: bulk writers batch there.
   */
  copyFrom?(statement: string, lines: readonly string[]): Promise<number>;
  /** PGlite only: the whole data directory as a tarball, to start other instances from. */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: the pool's connections now (open, idle, queries waiting for one, the most allowed), for metrics. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

export type DatabaseTarget =
  /** PGlite files under this directory; `memory://` keeps everything in memory (tests). */
  | {
      kind: 'pglite';
      dataDir: string;
      /** A data directory dumped by `dumpDataDir()` to start from (tests: an already migrated database). */
      loadDataDir?: Blob;
    }
  /**
   * A PostgreSQL server; `searchPath` isolates a test run in its own schema. Settings left out take
   * DEFAULT_POSTGRES_SETTINGS.
   */
  | ({ kind: 'postgres'; url: string; searchPath?: string } & Partial<PostgresSettings>);

/** Where the pool reports connections it lost; server.ts passes the app's logger once it has one. */
export interface DatabaseLog {
  warn(details: Record<string, unknown>, message: string): void;
}

const consoleLog: DatabaseLog = {
  warn: (details, message) => console.warn(message, details),
};

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * drizzle's transaction() checks a client out and sends BEGIN before its try/finally, so when BEGIN
 * fails (the connection died under it, the database hangs) it never gives the client back, and the
 * pool would shrink by one connection for good with every such outage. A client checked out here
 * gives itself back, destroyed, when the first query of its checkout fails. pool.query() checks out
 * through the callback form and releases on its own; it is left as it is.
 */
class TransactionSafePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then(releaseWhenFirstQueryFails);
  }
}

function releaseWhenFirstQueryFails(client: pg.PoolClient): pg.PoolClient {
  const own = client as unknown as { query: (...args: unknown[]) => unknown };
  own.query = (...args: unknown[]) => {
    // From the second query on, the prototype's query again: its caller now releases the client itself.
    delete (own as { query?: unknown }).query;
    const result = client.query(...(args as Parameters<typeof client.query>)) as unknown;
    if (result instanceof Promise) {
      result.catch((error: Error) => client.release(error));
    }
    return result;
  };
  return client;
}

/** The target's settings, DEFAULT_POSTGRES_SETTINGS for each one it leaves out. */
function postgresSettings(target: Partial<PostgresSettings>): PostgresSettings {
  const given = Object.entries(target).filter(
    ([key, value]) => key in DEFAULT_POSTGRES_SETTINGS && value !== undefined,
  );
  return { ...DEFAULT_POSTGRES_SETTINGS, ...Object.fromEntries(given) };
}

/** The node-postgres pool: sizes and timeouts from the settings, and no error that can crash the process. */
function createPool(
  target: Extract<DatabaseTarget, { kind: 'postgres' }>,
  settings: PostgresSettings,
  log: DatabaseLog,
): pg.Pool {
  const sessionSettings = settings.behindPooler
    ? {}
    : {
        statement_timeout: settings.statementTimeoutMs,
        idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
      };
  const pool = new TransactionSafePool({
    connectionString: target.url,
    max: settings.maxConnections,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    ...(settings.statementTimeoutMs > 0
      ? { query_timeout: settings.statementTimeoutMs + CLIENT_QUERY_TIMEOUT_MARGIN_MS }
      : {}),
    ...sessionSettings,
    // A peer that vanished without closing (a failover, a cut network) is noticed by the kernel.
    keepAlive: true,
    ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
  });
  // Every connection reports its own loss: an idle one the server ended (restart, failover,
  // pg_terminate_backend, a pooler restart; pg-pool has dropped it already) and a checked-out one (a
  // transaction waiting for something else when the server goes; its next query fails on its own).
  // Without a listener the 'error' event would end the process.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      log.warn(
        { database: databaseUnavailableReason(error) ?? 'connection_error' },
        'a database connection was lost; the pool opens a new one when needed',
      );
    });
  });
  // pg-pool passes an idle connection's error on here as well; the connection's listener has said it.
  pool.on('error', () => undefined);
  return pool;
}

/** `memory://` (tests) and other PGlite URL schemes keep no files of their own on disk. */
function isInMemory(dataDir: string): boolean {
  return /^[a-z]+:\/\//.test(dataDir);
}

/**
 * Opens the database. PGlite takes `<dataDir>.lock` first (DataDirectoryInUseError while another
 * process has the directory open) and releases it on close.
 */
export async function connectDatabase(
  target: DatabaseTarget,
  log: DatabaseLog = consoleLog,
): Promise<DatabaseConnection> {
  if (target.kind === 'pglite') {
    // PGlite lets a second process open the same files and corrupt them: one process at a time.
    const lock = isInMemory(target.dataDir) ? null : await lockDataDirectory(target.dataDir);
    const client = await PGlite.create(target.dataDir, {
      extensions: { pg_trgm, fuzzystrmatch },
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    }).catch(async (error: unknown) => {
      await lock?.release();
      throw error;
    });
    return {
      db: drizzlePglite(client, { schema }) as unknown as Database,
      kind: 'pglite',
      exec: async (sqlText) => {
        await client.exec(sqlText);
      },
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        await client.close();
        await lock?.release();
      },
      dumpDataDir: () => client.dumpDataDir('none'),
    };
  }
  const pool = createPool(target, postgresSettings(target), log);
  return {
    db: drizzleNodePg(pool, { schema }) as unknown as Database,
    kind: 'postgres',
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
    copyFrom: (statement, lines) => copyFrom(pool, statement, lines),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
  };
}
