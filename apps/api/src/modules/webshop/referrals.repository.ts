import { and, desc, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeOwnershipCredits, subscriptions } from '../../db/schema/bikes.ts';
import { orderLines, orders, referralRewards } from '../../db/schema/webshop.ts';
import { uuidv7 } from '../../platform/ids.ts';

export type ReferralRewardRow = typeof referralRewards.$inferSelect;

/**
 * Records the decision for an invited person, unless one exists: the unique key on the invited
 * person makes a second decision (a replayed webhook, two purchases settling at once) insert
 * nothing. A concurrent insert waits for the first to commit, then inserts nothing. Answers the row
 * inserted, or null.
 */
export async function insertRewardOnce(
  executor: Executor,
  values: Omit<typeof referralRewards.$inferInsert, 'id'>,
): Promise<ReferralRewardRow | null> {
  const [row] = await executor
    .insert(referralRewards)
    .values({ id: uuidv7(values.decidedAt.getTime()), ...values })
    .onConflictDoNothing({ target: referralRewards.referredPartyId })
    .returning();
  return row ?? null;
}

export async function hasRewardFor(executor: Executor, referredPartyId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: referralRewards.id })
    .from(referralRewards)
    .where(eq(referralRewards.referredPartyId, referredPartyId))
    .limit(1);
  return row !== undefined;
}

export async function setRewardSubscription(
  executor: Executor,
  rewardId: string,
  subscriptionId: string,
): Promise<void> {
  await executor.update(referralRewards).set({ subscriptionId }).where(eq(referralRewards.id, rewardId));
}

/** The reward an order decided, locked for the refund that changes it. */
export async function lockRewardOfOrder(
  executor: Executor,
  orderId: string,
): Promise<ReferralRewardRow | null> {
  const [row] = await executor
    .select()
    .from(referralRewards)
    .where(eq(referralRewards.orderId, orderId))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function updateRewardAfterRefund(
  executor: Executor,
  rewardId: string,
  status: 'taken_back' | 'kept_after_refund',
  now: Date,
): Promise<void> {
  await executor
    .update(referralRewards)
    .set({
      status,
      refundedAt: now,
      referrerSeenAt: status === 'taken_back' ? null : sql`${referralRewards.referrerSeenAt}`,
    })
    .where(eq(referralRewards.id, rewardId));
}

/** Rewards granted to the referrer since `since` (taken back later or not: the cap counts grants). */
export async function countGrantsSince(
  executor: Executor,
  referrerPartyId: string,
  since: Date,
): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(referralRewards)
    .where(
      and(
        eq(referralRewards.referrerPartyId, referrerPartyId),
        inArray(referralRewards.status, ['granted', 'taken_back', 'kept_after_refund']),
        gte(referralRewards.decidedAt, since),
      ),
    );
  return row?.count ?? 0;
}

/** Every reward decided for people this person invited, newest first. */
export async function listRewardsOfReferrer(
  executor: Executor,
  referrerPartyId: string,
): Promise<ReferralRewardRow[]> {
  return executor
    .select()
    .from(referralRewards)
    .where(eq(referralRewards.referrerPartyId, referrerPartyId))
    .orderBy(desc(referralRewards.decidedAt), desc(referralRewards.id));
}

/** The reward decided for this invited person, if any. */
export async function findRewardOfReferred(
  executor: Executor,
  referredPartyId: string,
): Promise<ReferralRewardRow | null> {
  const [row] = await executor
    .select()
    .from(referralRewards)
    .where(eq(referralRewards.referredPartyId, referredPartyId))
    .limit(1);
  return row ?? null;
}

/** The referrer has seen the news of every reward so far. */
export async function markRewardsSeen(executor: Executor, referrerPartyId: string, now: Date): Promise<void> {
  await executor
    .update(referralRewards)
    .set({ referrerSeenAt: now })
    .where(and(eq(referralRewards.referrerPartyId, referrerPartyId), isNull(referralRewards.referrerSeenAt)));
}

/** The cards (type and masked number) a party has paid orders with. */
export async function cardsOfParty(executor: Executor, partyId: string): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ card: orders.paidWithCard })
    .from(orders)
    .where(and(eq(orders.partyId, partyId), isNotNull(orders.paidWithCard)));
  return rows.flatMap((row) => (row.card ? [row.card] : []));
}

/** Whether the party had a registration or subscription paid with money before this order. */
export async function hasEarlierPaidRegistration(
  executor: Executor,
  partyId: string,
  orderId: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.partyId, partyId),
        ne(orders.id, orderId),
        isNotNull(orders.paidAt),
        sql`${orders.totalMinor} > 0`,
        inArray(orderLines.kind, ['registration', 'subscription']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Takes a reward's credit back while it is free: the credit deleted, the subscription ended. Answers
 * whether a free credit was taken; a credit on a bike (or being put on one) stays.
 */
export async function takeBackFreeCredit(
  executor: Executor,
  subscriptionId: string,
  now: Date,
): Promise<boolean> {
  const taken = await executor
    .delete(bikeOwnershipCredits)
    .where(
      and(
        eq(bikeOwnershipCredits.subscriptionId, subscriptionId),
        isNull(bikeOwnershipCredits.bikeOwnershipId),
      ),
    )
    .returning({ id: bikeOwnershipCredits.id });
  if (taken.length === 0) return false;
  await executor
    .update(subscriptions)
    .set({ currentPeriodEnd: now })
    .where(eq(subscriptions.id, subscriptionId));
  return true;
}
