import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insurancePlateOrders } from '../../db/schema/insurance.ts';
import { organisationMembers, organisations } from '../../db/schema/organisations.ts';

export type PlateOrderRow = typeof insurancePlateOrders.$inferSelect;

/** The insurance companies a person is a member of (any role). */
export async function listInsurersOfMember(executor: Executor, identityPartyId: string): Promise<string[]> {
  const rows = await executor
    .select({ insurerPartyId: organisations.partyId })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.partyId, organisationMembers.organisationPartyId))
    .where(
      and(
        eq(organisationMembers.identityPartyId, identityPartyId),
        eq(organisations.type, 'insurance_company'),
      ),
    );
  return rows.map((row) => row.insurerPartyId);
}

/** Stores the order unless its mail was stored before; answers whether it was new. */
export async function insertPlateOrderOnce(
  executor: Executor,
  values: typeof insurancePlateOrders.$inferInsert,
): Promise<boolean> {
  const inserted = await executor
    .insert(insurancePlateOrders)
    .values(values)
    .onConflictDoNothing({ target: insurancePlateOrders.messageId })
    .returning({ id: insurancePlateOrders.id });
  return inserted.length > 0;
}

export async function findPlateOrderById(
  executor: Executor,
  id: string,
  lock = false,
): Promise<PlateOrderRow | null> {
  const query = executor.select().from(insurancePlateOrders).where(eq(insurancePlateOrders.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function listPlateOrdersOfInsurer(
  executor: Executor,
  insurerPartyId: string,
): Promise<PlateOrderRow[]> {
  return executor
    .select()
    .from(insurancePlateOrders)
    .where(eq(insurancePlateOrders.insurerPartyId, insurerPartyId))
    .orderBy(desc(insurancePlateOrders.createdAt), desc(insurancePlateOrders.id));
}

export async function updatePlateOrder(
  executor: Executor,
  id: string,
  values: Partial<typeof insurancePlateOrders.$inferInsert>,
): Promise<void> {
  await executor.update(insurancePlateOrders).set(values).where(eq(insurancePlateOrders.id, id));
}

/** The plate orders a person mailed (for their personal data export). */
export async function listPlateOrdersMailedBy(executor: Executor, partyId: string): Promise<PlateOrderRow[]> {
  return executor
    .select()
    .from(insurancePlateOrders)
    .where(eq(insurancePlateOrders.requestedBy, partyId))
    .orderBy(desc(insurancePlateOrders.createdAt));
}

/**
 * Account deletion: the insurer keeps its orders (how many plates, when, sent or not), but not who
 * of its people mailed them nor what they wrote in the subject.
 */
export async function forgetPlateOrderSender(executor: Executor, partyId: string): Promise<void> {
  await executor
    .update(insurancePlateOrders)
    .set({ requestedBy: null, requestedByEmail: '', subject: '' })
    .where(eq(insurancePlateOrders.requestedBy, partyId));
}
