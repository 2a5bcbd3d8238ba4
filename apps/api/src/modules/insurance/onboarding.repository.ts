import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insuranceOnboardingDrafts, insuranceProducts } from '../../db/schema/insurance.ts';
import { organisations } from '../../db/schema/organisations.ts';

export type OnboardingDraftRow = typeof insuranceOnboardingDrafts.$inferSelect;

export async function findDraft(
  executor: Executor,
  partyId: string,
  forUpdate = false,
): Promise<OnboardingDraftRow | null> {
  const query = executor
    .select()
    .from(insuranceOnboardingDrafts)
    .where(eq(insuranceOnboardingDrafts.partyId, partyId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Saves the person's one draft, made on the first save. */
export async function upsertDraft(
  executor: Executor,
  partyId: string,
  fields: unknown,
  now: Date,
): Promise<OnboardingDraftRow> {
  const [row] = await executor
    .insert(insuranceOnboardingDrafts)
    .values({ partyId, fields, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: insuranceOnboardingDrafts.partyId, set: { fields, updatedAt: now } })
    .returning();
  return row!;
}

export async function deleteDraft(executor: Executor, partyId: string): Promise<boolean> {
  const deleted = await executor
    .delete(insuranceOnboardingDrafts)
    .where(eq(insuranceOnboardingDrafts.partyId, partyId))
    .returning({ partyId: insuranceOnboardingDrafts.partyId });
  return deleted.length > 0;
}

export interface OfferRow {
  product: typeof insuranceProducts.$inferSelect;
  insurerName: string;
}

/** The live products of the insurers (of a region when given), by insurer name then cover kind. */
export async function listActiveOffers(executor: Executor, region: string | null): Promise<OfferRow[]> {
  return executor
    .select({ product: insuranceProducts, insurerName: organisations.name })
    .from(insuranceProducts)
    .innerJoin(organisations, eq(organisations.partyId, insuranceProducts.insurerPartyId))
    .where(
      and(
        eq(insuranceProducts.active, true),
        eq(organisations.type, 'insurance_company'),
        region === null ? undefined : eq(insuranceProducts.region, region),
      ),
    )
    .orderBy(asc(organisations.name), asc(insuranceProducts.coverKind));
}
