import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeOwnershipCredits, bikeOwnerships, bikes } from '../../db/schema/bikes.ts';
import { identities, parties } from '../../db/schema/identity.ts';
import { orderLines, orders, products } from '../../db/schema/webshop.ts';

export type ProductRow = typeof products.$inferSelect;

/** The products on sale in a region, in catalogue order. */
export async function listActiveProducts(executor: Executor, region: string): Promise<ProductRow[]> {
  return executor
    .select()
    .from(products)
    .where(and(eq(products.region, region), eq(products.active, true)))
    .orderBy(asc(products.position), asc(products.handle));
}

export async function findProductsByIds(executor: Executor, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return executor.select().from(products).where(inArray(products.id, ids));
}

export async function findProductByHandle(executor: Executor, handle: string): Promise<ProductRow | null> {
  const [row] = await executor.select().from(products).where(eq(products.handle, handle));
  return row ?? null;
}

export async function findProductById(executor: Executor, id: string): Promise<ProductRow | null> {
  const [row] = await executor.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

/** The region a person chose (their shop's region); null for a party that is not a person. */
export async function findRegionOfParty(executor: Executor, partyId: string): Promise<string | null> {
  const [row] = await executor
    .select({ region: identities.region })
    .from(identities)
    .where(and(eq(identities.partyId, partyId), isNull(identities.deletedAt)));
  return row?.region ?? null;
}

/** Whether a party buys as an organisation or as a person (a guest counts as a person). */
export async function findBuyerKind(executor: Executor, partyId: string): Promise<'person' | 'organisation'> {
  const [row] = await executor.select({ kind: parties.kind }).from(parties).where(eq(parties.id, partyId));
  return row?.kind === 'organisation' ? 'organisation' : 'person';
}

/** A bike the party owns now, with whether its current ownership holds a credit. */
export async function findOwnedBike(
  executor: Executor,
  partyId: string,
  bikeId: string,
): Promise<{ bikeId: string; ownershipId: string; hasCredit: boolean } | null> {
  const [row] = await executor
    .select({ bikeId: bikes.id, ownershipId: bikeOwnerships.id, creditId: bikeOwnershipCredits.id })
    .from(bikes)
    .innerJoin(
      bikeOwnerships,
      and(
        eq(bikeOwnerships.bikeId, bikes.id),
        isNull(bikeOwnerships.endedAt),
        eq(bikeOwnerships.ownerPartyId, partyId),
      ),
    )
    .leftJoin(bikeOwnershipCredits, eq(bikeOwnershipCredits.bikeOwnershipId, bikeOwnerships.id))
    .where(and(eq(bikes.id, bikeId), eq(bikes.ownerPartyId, partyId)));
  return row ? { bikeId: row.bikeId, ownershipId: row.ownershipId, hasCredit: row.creditId !== null } : null;
}

/** Kinds of per-bike products already paid for this bike (an add-on is bought once per bike). */
export async function paidKindsForBike(executor: Executor, bikeId: string): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ kind: orderLines.kind })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.bikeId, bikeId), inArray(orders.status, ['paid', 'fulfilled'])));
  return rows.map((row) => row.kind);
}

/** A person's address (the receipt goes there). */
export async function findEmailOfPerson(executor: Executor, identityPartyId: string): Promise<string | null> {
  const [row] = await executor
    .select({ email: identities.email })
    .from(identities)
    .where(and(eq(identities.partyId, identityPartyId), isNull(identities.deletedAt)));
  return row?.email ?? null;
}
