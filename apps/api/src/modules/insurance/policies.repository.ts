import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikes } from '../../db/schema/bikes.ts';
import { insurancePolicies, insuredItems } from '../../db/schema/insurance.ts';

export type PolicyRow = typeof insurancePolicies.$inferSelect;

/** An insured item with the registered bike as the policy needs it. */
export interface InsuredItemRow {
  id: string;
  policyId: string;
  bikeId: string;
  verificationStatus: string;
  createdAt: Date;
  updatedAt: Date;
  bike: {
    nickname: string;
    brand: string | null;
    model: string | null;
    frameNumber: string | null;
    category: string | null;
    isElectric: boolean;
    priceMinor: number | null;
  };
}

/** What the tariff reads of a bike. */
export interface PricedBikeRow {
  id: string;
  priceMinor: number | null;
  category: string | null;
  isElectric: boolean;
}

const OPEN_STATUSES = ['application', 'active'];

/**
 * An insured item counts while its bike is still the holder's: a bike given away (an accepted
 * transfer) leaves the policy, and the new owner may insure it, without the old holder or their
 * insurer seeing it any longer.
 */
const stillHolders = sql`${bikes.ownerPartyId} = ${insurancePolicies.holderPartyId}`;

export async function insertPolicy(executor: Executor, values: typeof insurancePolicies.$inferInsert) {
  await executor.insert(insurancePolicies).values(values);
}

export async function insertInsuredItems(
  executor: Executor,
  values: Array<typeof insuredItems.$inferInsert>,
): Promise<void> {
  if (values.length > 0) await executor.insert(insuredItems).values(values);
}

export async function findPolicyById(
  executor: Executor,
  id: string,
  lock = false,
): Promise<PolicyRow | null> {
  const query = executor.select().from(insurancePolicies).where(eq(insurancePolicies.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findPoliciesByIds(executor: Executor, ids: readonly string[]): Promise<PolicyRow[]> {
  if (ids.length === 0) return [];
  return executor
    .select()
    .from(insurancePolicies)
    .where(inArray(insurancePolicies.id, [...ids]));
}

/** A holder's policies, newest first. */
export async function listPoliciesOfHolder(executor: Executor, holderPartyId: string): Promise<PolicyRow[]> {
  return executor
    .select()
    .from(insurancePolicies)
    .where(eq(insurancePolicies.holderPartyId, holderPartyId))
    .orderBy(desc(insurancePolicies.createdAt), desc(insurancePolicies.id));
}

export async function updatePolicy(
  executor: Executor,
  id: string,
  values: Partial<typeof insurancePolicies.$inferInsert>,
): Promise<void> {
  await executor.update(insurancePolicies).set(values).where(eq(insurancePolicies.id, id));
}

/** The insured items of policies, oldest first, each with its bike. */
export async function listItemsOfPolicies(
  executor: Executor,
  policyIds: readonly string[],
): Promise<InsuredItemRow[]> {
  if (policyIds.length === 0) return [];
  return executor
    .select({
      id: insuredItems.id,
      policyId: insuredItems.policyId,
      bikeId: insuredItems.bikeId,
      verificationStatus: insuredItems.verificationStatus,
      createdAt: insuredItems.createdAt,
      updatedAt: insuredItems.updatedAt,
      bike: {
        nickname: bikes.nickname,
        brand: bikes.brand,
        model: bikes.model,
        frameNumber: bikes.frameNumber,
        category: bikes.category,
        isElectric: bikes.isElectric,
        priceMinor: bikes.priceMinor,
      },
    })
    .from(insuredItems)
    .innerJoin(bikes, eq(bikes.id, insuredItems.bikeId))
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
    .where(and(inArray(insuredItems.policyId, [...policyIds]), stillHolders))
    .orderBy(asc(insuredItems.createdAt), asc(insuredItems.id));
}

/**
 * The party's own bikes among `bikeIds`, locked FOR UPDATE (the bike comes first in every lock
 * order, docs/architecture.md), so two applications cannot insure the same bike at once.
 */
export async function lockOwnedBikes(
  executor: Executor,
  ownerPartyId: string,
  bikeIds: readonly string[],
): Promise<PricedBikeRow[]> {
  if (bikeIds.length === 0) return [];
  return executor
    .select({
      id: bikes.id,
      priceMinor: bikes.priceMinor,
      category: bikes.category,
      isElectric: bikes.isElectric,
    })
    .from(bikes)
    .where(and(inArray(bikes.id, [...bikeIds]), eq(bikes.ownerPartyId, ownerPartyId)))
    .orderBy(asc(bikes.id))
    .for('update');
}

/** Which of these bikes are on an open policy (application or active) already. */
export async function findOpenlyInsuredBikeIds(
  executor: Executor,
  bikeIds: readonly string[],
): Promise<Set<string>> {
  if (bikeIds.length === 0) return new Set();
  const rows = await executor
    .select({ bikeId: insuredItems.bikeId })
    .from(insuredItems)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
    .innerJoin(bikes, eq(bikes.id, insuredItems.bikeId))
    .where(
      and(
        inArray(insuredItems.bikeId, [...bikeIds]),
        inArray(insurancePolicies.status, OPEN_STATUSES),
        stillHolders,
      ),
    );
  return new Set(rows.map((row) => row.bikeId));
}

/** The bikes on a policy as the tariff reads them. */
export async function listPricedBikesOfPolicy(
  executor: Executor,
  policyId: string,
): Promise<PricedBikeRow[]> {
  return executor
    .select({
      id: bikes.id,
      priceMinor: bikes.priceMinor,
      category: bikes.category,
      isElectric: bikes.isElectric,
    })
    .from(insuredItems)
    .innerJoin(bikes, eq(bikes.id, insuredItems.bikeId))
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
    .where(and(eq(insuredItems.policyId, policyId), stillHolders));
}

/** Deletes a holder's policies (their insured items go with them). */
export async function deletePoliciesOfHolder(executor: Executor, holderPartyId: string): Promise<void> {
  await executor.delete(insurancePolicies).where(eq(insurancePolicies.holderPartyId, holderPartyId));
}
