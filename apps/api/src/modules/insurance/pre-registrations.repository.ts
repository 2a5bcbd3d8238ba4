import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insurancePolicies, insurancePreRegistrations } from '../../db/schema/insurance.ts';

export type PreRegistrationRow = typeof insurancePreRegistrations.$inferSelect;

/** A not yet linked pre-registration of this address at the insurer, if any. */
export async function findOpenPreRegistrationByEmail(
  executor: Executor,
  insurerPartyId: string,
  email: string,
): Promise<PreRegistrationRow | null> {
  const [row] = await executor
    .select()
    .from(insurancePreRegistrations)
    .where(
      and(
        eq(insurancePreRegistrations.insurerPartyId, insurerPartyId),
        eq(insurancePreRegistrations.holderEmail, email),
        isNull(insurancePreRegistrations.matchedPolicyId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function lockPreRegistration(
  executor: Executor,
  insurerPartyId: string,
  insurerPolicyId: string,
): Promise<PreRegistrationRow | null> {
  const [row] = await executor
    .select()
    .from(insurancePreRegistrations)
    .where(
      and(
        eq(insurancePreRegistrations.insurerPartyId, insurerPartyId),
        eq(insurancePreRegistrations.insurerPolicyId, insurerPolicyId),
      ),
    )
    .for('update');
  return row ?? null;
}

/**
 * Adds an insurer's pre-registrations, or corrects the address and name of one not linked yet (the
 * insurer uploads its list again); a linked one is left as it is.
 */
export async function upsertPreRegistrations(
  executor: Executor,
  rows: Array<typeof insurancePreRegistrations.$inferInsert>,
): Promise<void> {
  for (const row of rows) {
    await executor
      .insert(insurancePreRegistrations)
      .values(row)
      .onConflictDoUpdate({
        target: [insurancePreRegistrations.insurerPartyId, insurancePreRegistrations.insurerPolicyId],
        set: { holderEmail: row.holderEmail, holderName: row.holderName ?? null },
        setWhere: isNull(insurancePreRegistrations.matchedPolicyId),
      });
  }
}

export async function markMatched(
  executor: Executor,
  id: string,
  policyId: string,
  now: Date,
): Promise<void> {
  await executor
    .update(insurancePreRegistrations)
    .set({ matchedPolicyId: policyId, matchedAt: now })
    .where(eq(insurancePreRegistrations.id, id));
}

/**
 * The pre-registrations about a person: those linked to their policies, and those with one of their
 * addresses (the insurer's upload names them).
 */
export async function listPreRegistrationsOf(
  executor: Executor,
  holderPartyId: string,
  addresses: readonly string[],
): Promise<PreRegistrationRow[]> {
  const policyIds = executor
    .select({ id: insurancePolicies.id })
    .from(insurancePolicies)
    .where(eq(insurancePolicies.holderPartyId, holderPartyId));
  const lowered = addresses.map((address) => address.toLowerCase());
  return executor
    .select()
    .from(insurancePreRegistrations)
    .where(
      or(
        inArray(insurancePreRegistrations.matchedPolicyId, policyIds),
        lowered.length > 0 ? inArray(insurancePreRegistrations.holderEmail, lowered) : undefined,
      ),
    );
}

export async function deletePreRegistrations(executor: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await executor.delete(insurancePreRegistrations).where(inArray(insurancePreRegistrations.id, [...ids]));
}
