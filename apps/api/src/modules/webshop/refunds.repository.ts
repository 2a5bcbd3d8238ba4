import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeOwnershipCredits, subscriptions } from '../../db/schema/bikes.ts';
import { orderRefunds } from '../../db/schema/webshop.ts';

export type OrderRefundRow = typeof orderRefunds.$inferSelect;

/** What is refunded or being refunded of an order (failed refunds count for nothing). */
export async function heldRefundMinor(executor: Executor, orderId: string): Promise<number> {
  const [row] = await executor
    .select({ sum: sql<string | null>`sum(${orderRefunds.amountMinor})` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), inArray(orderRefunds.state, ['pending', 'refunded'])));
  return Number(row?.sum ?? 0);
}

/** The refunds that went through, oldest first. */
export async function listCompletedRefunds(executor: Executor, orderId: string): Promise<OrderRefundRow[]> {
  return executor
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.state, 'refunded')))
    .orderBy(asc(orderRefunds.createdAt));
}

export async function insertRefund(executor: Executor, refund: typeof orderRefunds.$inferInsert) {
  await executor.insert(orderRefunds).values(refund);
}

export async function updateRefund(
  executor: Executor,
  refundId: string,
  values: Partial<typeof orderRefunds.$inferInsert>,
): Promise<void> {
  await executor.update(orderRefunds).set(values).where(eq(orderRefunds.id, refundId));
}

/** The subscription an order created (its credits), if any. */
export async function findSubscriptionOfOrder(executor: Executor, orderId: string) {
  const [row] = await executor.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  return row ?? null;
}

/**
 * Takes back up to `limit` free credits of a subscription (never one on a bike); answers how many
 * went and how many of the subscription's credits are on bikes.
 */
export async function withdrawFreeCredits(
  executor: Executor,
  subscriptionId: string,
  limit: number,
): Promise<number> {
  if (limit <= 0) return 0;
  const free = await executor
    .select({ id: bikeOwnershipCredits.id })
    .from(bikeOwnershipCredits)
    .where(
      and(
        eq(bikeOwnershipCredits.subscriptionId, subscriptionId),
        isNull(bikeOwnershipCredits.bikeOwnershipId),
      ),
    )
    .orderBy(asc(bikeOwnershipCredits.createdOn), asc(bikeOwnershipCredits.id))
    .limit(limit)
    .for('update');
  if (free.length === 0) return 0;
  const removed = await executor
    .delete(bikeOwnershipCredits)
    .where(
      and(
        inArray(
          bikeOwnershipCredits.id,
          free.map((credit) => credit.id),
        ),
        isNull(bikeOwnershipCredits.bikeOwnershipId),
      ),
    )
    .returning({ id: bikeOwnershipCredits.id });
  return removed.length;
}

/** Ends a subscription's paid period now (a refunded subscription is no longer paid for). */
export async function endSubscriptionPeriod(
  executor: Executor,
  subscriptionId: string,
  now: Date,
): Promise<void> {
  await executor
    .update(subscriptions)
    .set({ currentPeriodEnd: now })
    .where(eq(subscriptions.id, subscriptionId));
}

/** How many credits a subscription holds, used or free. */
export async function countCredits(executor: Executor, subscriptionId: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(bikeOwnershipCredits)
    .where(eq(bikeOwnershipCredits.subscriptionId, subscriptionId));
  return row?.count ?? 0;
}

/** Every refund of an order, oldest first (the personal data export). */
export async function listRefundsOfOrder(executor: Executor, orderId: string): Promise<OrderRefundRow[]> {
  return executor
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt));
}
