import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDirectory } from './pglite-lock.ts';
import * as backofficeSchema from './schema/backoffice.ts';
import * as bikesSchema from './schema/bikes.ts';
import * as chatsSchema from './schema/chats.ts';
import * as clubsSchema from './schema/clubs.ts';
import * as identitySchema from './schema/identity.ts';
import * as insuranceSchema from './schema/insurance.ts';
import * as mailSchema from './schema/mail.ts';
import * as organisationsSchema from './schema/organisations.ts';
import * as ownershipSchema from './schema/ownership.ts';
import * as platformSchema from './schema/platform.ts';
import * as supportSchema from './schema/support.ts';
import * as theftSchema from './schema/theft.ts';
import * as webshopSchema from './schema/webshop.ts';

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
  /** PGlite only: the whole data directory as a tarball, to start other instances from. */
  dumpDataDir?(): Promise<Blob>;
}

export type DatabaseTarget =
  /** PGlite files under this directory; `memory://` keeps everything in memory (tests). */
  | {
      kind: 'pglite';
      dataDir: string;
      /** A data directory dumped by `dumpDataDir()` to start from (tests: an already migrated database). */
      loadDataDir?: Blob;
    }
  /** A PostgreSQL server; `searchPath` isolates a test run in its own schema. */
  | { kind: 'postgres'; url: string; searchPath?: string; maxConnections?: number };

/** `memory://` (tests) and other PGlite URL schemes keep no files of their own on disk. */
function isInMemory(dataDir: string): boolean {
  return /^[a-z]+:\/\//.test(dataDir);
}

/**
 * Opens the database. PGlite takes `<dataDir>.lock` first (DataDirectoryInUseError while another
 * process has the directory open) and releases it on close.
 */
export async function connectDatabase(target: DatabaseTarget): Promise<DatabaseConnection> {
  if (target.kind === 'pglite') {
    // PGlite lets a second process open the same files and corrupt them: one process at a time.
    const lock = isInMemory(target.dataDir) ? null : await lockDataDirectory(target.dataDir);
    const client = await PGlite.create(target.dataDir, {
      extensions: { pg_trgm },
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
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.maxConnections ?? 10,
    ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
  });
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
  };
}
