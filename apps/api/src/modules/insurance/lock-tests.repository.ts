import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  insuranceLockTestPictures,
  insuranceLockTests,
  insurancePolicies,
} from '../../db/schema/insurance.ts';

export type LockTestRow = typeof insuranceLockTests.$inferSelect;

export async function insertLockTest(
  executor: Executor,
  values: typeof insuranceLockTests.$inferInsert,
): Promise<void> {
  await executor.insert(insuranceLockTests).values(values);
}

export async function findLockTestById(
  executor: Executor,
  id: string,
  lock = false,
): Promise<LockTestRow | null> {
  const query = executor.select().from(insuranceLockTests).where(eq(insuranceLockTests.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateLockTest(
  executor: Executor,
  id: string,
  values: Partial<typeof insuranceLockTests.$inferInsert>,
): Promise<void> {
  await executor.update(insuranceLockTests).set(values).where(eq(insuranceLockTests.id, id));
}

/** A page of an insurer's lock tests, newest first, optionally of one status, and how many there are. */
export async function listLockTestsOfInsurer(
  executor: Executor,
  insurerPartyId: string,
  status: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: LockTestRow[]; total: number }> {
  const where = and(
    eq(insuranceLockTests.insurerPartyId, insurerPartyId),
    status ? eq(insuranceLockTests.status, status) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    executor
      .select()
      .from(insuranceLockTests)
      .where(where)
      .orderBy(desc(insuranceLockTests.createdAt), desc(insuranceLockTests.id))
      .limit(page.limit)
      .offset(page.offset),
    executor.select({ total: count() }).from(insuranceLockTests).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The lock tests on a holder's policies (at one insurer, or at all), newest first. */
export async function listLockTestsOfHolder(
  executor: Executor,
  holderPartyId: string,
  insurerPartyId: string | null,
): Promise<LockTestRow[]> {
  const rows = await executor
    .select({ lockTest: insuranceLockTests })
    .from(insuranceLockTests)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuranceLockTests.policyId))
    .where(
      and(
        eq(insurancePolicies.holderPartyId, holderPartyId),
        insurerPartyId ? eq(insuranceLockTests.insurerPartyId, insurerPartyId) : undefined,
      ),
    )
    .orderBy(desc(insuranceLockTests.createdAt), desc(insuranceLockTests.id));
  return rows.map((row) => row.lockTest);
}

/** The insurer's policy by the register's id or by the insurer's own number. */
export async function findPolicyOfInsurer(
  executor: Executor,
  insurerPartyId: string,
  policyId: string,
  isRegisterId: boolean,
) {
  const [row] = await executor
    .select()
    .from(insurancePolicies)
    .where(
      and(
        eq(insurancePolicies.insurerPartyId, insurerPartyId),
        isRegisterId
          ? or(eq(insurancePolicies.id, policyId), eq(insurancePolicies.insurerPolicyNumber, policyId))
          : eq(insurancePolicies.insurerPolicyNumber, policyId),
      ),
    )
    .for('update');
  return row ?? null;
}

/** Whether the policy has a lock test waiting (requested or answered). */
export async function hasOpenLockTest(executor: Executor, policyId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: insuranceLockTests.id })
    .from(insuranceLockTests)
    .where(
      and(
        eq(insuranceLockTests.policyId, policyId),
        inArray(insuranceLockTests.status, ['requested', 'answered']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The pictures of a lock test's answer, in the order given. */
export async function listPictureFileIds(executor: Executor, lockTestId: string): Promise<string[]> {
  const rows = await executor
    .select({ bikeFileId: insuranceLockTestPictures.bikeFileId })
    .from(insuranceLockTestPictures)
    .where(eq(insuranceLockTestPictures.lockTestId, lockTestId))
    .orderBy(asc(insuranceLockTestPictures.position));
  return rows.map((row) => row.bikeFileId);
}

/** Replaces the pictures of a lock test's answer. */
export async function replacePictures(
  executor: Executor,
  lockTestId: string,
  fileIds: readonly string[],
): Promise<void> {
  await executor
    .delete(insuranceLockTestPictures)
    .where(eq(insuranceLockTestPictures.lockTestId, lockTestId));
  if (fileIds.length > 0) {
    await executor
      .insert(insuranceLockTestPictures)
      .values(fileIds.map((bikeFileId, position) => ({ lockTestId, bikeFileId, position })));
  }
}

/** The pictures of several lock tests' answers, in the order given. */
export async function listPicturesOfLockTests(
  executor: Executor,
  lockTestIds: readonly string[],
): Promise<Array<{ lockTestId: string; bikeFileId: string }>> {
  if (lockTestIds.length === 0) return [];
  return executor
    .select({
      lockTestId: insuranceLockTestPictures.lockTestId,
      bikeFileId: insuranceLockTestPictures.bikeFileId,
    })
    .from(insuranceLockTestPictures)
    .where(inArray(insuranceLockTestPictures.lockTestId, [...lockTestIds]))
    .orderBy(asc(insuranceLockTestPictures.lockTestId), asc(insuranceLockTestPictures.position));
}
