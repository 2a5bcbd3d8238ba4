import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { ownerWithBike, reportStolen } from '../test/theft-report-fixtures.ts';
import { readMigrations } from './migrate.ts';

/*
 * 0014_theft_reports_no_national_id: the register keeps no national id number; numbers stored
 * before it stopped asking are cleared and their columns dropped.
 */
describe('migration 0014: theft reports without a national id number', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function rows<T>(query: SQL): Promise<T[]> {
    return ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  async function columnsOfTheftReports(): Promise<string[]> {
    const columns = await rows<{ column_name: string }>(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'theft_reports'`,
    );
    return columns.map((row) => row.column_name);
  }

  it('the migrated database has no column for one', async () => {
    const columns = await columnsOfTheftReports();
    expect(columns).toContain('fields');
    expect(columns.filter((name) => name.startsWith('national_id'))).toEqual([]);
  });

  it('clears stored numbers and drops their columns', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const report = await reportStolen(t.app, owner.token, bikeId);
    // The table as it was before: a report holding an encrypted number and its last digits.
    await t.app.db.execute(
      sql.raw(
        'ALTER TABLE "theft_reports" ADD COLUMN "national_id_encrypted" text, ADD COLUMN "national_id_last_digits" text',
      ),
    );
    await t.app.db.execute(
      sql`UPDATE theft_reports SET national_id_encrypted = 'v1.sealed', national_id_last_digits = '34' WHERE id = ${report.report_id}`,
    );

    const migration = (await readMigrations()).find((m) => m.name === '0014_theft_reports_no_national_id');
    expect(migration).toBeDefined();
    for (const statement of migration!.statements) await t.app.db.execute(sql.raw(statement));

    expect((await columnsOfTheftReports()).filter((name) => name.startsWith('national_id'))).toEqual([]);
    expect(await rows(sql`SELECT id FROM theft_reports WHERE id = ${report.report_id}`)).toHaveLength(1);
  });
});
