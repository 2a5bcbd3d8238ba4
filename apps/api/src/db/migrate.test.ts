import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabaseKind } from '../test/helper.ts';
import { MIGRATIONS_DIR, migrate, readMigrations } from './migrate.ts';

async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads the journal in order and splits statements at the breakpoints', async () => {
    const migrations = await readMigrations();
    expect(migrations[0]?.name).toBe('0000_init');
    expect(migrations.every((migration) => migration.statements.length > 0)).toBe(true);
    expect(migrations.flatMap((migration) => migration.statements).some((s) => s.includes('"public".'))).toBe(
      false,
    );
  });

  it('records what it applied in the current schema and applies nothing twice', async () => {
    const recorded = await rows<{ name: string }>(t, sql`select name from schema_migrations order by name`);
    const expected = (await readMigrations()).map((migration) => migration.name);
    expect(recorded.map((row) => row.name)).toEqual(expected);
    expect(await migrate(t.database)).toEqual({ applied: [] });
    expect(await migrate(t.database)).toEqual({ applied: [] });
    // Other schemas may hold a schema_migrations of their own (the tests that start a server migrate
    // one of the shared test database's schemas): only the current schema is asked about.
    const [here] = await rows<{ count: number }>(
      t,
      sql`select count(*)::int as count from information_schema.tables
          where table_name = 'schema_migrations' and table_schema = current_schema()`,
    );
    expect(here?.count).toBe(1);
    // On PostgreSQL each test file has a database of its own, a copy of the migrated template.
    const [current] = await rows<{ database: string }>(t, sql`select current_database() as database`);
    if (testDatabaseKind() === 'postgres') expect(current?.database).toMatch(/^t_/);
  });

  it('is safe when several instances migrate at once', async () => {
    const results = await Promise.all([migrate(t.database), migrate(t.database), migrate(t.database)]);
    expect(results).toEqual([{ applied: [] }, { applied: [] }, { applied: [] }]);
  });

  describe('with a new migration', () => {
    let directory: string;
    beforeAll(async () => {
      directory = await mkdtemp(path.join(os.tmpdir(), 'nbr-migrations-'));
      await cp(MIGRATIONS_DIR, directory, { recursive: true });
      const journalPath = path.join(directory, 'meta/_journal.json');
      const journal = JSON.parse(await readFile(journalPath, 'utf8'));
      const idx = journal.entries.length;
      journal.entries.push({
        idx,
        version: '7',
        when: Date.now(),
        tag: '9999_test_extra',
        breakpoints: true,
      });
      await writeFile(journalPath, JSON.stringify(journal));
      await writeFile(
        path.join(directory, '9999_test_extra.sql'),
        'CREATE TABLE "migration_probe" ("id" integer PRIMARY KEY);\n--> statement-breakpoint\n' +
          'INSERT INTO "migration_probe" VALUES (1), (2);',
      );
    });
    afterAll(() => rm(directory, { recursive: true, force: true }));

    it('applies only the new one, once, even when started concurrently', async () => {
      const results = await Promise.all([
        migrate(t.database, { directory }),
        migrate(t.database, { directory }),
      ]);
      expect(results.map((result) => result.applied).sort()).toEqual([[], ['9999_test_extra']]);
      const probe = await rows<{ count: number }>(t, sql`select count(*)::int as count from migration_probe`);
      expect(probe[0]?.count).toBe(2);
    });

    it('refuses to run when an applied migration was edited afterwards', async () => {
      await writeFile(
        path.join(directory, '9999_test_extra.sql'),
        'CREATE TABLE "migration_probe" ("id" bigint);',
      );
      await expect(migrate(t.database, { directory })).rejects.toThrow(
        /9999_test_extra was changed after it was applied/,
      );
    });

    it('rolls a failing migration back completely', async () => {
      const journalPath = path.join(directory, 'meta/_journal.json');
      const journal = JSON.parse(await readFile(journalPath, 'utf8'));
      journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag !== '9999_test_extra');
      journal.entries.push({
        idx: 99,
        version: '7',
        when: Date.now(),
        tag: '9999_broken',
        breakpoints: true,
      });
      await writeFile(journalPath, JSON.stringify(journal));
      await writeFile(
        path.join(directory, '9999_broken.sql'),
        'CREATE TABLE "half_done" ("id" integer);\n--> statement-breakpoint\nSELECT no_such_function();',
      );
      await expect(migrate(t.database, { directory })).rejects.toThrow();
      const tables = await rows<{ name: string }>(
        t,
        sql`select table_name as name from information_schema.tables where table_name = 'half_done'`,
      );
      expect(tables).toEqual([]);
    });
  });
});
