import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { bikes } from '../../db/schema/bikes.ts';
import { identities } from '../../db/schema/identity.ts';
import {
  insurancePayouts,
  insurancePolicies,
  insurancePolicyDecisions,
  insurancePreRegistrations,
  insuredItems,
} from '../../db/schema/insurance.ts';
import { organisationMembers } from '../../db/schema/organisations.ts';
import type { PolicyRow } from './policies.repository.ts';

export type PolicyDecisionRow = typeof insurancePolicyDecisions.$inferSelect;
export type PayoutRow = typeof insurancePayouts.$inferSelect;

/** PostgreSQL's unique_violation, as raised directly (pg) or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}

/**
 * An insurer's policies, newest first, filtered by status and by a search in the holder's e-mail
 * address or name or the insurer's policy number; one page and the count of all that match.
 *
 * The search is the union of two index lookups rather than a condition on every policy joined to
 * its holder: the holders whose `lower(email || ' ' || first || ' ' || last)` contains the text
 * (identities_search_trgm_idx, the same expression), then their policies (insurance_policies_holder_idx);
 * and the policies whose lower-cased number contains it (insurance_policies_number_trgm_idx).
 */
export async function listPoliciesOfInsurer(
  executor: Executor,
  insurerPartyId: string,
  filter: { status?: string | undefined; q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: PolicyRow[]; total: number }> {
  const conditions: SQL[] = [eq(insurancePolicies.insurerPartyId, insurerPartyId)];
  if (filter.status) conditions.push(eq(insurancePolicies.status, filter.status));
  if (filter.q) {
    const pattern = containsPattern(filter.q.toLowerCase());
    const holders = executor
      .select({ partyId: identities.partyId })
      .from(identities)
      .where(
        and(
          isNull(identities.deletedAt),
          sql`lower(${identities.email} || ' ' || coalesce(${identities.firstName}, '') || ' ' || coalesce(${identities.lastName}, '')) like ${pattern}`,
        ),
      );
    const byHolder = executor
      .select({ id: insurancePolicies.id })
      .from(insurancePolicies)
      .where(inArray(insurancePolicies.holderPartyId, holders));
    const byNumber = executor
      .select({ id: insurancePolicies.id })
      .from(insurancePolicies)
      .where(
        and(
          isNotNull(insurancePolicies.insurerPolicyNumber),
          sql`lower(${insurancePolicies.insurerPolicyNumber}) like ${pattern}`,
        ),
      );
    conditions.push(inArray(insurancePolicies.id, byHolder.union(byNumber)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(insurancePolicies)
      .where(where)
      .orderBy(desc(insurancePolicies.createdAt), desc(insurancePolicies.id))
      .limit(filter.limit)
      .offset(filter.offset),
    executor.select({ total: count() }).from(insurancePolicies).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Another policy of the insurer that already carries this number, if any. */
export async function findPolicyByInsurerNumber(
  executor: Executor,
  insurerPartyId: string,
  insurerPolicyNumber: string,
): Promise<PolicyRow | null> {
  const [row] = await executor
    .select()
    .from(insurancePolicies)
    .where(
      and(
        eq(insurancePolicies.insurerPartyId, insurerPartyId),
        eq(insurancePolicies.insurerPolicyNumber, insurerPolicyNumber),
      ),
    );
  return row ?? null;
}

export async function insertDecision(
  executor: Executor,
  values: typeof insurancePolicyDecisions.$inferInsert,
): Promise<void> {
  await executor.insert(insurancePolicyDecisions).values(values);
}

/** The decisions on a holder's policies (their personal data export). */
export async function listDecisionsOfHolder(
  executor: Executor,
  holderPartyId: string,
): Promise<PolicyDecisionRow[]> {
  const rows = await executor
    .select({ decision: insurancePolicyDecisions })
    .from(insurancePolicyDecisions)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insurancePolicyDecisions.policyId))
    .where(eq(insurancePolicies.holderPartyId, holderPartyId))
    .orderBy(insurancePolicyDecisions.decidedAt);
  return rows.map((row) => row.decision);
}

/**
 * The insured item of this bike on this policy, while the holder still owns the bike (or, with
 * `stillHolders` false, also after the bike moved on: the insurer's paid claim).
 */
export async function findInsuredItem(
  executor: Executor,
  policyId: string,
  bikeId: string,
  stillHolders = true,
): Promise<{ id: string; verificationStatus: string; createdAt: Date } | null> {
  const [row] = await executor
    .select({
      id: insuredItems.id,
      verificationStatus: insuredItems.verificationStatus,
      createdAt: insuredItems.createdAt,
    })
    .from(insuredItems)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
    .innerJoin(bikes, eq(bikes.id, insuredItems.bikeId))
    .where(
      and(
        eq(insuredItems.policyId, policyId),
        eq(insuredItems.bikeId, bikeId),
        stillHolders ? eq(bikes.ownerPartyId, insurancePolicies.holderPartyId) : undefined,
      ),
    );
  return row ?? null;
}

/** The register's facts of a bike (no owner data). */
export async function findBikeFacts(executor: Executor, bikeId: string) {
  const [row] = await executor
    .select({
      id: bikes.id,
      nickname: bikes.nickname,
      brand: bikes.brand,
      model: bikes.model,
      frameNumber: bikes.frameNumber,
      category: bikes.category,
      color: bikes.color,
      isElectric: bikes.isElectric,
      priceMinor: bikes.priceMinor,
      currency: bikes.currency,
      status: bikes.status,
      ownerVerifiedAt: bikes.ownerVerifiedAt,
      ownerPartyId: bikes.ownerPartyId,
      createdAt: bikes.createdAt,
    })
    .from(bikes)
    .where(eq(bikes.id, bikeId));
  return row ?? null;
}

/**
 * The insurer's insured bikes whose holder still owns them, with the policy: the bikes whose theft
 * reports the insurer may be shown (when the owner shared them).
 */
export async function listInsuredBikesOfInsurer(executor: Executor, insurerPartyId: string) {
  return executor
    .select({
      bikeId: insuredItems.bikeId,
      policyId: insurancePolicies.id,
      holderPartyId: insurancePolicies.holderPartyId,
      insurerPolicyNumber: insurancePolicies.insurerPolicyNumber,
      currency: insurancePolicies.currency,
    })
    .from(insuredItems)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
    .where(
      and(
        eq(insurancePolicies.insurerPartyId, insurerPartyId),
        inArray(insurancePolicies.status, ['active', 'cancelled', 'expired']),
      ),
    );
}

/** The insured bikes of the insurer's open policies, counted by the state of their check. */
export async function countItemsByVerificationStatus(executor: Executor, insurerPartyId: string) {
  return executor
    .select({ status: insuredItems.verificationStatus, count: count() })
    .from(insuredItems)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
    .innerJoin(bikes, eq(bikes.id, insuredItems.bikeId))
    .where(
      and(
        eq(insurancePolicies.insurerPartyId, insurerPartyId),
        inArray(insurancePolicies.status, ['application', 'active']),
        eq(bikes.ownerPartyId, insurancePolicies.holderPartyId),
      ),
    )
    .groupBy(insuredItems.verificationStatus);
}

// --- payouts ---------------------------------------------------------------------------------------

export async function insertPayout(executor: Executor, values: typeof insurancePayouts.$inferInsert) {
  await executor.insert(insurancePayouts).values(values);
}

export async function findPayoutsOfReports(
  executor: Executor,
  theftReportIds: readonly string[],
): Promise<Map<string, PayoutRow>> {
  if (theftReportIds.length === 0) return new Map();
  const rows = await executor
    .select()
    .from(insurancePayouts)
    .where(inArray(insurancePayouts.theftReportId, [...theftReportIds]));
  return new Map(rows.map((row) => [row.theftReportId, row]));
}

/** The insurer's payouts within [from, to). */
export async function listPayoutsOfInsurer(executor: Executor, insurerPartyId: string, from: Date, to: Date) {
  return executor
    .select()
    .from(insurancePayouts)
    .where(
      and(
        eq(insurancePayouts.insurerPartyId, insurerPartyId),
        sql`${insurancePayouts.paidAt} >= ${from.toISOString()}`,
        sql`${insurancePayouts.paidAt} < ${to.toISOString()}`,
      ),
    );
}

/** The payouts on a holder's policies (their personal data export). */
export async function listPayoutsOfHolder(executor: Executor, holderPartyId: string): Promise<PayoutRow[]> {
  const rows = await executor
    .select({ payout: insurancePayouts })
    .from(insurancePayouts)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, insurancePayouts.policyId))
    .where(eq(insurancePolicies.holderPartyId, holderPartyId));
  return rows.map((row) => row.payout);
}

/** How many pre-registrations the insurer has stored, and how many of them are linked to a policy. */
export async function countPreRegistrations(
  executor: Executor,
  insurerPartyId: string,
): Promise<{ stored: number; linked: number }> {
  const [row] = await executor
    .select({
      stored: count(),
      linked: count(insurancePreRegistrations.matchedPolicyId),
    })
    .from(insurancePreRegistrations)
    .where(eq(insurancePreRegistrations.insurerPartyId, insurerPartyId));
  return { stored: row?.stored ?? 0, linked: row?.linked ?? 0 };
}

/** Whether the insurer holds the bike's registration because it paid a claim on it (and the owner agreed). */
export async function hasTransferringPayout(
  executor: Executor,
  insurerPartyId: string,
  bikeId: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: insurancePayouts.id })
    .from(insurancePayouts)
    .where(
      and(
        eq(insurancePayouts.insurerPartyId, insurerPartyId),
        eq(insurancePayouts.bikeId, bikeId),
        eq(insurancePayouts.registrationTransferred, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The people with the admin role in an organisation. */
export async function listAdminsOfOrganisation(executor: Executor, organisationPartyId: string) {
  const rows = await executor
    .select({ identityPartyId: organisationMembers.identityPartyId })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationPartyId, organisationPartyId),
        eq(organisationMembers.role, 'admin'),
      ),
    );
  return rows.map((row) => row.identityPartyId);
}
