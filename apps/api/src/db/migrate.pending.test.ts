import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabaseKind } from '../test/helper.ts';
import { findPendingMigrations, type Migration, readMigrations } from './migrate.ts';

describe('findPendingMigrations (the readiness check of the schema)', () => {
  let t: TestApp;
  let migrations: Migration[];
  beforeAll(async () => {
    t = await createTestApp();
    migrations = await readMigrations();
  });
  afterAll(() => t.close());

  it('finds nothing pending on a migrated schema', async () => {
    expect(await findPendingMigrations(t.database, migrations)).toEqual([]);
  });

  it('names a migration file the schema does not record, and one recorded with another checksum', async () => {
    const extra: Migration = { name: '9999_not_applied', checksum: 'x', statements: ['select 1'] };
    const [first, ...rest] = migrations;
    const edited: Migration = { ...first!, checksum: 'edited' };
    expect(await findPendingMigrations(t.database, [edited, ...rest, extra])).toEqual([
      first!.name,
      '9999_not_applied',
    ]);
  });

  // PGlite answers one query at a time, so only PostgreSQL can hold the lock while another reads.
  it.runIf(testDatabaseKind() === 'postgres')('reads while migrate() holds its lock', async () => {
    // migrate() holds this advisory lock for its whole transaction; the check must not wait for it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const transaction = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${0x4e4252}, hashtext(current_schema()))`);
      locked();
      await held;
    });
    await isLocked;
    try {
      expect(await findPendingMigrations(t.database, migrations)).toEqual([]);
    } finally {
      release();
      await transaction;
    }
  });
});
