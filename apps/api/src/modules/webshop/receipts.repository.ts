import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeOwnershipCredits, subscriptions } from '../../db/schema/bikes.ts';

/** How many credits an order gave that are on a bike (a refund leaves those: the registration stays). */
export async function countUsedCreditsOfOrder(executor: Executor, orderId: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(bikeOwnershipCredits)
    .innerJoin(subscriptions, eq(subscriptions.id, bikeOwnershipCredits.subscriptionId))
    .where(and(eq(subscriptions.orderId, orderId), isNotNull(bikeOwnershipCredits.bikeOwnershipId)));
  return row?.count ?? 0;
}
