import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from './client.ts';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** First key of the two-key advisory lock; the second is derived from the schema name. */
const MIGRATION_LOCK_CLASS = 0x4e4252; // "NBR"

interface Journal {
  entries: Array<{ idx: number; tag: string }>;
}

export interface Migration {
  name: string;
  checksum: string;
  statements: string[];
}

export interface MigrationResult {
  /** Migrations applied by this call, in order; empty when the schema was already current. */
  applied: string[];
}

/**
 * drizzle-kit qualifies foreign keys with "public"; dropping the qualifier lets the same files build
 * any schema (a per-test schema on a shared PostgreSQL, for one), resolved through search_path.
 */
function unqualify(statement: string): string {
  return statement.replace(/"public"\./g, '');
}

/** Reads the migrations in drizzle-kit's journal order, split at its statement breakpoints. */
export async function readMigrations(directory: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const journal = JSON.parse(await readFile(path.join(directory, 'meta/_journal.json'), 'utf8')) as Journal;
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  return Promise.all(
    entries.map(async ({ tag }) => {
      const text = await readFile(path.join(directory, `${tag}.sql`), 'utf8');
      return {
        name: tag,
        checksum: createHash('sha256').update(text).digest('hex'),
        statements: text
          .split('--> statement-breakpoint')
          .map((statement) => unqualify(statement.trim()))
          .filter(Boolean),
      };
    }),
  );
}

/**
 * Brings the current schema up to date. Applied migrations are recorded in `schema_migrations` of
 * the current schema, so each per-test schema keeps its own record. Everything runs in one
 * transaction under an advisory lock: instances starting together apply each migration once, and
 * a failed migration leaves nothing half-done. Fails when an applied file was edited afterwards,
 * because the database no longer matches what the files describe.
 */
export async function migrate(
  connection: DatabaseConnection,
  options: { directory?: string } = {},
): Promise<MigrationResult> {
  const migrations = await readMigrations(options.directory);
  return connection.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_CLASS}, hashtext(current_schema()))`);
    await tx.execute(sql`
      create table if not exists schema_migrations (
        name text primary key,
        checksum text not null,
        applied_at timestamp with time zone not null default now()
      )`);
    // node-postgres and PGlite both answer { rows }; the shared Database type leaves it unknown.
    const result = (await tx.execute(sql`select name, checksum from schema_migrations`)) as unknown as {
      rows: Array<{ name: string; checksum: string }>;
    };
    const done = new Map(result.rows.map((row) => [row.name, row.checksum]));
    const applied: string[] = [];
    for (const migration of migrations) {
      const checksum = done.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied. Add a new migration instead; ` +
              'in development, remove the database (DATA_DIR/pglite) to start over.',
          );
        }
        continue;
      }
      for (const statement of migration.statements) {
        await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into schema_migrations (name, checksum) values (${migration.name}, ${migration.checksum})`,
      );
      applied.push(migration.name);
    }
    return { applied };
  });
}

/**
 * The migrations of `migrations` that `schema_migrations` does not record with the same checksum:
 * empty when the schema is current. A plain read that takes no lock, so the readiness check can ask
 * every second while another instance migrates.
 */
export async function findPendingMigrations(
  connection: DatabaseConnection,
  migrations: readonly Migration[],
): Promise<string[]> {
  const table = (await connection.db.execute(
    sql`select to_regclass('schema_migrations') is not null as present`,
  )) as unknown as { rows: Array<{ present: boolean }> };
  if (!table.rows[0]?.present) return migrations.map((migration) => migration.name);
  const result = (await connection.db.execute(
    sql`select name, checksum from schema_migrations`,
  )) as unknown as {
    rows: Array<{ name: string; checksum: string }>;
  };
  const recorded = new Map(result.rows.map((row) => [row.name, row.checksum]));
  return migrations
    .filter((migration) => recorded.get(migration.name) !== migration.checksum)
    .map((migration) => migration.name);
}
