import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeOwnershipCredits, bikeOwnerships, bikes, subscriptions } from '../../db/schema/bikes.ts';
import { identities, parties } from '../../db/schema/identity.ts';
import { uuidv7 } from '../../platform/ids.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CreditRow = typeof bikeOwnershipCredits.$inferSelect;

/** A credit with the bike it is used on (null while free), for the credit list. */
export interface CreditWithBike extends CreditRow {
  externalSubscriptionId: string | null;
  bikeId: string | null;
  bikeNickname: string | null;
}

/** Credits of one subscription (null: credits granted outside any subscription). */
export interface CreditCount {
  subscriptionId: string | null;
  total: number;
  free: number;
}

/** PostgreSQL's unique_violation, as raised directly (pg) or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** What the legacy rule needs to know of a party: is it a person, and since when. */
export async function findPersonFacts(
  executor: Executor,
  partyId: string,
): Promise<{ signedUpAt: Date; partyCreatedAt: Date } | null> {
  const [row] = await executor
    .select({ signedUpAt: identities.signedUpAt, partyCreatedAt: parties.createdAt })
    .from(parties)
    .innerJoin(identities, eq(identities.partyId, parties.id))
    .where(and(eq(parties.id, partyId), isNull(parties.deletedAt)));
  return row ?? null;
}

/**
 * Serialises work on one party's credits (creating its legacy grant once). NO KEY UPDATE, so rows
 * that merely reference the party (a new bike) are not blocked by it.
 */
export async function lockParty(executor: Executor, partyId: string): Promise<void> {
  await executor.select({ id: parties.id }).from(parties).where(eq(parties.id, partyId)).for('no key update');
}

export async function listSubscriptions(executor: Executor, partyId: string): Promise<SubscriptionRow[]> {
  return executor
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.partyId, partyId))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
}

export async function hasSubscriptionFrom(
  executor: Executor,
  partyId: string,
  source: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.partyId, partyId), eq(subscriptions.source, source)))
    .limit(1);
  return row !== undefined;
}

/** Inserts a subscription and `count` free credits in it; answers the subscription's id. */
export async function insertSubscriptionWithCredits(
  executor: Executor,
  values: {
    partyId: string;
    plan: string;
    currentPeriodEnd: Date | null;
    source: string;
    externalId?: string | null;
    orderId?: string | null;
    count: number;
    now: Date;
  },
): Promise<string> {
  const id = uuidv7(values.now.getTime());
  await executor.insert(subscriptions).values({
    id,
    partyId: values.partyId,
    plan: values.plan,
    currentPeriodEnd: values.currentPeriodEnd,
    externalId: values.externalId ?? null,
    orderId: values.orderId ?? null,
    source: values.source,
    createdAt: values.now,
  });
  if (values.count > 0) {
    await executor.insert(bikeOwnershipCredits).values(
      Array.from({ length: values.count }, () => ({
        id: uuidv7(values.now.getTime()),
        partyId: values.partyId,
        subscriptionId: id,
        createdOn: values.now,
        modifiedOn: values.now,
      })),
    );
  }
  return id;
}

/** Total and free credits of a party per subscription. */
export async function countCredits(executor: Executor, partyId: string): Promise<CreditCount[]> {
  const rows = await executor
    .select({
      subscriptionId: bikeOwnershipCredits.subscriptionId,
      total: sql<number>`count(*)::int`,
      free: sql<number>`(count(*) filter (where ${bikeOwnershipCredits.bikeOwnershipId} is null))::int`,
    })
    .from(bikeOwnershipCredits)
    .where(eq(bikeOwnershipCredits.partyId, partyId))
    .groupBy(bikeOwnershipCredits.subscriptionId);
  return rows;
}

/**
 * Takes the party's oldest free credit among the given subscriptions (and credits outside any)
 * for the ownership. SKIP LOCKED: a credit another transaction is taking right now is passed over,
 * and the conditional update means one credit can never end on two ownerships.
 */
export async function claimFreeCredit(
  executor: Executor,
  input: {
    partyId: string;
    subscriptionIds: string[];
    includeLoose: boolean;
    ownershipId: string;
    now: Date;
  },
): Promise<string | null> {
  const bySubscription = [
    ...(input.subscriptionIds.length > 0
      ? [inArray(bikeOwnershipCredits.subscriptionId, input.subscriptionIds)]
      : []),
    ...(input.includeLoose ? [isNull(bikeOwnershipCredits.subscriptionId)] : []),
  ];
  if (bySubscription.length === 0) return null;
  const [candidate] = await executor
    .select({ id: bikeOwnershipCredits.id })
    .from(bikeOwnershipCredits)
    .where(
      and(
        eq(bikeOwnershipCredits.partyId, input.partyId),
        isNull(bikeOwnershipCredits.bikeOwnershipId),
        or(...bySubscription),
      ),
    )
    .orderBy(asc(bikeOwnershipCredits.createdOn), asc(bikeOwnershipCredits.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!candidate) return null;
  const updated = await executor
    .update(bikeOwnershipCredits)
    .set({ bikeOwnershipId: input.ownershipId, modifiedOn: input.now })
    .where(and(eq(bikeOwnershipCredits.id, candidate.id), isNull(bikeOwnershipCredits.bikeOwnershipId)))
    .returning({ id: bikeOwnershipCredits.id });
  return updated[0]?.id ?? null;
}

const creditWithBikeColumns = {
  id: bikeOwnershipCredits.id,
  partyId: bikeOwnershipCredits.partyId,
  subscriptionId: bikeOwnershipCredits.subscriptionId,
  bikeOwnershipId: bikeOwnershipCredits.bikeOwnershipId,
  createdOn: bikeOwnershipCredits.createdOn,
  modifiedOn: bikeOwnershipCredits.modifiedOn,
  externalSubscriptionId: subscriptions.externalId,
  bikeId: bikes.id,
  bikeNickname: bikes.nickname,
};

/** The party's credits, newest first, with the bike each used one is on. */
export async function listCredits(executor: Executor, partyId: string): Promise<CreditWithBike[]> {
  return executor
    .select(creditWithBikeColumns)
    .from(bikeOwnershipCredits)
    .leftJoin(subscriptions, eq(subscriptions.id, bikeOwnershipCredits.subscriptionId))
    .leftJoin(bikeOwnerships, eq(bikeOwnerships.id, bikeOwnershipCredits.bikeOwnershipId))
    .leftJoin(bikes, eq(bikes.id, bikeOwnerships.bikeId))
    .where(eq(bikeOwnershipCredits.partyId, partyId))
    .orderBy(desc(bikeOwnershipCredits.createdOn), desc(bikeOwnershipCredits.id));
}

export async function findCredit(
  executor: Executor,
  creditId: string,
  lock = false,
): Promise<CreditWithBike | null> {
  const query = executor
    .select(creditWithBikeColumns)
    .from(bikeOwnershipCredits)
    .leftJoin(subscriptions, eq(subscriptions.id, bikeOwnershipCredits.subscriptionId))
    .leftJoin(bikeOwnerships, eq(bikeOwnerships.id, bikeOwnershipCredits.bikeOwnershipId))
    .leftJoin(bikes, eq(bikes.id, bikeOwnerships.bikeId))
    .where(eq(bikeOwnershipCredits.id, creditId));
  const [row] = lock ? await query.for('update', { of: bikeOwnershipCredits }) : await query;
  return row ?? null;
}

/** An open ownership (the current owner's) of a bike, with its owner. */
export async function findOpenOwnership(
  executor: Executor,
  ownershipId: string,
): Promise<{ id: string; ownerPartyId: string; bikeId: string } | null> {
  const [row] = await executor
    .select({
      id: bikeOwnerships.id,
      ownerPartyId: bikeOwnerships.ownerPartyId,
      bikeId: bikeOwnerships.bikeId,
    })
    .from(bikeOwnerships)
    .where(and(eq(bikeOwnerships.id, ownershipId), isNull(bikeOwnerships.endedAt)));
  return row ?? null;
}

export async function findCreditOfOwnership(executor: Executor, ownershipId: string): Promise<string | null> {
  const [row] = await executor
    .select({ id: bikeOwnershipCredits.id })
    .from(bikeOwnershipCredits)
    .where(eq(bikeOwnershipCredits.bikeOwnershipId, ownershipId));
  return row?.id ?? null;
}

/** Attaches a free credit; false when it was no longer free. */
export async function attachCredit(
  executor: Executor,
  creditId: string,
  ownershipId: string,
  now: Date,
): Promise<boolean> {
  const rows = await executor
    .update(bikeOwnershipCredits)
    .set({ bikeOwnershipId: ownershipId, modifiedOn: now })
    .where(and(eq(bikeOwnershipCredits.id, creditId), isNull(bikeOwnershipCredits.bikeOwnershipId)))
    .returning({ id: bikeOwnershipCredits.id });
  return rows.length === 1;
}

/** The party of an account by its e-mail (the development credit grant). */
export async function findPartyByEmail(executor: Executor, email: string): Promise<string | null> {
  const [row] = await executor
    .select({ partyId: identities.partyId })
    .from(identities)
    .where(and(eq(identities.email, email), isNull(identities.deletedAt)));
  return row?.partyId ?? null;
}

/** Frees the credit an ownership holds (none: nothing happens). */
export async function detachCreditOfOwnership(
  executor: Executor,
  ownershipId: string,
  now: Date,
): Promise<void> {
  await executor
    .update(bikeOwnershipCredits)
    .set({ bikeOwnershipId: null, modifiedOn: now })
    .where(eq(bikeOwnershipCredits.bikeOwnershipId, ownershipId));
}

/** The party's newest subscription held at the card provider (external id), if any. */
export async function findLatestProviderSubscription(
  executor: Executor,
  partyId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.partyId, partyId), isNotNull(subscriptions.externalId)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

/** Follows the provider's period of a subscription (renewal, expiry); false when it is not ours. */
export async function setPeriodEndByExternalId(
  executor: Executor,
  externalId: string,
  periodEnd: Date,
): Promise<boolean> {
  const rows = await executor
    .update(subscriptions)
    .set({ currentPeriodEnd: periodEnd })
    .where(eq(subscriptions.externalId, externalId))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/** Adds `count` free credits to a subscription of the party. */
export async function insertCredits(
  executor: Executor,
  partyId: string,
  subscriptionId: string,
  count: number,
  now: Date,
): Promise<void> {
  await executor.insert(bikeOwnershipCredits).values(
    Array.from({ length: count }, () => ({
      id: uuidv7(now.getTime()),
      partyId,
      subscriptionId,
      createdOn: now,
      modifiedOn: now,
    })),
  );
}

/**
 * A refunded order gives back what it gave: the free credits of its subscription are removed and
 * the subscription's period ends now. Credits already on a bike stay (a registration never
 * disappears, SPEC §4).
 */
export async function withdrawCreditsOfOrder(executor: Executor, orderId: string, now: Date): Promise<void> {
  const rows = await executor
    .update(subscriptions)
    .set({ currentPeriodEnd: now })
    .where(eq(subscriptions.orderId, orderId))
    .returning({ id: subscriptions.id });
  for (const row of rows) {
    await executor
      .delete(bikeOwnershipCredits)
      .where(
        and(eq(bikeOwnershipCredits.subscriptionId, row.id), isNull(bikeOwnershipCredits.bikeOwnershipId)),
      );
  }
}

export async function lockSubscriptionByExternalId(
  executor: Executor,
  externalId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.externalId, externalId))
    .orderBy(asc(subscriptions.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function countCreditsOfSubscription(
  executor: Executor,
  subscriptionId: string,
): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(bikeOwnershipCredits)
    .where(eq(bikeOwnershipCredits.subscriptionId, subscriptionId));
  return row?.count ?? 0;
}
