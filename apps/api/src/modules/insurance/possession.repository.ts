import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeFiles, bikes } from '../../db/schema/bikes.ts';
import {
  insurancePolicies,
  insuranceProducts,
  insuredItemChecks,
  insuredItems,
  insuredItemUploads,
} from '../../db/schema/insurance.ts';

export type CheckRow = typeof insuredItemChecks.$inferSelect;

/** A check waits in the queue only while its policy is open (an application or active). */
const OPEN_POLICY_STATUSES = ['application', 'active'];

/** An insured item with what the rules and the answers need of its policy, product and bike. */
export interface ItemFacts {
  id: string;
  policyId: string;
  bikeId: string;
  verificationStatus: string;
  holderPartyId: string;
  insurerPartyId: string;
  policyStatus: string;
  requiredUploads: string[];
  bike: {
    ownerPartyId: string;
    nickname: string;
    brand: string | null;
    model: string | null;
    frameNumber: string | null;
    category: string | null;
    type: string | null;
    isElectric: boolean;
    priceMinor: number | null;
    currency: string;
    purchaseDate: string | null;
  };
}

/** An upload with the class and kind of the bike file behind it. */
export interface UploadRow {
  id: string;
  insuredItemId: string;
  kind: string;
  bikeFileId: string;
  fileClass: string;
  fileKind: string;
  createdAt: Date;
}

const itemFacts = {
  id: insuredItems.id,
  policyId: insuredItems.policyId,
  bikeId: insuredItems.bikeId,
  verificationStatus: insuredItems.verificationStatus,
  holderPartyId: insurancePolicies.holderPartyId,
  insurerPartyId: insurancePolicies.insurerPartyId,
  policyStatus: insurancePolicies.status,
  requiredUploads: insuranceProducts.requiredUploads,
  bike: {
    ownerPartyId: bikes.ownerPartyId,
    nickname: bikes.nickname,
    brand: bikes.brand,
    model: bikes.model,
    frameNumber: bikes.frameNumber,
    category: bikes.category,
    type: bikes.type,
    isElectric: bikes.isElectric,
    priceMinor: bikes.priceMinor,
    currency: bikes.currency,
    purchaseDate: bikes.purchaseDate,
  },
};

/**
 * An insured item while its bike is still the holder's (a bike given away leaves the policy, as in
 * policies.repository.ts); `lock` holds the item FOR UPDATE (the caller locked the bike first).
 */
export async function findItem(executor: Executor, itemId: string, lock = false): Promise<ItemFacts | null> {
  const query = executor
    .select(itemFacts)
    .from(insuredItems)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
    .innerJoin(insuranceProducts, eq(insuranceProducts.id, insurancePolicies.productId))
    .innerJoin(bikes, eq(bikes.id, insuredItems.bikeId))
    .where(and(eq(insuredItems.id, itemId), sql`${bikes.ownerPartyId} = ${insurancePolicies.holderPartyId}`));
  const [row] = lock ? await query.for('update', { of: insuredItems }) : await query;
  return row ?? null;
}

/** Locks a bike row FOR UPDATE: the bike comes first in every lock order (docs/architecture.md). */
export async function lockBike(executor: Executor, bikeId: string): Promise<void> {
  await executor.select({ id: bikes.id }).from(bikes).where(eq(bikes.id, bikeId)).for('update');
}

export async function updateItemStatus(
  executor: Executor,
  itemId: string,
  status: string,
  now: Date,
): Promise<void> {
  await executor
    .update(insuredItems)
    .set({ verificationStatus: status, updatedAt: now })
    .where(eq(insuredItems.id, itemId));
}

/** The uploads of insured items, oldest first, with their bike files' class and kind. */
export async function listUploadsOfItems(
  executor: Executor,
  itemIds: readonly string[],
): Promise<UploadRow[]> {
  if (itemIds.length === 0) return [];
  return executor
    .select({
      id: insuredItemUploads.id,
      insuredItemId: insuredItemUploads.insuredItemId,
      kind: insuredItemUploads.kind,
      bikeFileId: insuredItemUploads.bikeFileId,
      fileClass: bikeFiles.fileClass,
      fileKind: bikeFiles.kind,
      createdAt: insuredItemUploads.createdAt,
    })
    .from(insuredItemUploads)
    .innerJoin(bikeFiles, eq(bikeFiles.id, insuredItemUploads.bikeFileId))
    .where(inArray(insuredItemUploads.insuredItemId, [...itemIds]))
    .orderBy(asc(insuredItemUploads.createdAt), asc(insuredItemUploads.id));
}

export async function insertUpload(
  executor: Executor,
  values: typeof insuredItemUploads.$inferInsert,
): Promise<void> {
  await executor.insert(insuredItemUploads).values(values);
}

/** Unlinks a file from an item, whatever kind it was linked as (it is linked as another now). */
export async function deleteUploadsOfFile(
  executor: Executor,
  itemId: string,
  bikeFileId: string,
): Promise<void> {
  await executor
    .delete(insuredItemUploads)
    .where(and(eq(insuredItemUploads.insuredItemId, itemId), eq(insuredItemUploads.bikeFileId, bikeFileId)));
}

/** Removes uploads by id from one item; answers the removed rows' kinds. */
export async function deleteUploads(
  executor: Executor,
  itemId: string,
  uploadIds: readonly string[],
): Promise<string[]> {
  if (uploadIds.length === 0) return [];
  const removed = await executor
    .delete(insuredItemUploads)
    .where(and(eq(insuredItemUploads.insuredItemId, itemId), inArray(insuredItemUploads.id, [...uploadIds])))
    .returning({ kind: insuredItemUploads.kind });
  return removed.map((row) => row.kind);
}

export async function findChecks(executor: Executor, itemIds: readonly string[]): Promise<CheckRow[]> {
  if (itemIds.length === 0) return [];
  return executor
    .select()
    .from(insuredItemChecks)
    .where(inArray(insuredItemChecks.insuredItemId, [...itemIds]));
}

/** Creates or changes the check of an item. */
export async function upsertCheck(
  executor: Executor,
  itemId: string,
  values: Partial<Omit<typeof insuredItemChecks.$inferInsert, 'insuredItemId'>> & { updatedAt: Date },
): Promise<void> {
  await executor
    .insert(insuredItemChecks)
    .values({ insuredItemId: itemId, ...values })
    .onConflictDoUpdate({ target: insuredItemChecks.insuredItemId, set: values });
}

/** Category and type of the bikes of insured items (what the check needs besides the uploads). */
export async function findBikeDetailsOfItems(
  executor: Executor,
  itemIds: readonly string[],
): Promise<Map<string, { category: string | null; type: string | null }>> {
  if (itemIds.length === 0) return new Map();
  const rows = await executor
    .select({ id: insuredItems.id, category: bikes.category, type: bikes.type })
    .from(insuredItems)
    .innerJoin(bikes, eq(bikes.id, insuredItems.bikeId))
    .where(inArray(insuredItems.id, [...itemIds]));
  return new Map(rows.map((row) => [row.id, { category: row.category, type: row.type }]));
}

/** Items waiting for our staff (pending), oldest sent first; optionally of one insurer. */
export async function listPendingItems(
  executor: Executor,
  insurerPartyId: string | null,
  limit: number,
): Promise<Array<ItemFacts & { submittedAt: Date | null }>> {
  return executor
    .select({ ...itemFacts, submittedAt: insuredItemChecks.submittedAt })
    .from(insuredItems)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
    .innerJoin(insuranceProducts, eq(insuranceProducts.id, insurancePolicies.productId))
    .innerJoin(bikes, eq(bikes.id, insuredItems.bikeId))
    .leftJoin(insuredItemChecks, eq(insuredItemChecks.insuredItemId, insuredItems.id))
    .where(
      and(
        eq(insuredItems.verificationStatus, 'pending'),
        inArray(insurancePolicies.status, OPEN_POLICY_STATUSES),
        sql`${bikes.ownerPartyId} = ${insurancePolicies.holderPartyId}`,
        insurerPartyId ? eq(insurancePolicies.insurerPartyId, insurerPartyId) : undefined,
      ),
    )
    .orderBy(sql`${insuredItemChecks.submittedAt} asc nulls first`, asc(insuredItems.id))
    .limit(limit);
}

/** How many items wait per insurer. */
export async function countPendingPerInsurer(
  executor: Executor,
): Promise<Array<{ insurerPartyId: string; pending: number }>> {
  return executor
    .select({ insurerPartyId: insurancePolicies.insurerPartyId, pending: count() })
    .from(insuredItems)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
    .innerJoin(bikes, eq(bikes.id, insuredItems.bikeId))
    .where(
      and(
        eq(insuredItems.verificationStatus, 'pending'),
        inArray(insurancePolicies.status, OPEN_POLICY_STATUSES),
        sql`${bikes.ownerPartyId} = ${insurancePolicies.holderPartyId}`,
      ),
    )
    .groupBy(insurancePolicies.insurerPartyId);
}

/** The uploads of a holder's insured items, for their personal data export. */
export async function listUploadsOfHolder(executor: Executor, holderPartyId: string) {
  return executor
    .select({
      insuredItemId: insuredItemUploads.insuredItemId,
      kind: insuredItemUploads.kind,
      bikeFileId: insuredItemUploads.bikeFileId,
      createdAt: insuredItemUploads.createdAt,
    })
    .from(insuredItemUploads)
    .innerJoin(insuredItems, eq(insuredItems.id, insuredItemUploads.insuredItemId))
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
    .where(eq(insurancePolicies.holderPartyId, holderPartyId))
    .orderBy(asc(insuredItemUploads.createdAt));
}
