import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insuranceProducts } from '../../db/schema/insurance.ts';
import { organisationMembers, organisations } from '../../db/schema/organisations.ts';

export type InsuranceProductRow = typeof insuranceProducts.$inferSelect;

/** An organisation of type insurance_company, or null. */
export async function findInsurer(
  executor: Executor,
  partyId: string,
): Promise<{ partyId: string; name: string; region: string } | null> {
  const [row] = await executor
    .select({ partyId: organisations.partyId, name: organisations.name, region: organisations.region })
    .from(organisations)
    .where(and(eq(organisations.partyId, partyId), eq(organisations.type, 'insurance_company')));
  return row ?? null;
}

/** The insurer's live product of a cover kind in a region. */
export async function findActiveProduct(
  executor: Executor,
  insurerPartyId: string,
  coverKind: string,
): Promise<InsuranceProductRow | null> {
  const [row] = await executor
    .select()
    .from(insuranceProducts)
    .where(
      and(
        eq(insuranceProducts.insurerPartyId, insurerPartyId),
        eq(insuranceProducts.coverKind, coverKind),
        eq(insuranceProducts.active, true),
      ),
    );
  return row ?? null;
}

export async function findProductById(executor: Executor, id: string): Promise<InsuranceProductRow | null> {
  const [row] = await executor.select().from(insuranceProducts).where(eq(insuranceProducts.id, id));
  return row ?? null;
}

/** Retires the live product of an insurer's cover kind (a new one takes its place). */
export async function deactivateProducts(
  executor: Executor,
  insurerPartyId: string,
  coverKind: string,
  now: Date,
): Promise<void> {
  await executor
    .update(insuranceProducts)
    .set({ active: false, updatedAt: now })
    .where(
      and(
        eq(insuranceProducts.insurerPartyId, insurerPartyId),
        eq(insuranceProducts.coverKind, coverKind),
        eq(insuranceProducts.active, true),
      ),
    );
}

export async function insertProduct(
  executor: Executor,
  values: typeof insuranceProducts.$inferInsert,
): Promise<void> {
  await executor.insert(insuranceProducts).values(values);
}

/** Whether the person holds the admin role in the organisation (the insurer's admins edit its products). */
export async function isOrganisationAdmin(
  executor: Executor,
  organisationPartyId: string,
  identityPartyId: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationPartyId, organisationPartyId),
        eq(organisationMembers.identityPartyId, identityPartyId),
      ),
    );
  return row?.role === 'admin';
}
