import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from './client.ts';

/** What a database holds, in figures: written into a backup's manifest and checked after a restore. */
export interface DatabaseInventory {
  /** `select version()`, e.g. "PostgreSQL 17.5 on x86_64-pc-linux-gnu, …". */
  postgresVersion: string;
  /** Migrations recorded in schema_migrations, in the order they were applied. */
  migrations: string[];
  /** Rows per table of the current schema, by table name, in name order. */
  rowCounts: Record<string, number>;
}

type Rows<T> = { rows: T[] };

/** Counts every table's rows (one `count(*)` each: for backups and checks, not for a hot path). */
export async function takeInventory(connection: DatabaseConnection): Promise<DatabaseInventory> {
  const { db } = connection;
  // One snapshot, so the figures belong together on a database that is being written to.
  return db.transaction(
    async (tx) => {
      // node-postgres and PGlite both answer { rows }; the shared Database type leaves it unknown.
      const version = (await tx.execute(sql`select version() as version`)) as unknown as Rows<{
        version: string;
      }>;
      const tables = (await tx.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
      order by table_name`)) as unknown as Rows<{ name: string }>;
      const rowCounts: Record<string, number> = {};
      for (const { name } of tables.rows) {
        const counted = (await tx.execute(
          sql`select count(*)::int as count from ${sql.identifier(name)}`,
        )) as unknown as Rows<{ count: number }>;
        rowCounts[name] = Number(counted.rows[0]?.count ?? 0);
      }
      const migrations =
        'schema_migrations' in rowCounts
          ? (
              (await tx.execute(
                sql`select name from schema_migrations order by applied_at, name`,
              )) as unknown as Rows<{ name: string }>
            ).rows.map((row) => row.name)
          : [];
      return { postgresVersion: version.rows[0]?.version ?? 'unknown', migrations, rowCounts };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
