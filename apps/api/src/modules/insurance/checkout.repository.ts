import { and, eq, isNotNull, notLike } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insuranceHolderDetails } from '../../db/schema/insurance.ts';

export type HolderDetailsRow = typeof insuranceHolderDetails.$inferSelect;
export type NewHolderDetails = typeof insuranceHolderDetails.$inferInsert;

export async function findHolderDetails(
  executor: Executor,
  policyId: string,
): Promise<HolderDetailsRow | null> {
  const [row] = await executor
    .select()
    .from(insuranceHolderDetails)
    .where(eq(insuranceHolderDetails.policyId, policyId));
  return row ?? null;
}

/** Stores a policy's holder details, replacing what was there. */
export async function upsertHolderDetails(
  executor: Executor,
  values: NewHolderDetails,
): Promise<HolderDetailsRow> {
  const { policyId: _policyId, createdAt: _createdAt, ...changes } = values;
  const [row] = await executor
    .insert(insuranceHolderDetails)
    .values(values)
    .onConflictDoUpdate({ target: insuranceHolderDetails.policyId, set: changes })
    .returning();
  return row!;
}

export async function setPlateOrder(
  executor: Executor,
  policyId: string,
  orderId: string | null,
): Promise<void> {
  await executor
    .update(insuranceHolderDetails)
    .set({ plateOrderId: orderId })
    .where(eq(insuranceHolderDetails.policyId, policyId));
}

export async function listHolderDetailsOf(
  executor: Executor,
  holderPartyId: string,
): Promise<HolderDetailsRow[]> {
  return executor
    .select()
    .from(insuranceHolderDetails)
    .where(eq(insuranceHolderDetails.holderPartyId, holderPartyId));
}

export async function deleteHolderDetailsOf(executor: Executor, holderPartyId: string): Promise<void> {
  await executor
    .delete(insuranceHolderDetails)
    .where(eq(insuranceHolderDetails.holderPartyId, holderPartyId));
}

/** Sealed national ids that another key than `keyId` sealed (field-encryption.ts: `v1.<key id>.…`). */
export async function listNationalIdsSealedWithOtherKey(
  executor: Executor,
  keyId: string,
  limit: number,
): Promise<Array<{ policyId: string; nationalIdEncrypted: string }>> {
  const rows = await executor
    .select({
      policyId: insuranceHolderDetails.policyId,
      nationalIdEncrypted: insuranceHolderDetails.nationalIdEncrypted,
    })
    .from(insuranceHolderDetails)
    .where(
      and(
        isNotNull(insuranceHolderDetails.nationalIdEncrypted),
        notLike(insuranceHolderDetails.nationalIdEncrypted, `v1.${keyId}.%`),
      ),
    )
    .limit(limit);
  return rows.flatMap((row) =>
    row.nationalIdEncrypted === null
      ? []
      : [{ policyId: row.policyId, nationalIdEncrypted: row.nationalIdEncrypted }],
  );
}

/** Replaces a sealed national id, only if it is still the one read (a holder may have saved meanwhile). */
export async function replaceSealedNationalId(
  executor: Executor,
  policyId: string,
  previous: string,
  next: string,
): Promise<void> {
  await executor
    .update(insuranceHolderDetails)
    .set({ nationalIdEncrypted: next })
    .where(
      and(
        eq(insuranceHolderDetails.policyId, policyId),
        eq(insuranceHolderDetails.nationalIdEncrypted, previous),
      ),
    );
}
