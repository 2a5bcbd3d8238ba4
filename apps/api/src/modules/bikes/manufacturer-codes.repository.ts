import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { manufacturerCodes } from '../../db/schema/bikes.ts';

export type ManufacturerCodeRow = typeof manufacturerCodes.$inferSelect;

export async function listManufacturerCodes(executor: Executor) {
  return executor.select().from(manufacturerCodes).orderBy(asc(manufacturerCodes.code));
}

export async function lockManufacturerCode(executor: Executor, code: string) {
  const [row] = await executor
    .select()
    .from(manufacturerCodes)
    .where(eq(manufacturerCodes.code, code))
    .for('update');
  return row ?? null;
}

/** Inserts a new code; false when the code exists already. */
export async function insertManufacturerCode(executor: Executor, row: ManufacturerCodeRow): Promise<boolean> {
  const inserted = await executor
    .insert(manufacturerCodes)
    .values(row)
    .onConflictDoNothing()
    .returning({ code: manufacturerCodes.code });
  return inserted.length > 0;
}

export async function updateManufacturerCode(executor: Executor, row: ManufacturerCodeRow) {
  const { code, ...fields } = row;
  await executor.update(manufacturerCodes).set(fields).where(eq(manufacturerCodes.code, code));
}
