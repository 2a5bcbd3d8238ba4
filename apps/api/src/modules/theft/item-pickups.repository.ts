import { and, asc, desc, eq, gte, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { itemPickups } from '../../db/schema/theft.ts';

export type PickupRow = typeof itemPickups.$inferSelect;

/** Closed pickups stay in the lists this long, at most CLOSED_LIMIT of them. */
const CLOSED_DAYS = 90;
const CLOSED_LIMIT = 20;

export async function insertPickup(
  executor: Executor,
  values: typeof itemPickups.$inferInsert,
): Promise<PickupRow> {
  const [row] = await executor.insert(itemPickups).values(values).returning();
  if (!row) throw new Error('inserting a pickup returned nothing');
  return row;
}

/** The one waiting pickup of a bike (unique index), if any. */
export async function findWaitingPickupOfBike(executor: Executor, bikeId: string): Promise<PickupRow | null> {
  const [row] = await executor
    .select()
    .from(itemPickups)
    .where(and(eq(itemPickups.bikeId, bikeId), eq(itemPickups.status, 'waiting')));
  return row ?? null;
}

/** A pickup the party is the owner or the holder of; `lock` holds it FOR UPDATE. */
export async function findPickupOfParty(
  executor: Executor,
  pickupId: string,
  partyId: string,
  lock = false,
): Promise<PickupRow | null> {
  const query = executor
    .select()
    .from(itemPickups)
    .where(
      and(
        eq(itemPickups.id, pickupId),
        or(eq(itemPickups.ownerPartyId, partyId), eq(itemPickups.holderPartyId, partyId)),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The pickups of one side (`owner` or `holder`): every waiting one, soonest last day first, then the
 * recently closed ones, newest first.
 */
export async function listPickups(
  executor: Executor,
  side: 'owner' | 'holder',
  partyId: string,
  now: Date,
): Promise<PickupRow[]> {
  const column = side === 'owner' ? itemPickups.ownerPartyId : itemPickups.holderPartyId;
  const waiting = await executor
    .select()
    .from(itemPickups)
    .where(and(eq(column, partyId), eq(itemPickups.status, 'waiting')))
    .orderBy(asc(itemPickups.collectUntil), asc(itemPickups.id));
  const closed = await executor
    .select()
    .from(itemPickups)
    .where(
      and(
        eq(column, partyId),
        ne(itemPickups.status, 'waiting'),
        gte(itemPickups.closedAt, new Date(now.getTime() - CLOSED_DAYS * 86_400_000)),
      ),
    )
    .orderBy(desc(itemPickups.closedAt), desc(itemPickups.id))
    .limit(CLOSED_LIMIT);
  return [...waiting, ...closed];
}

/** Closes a waiting pickup; answers the row, or null when it was no longer waiting. */
export async function closePickup(
  executor: Executor,
  pickupId: string,
  status: 'collected' | 'cancelled' | 'released',
  at: Date,
): Promise<PickupRow | null> {
  const [row] = await executor
    .update(itemPickups)
    .set({ status, closedAt: at })
    .where(and(eq(itemPickups.id, pickupId), eq(itemPickups.status, 'waiting')))
    .returning();
  return row ?? null;
}

/** Whether an insert lost the race for a bike's one waiting pickup (the unique index). */
export function isWaitingPickupTaken(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    current;
  ) {
    if (current.code === '23505')
      return current.constraint === undefined || current.constraint === 'item_pickups_waiting_key';
    current = current.cause as typeof current;
  }
  return false;
}

/** Sets the pickup's photo; answers the stored key it replaces, if any. */
export async function setPhoto(executor: Executor, pickupId: string, storageKey: string): Promise<PickupRow> {
  const [row] = await executor
    .update(itemPickups)
    .set({ photoStorageKey: storageKey })
    .where(eq(itemPickups.id, pickupId))
    .returning();
  if (!row) throw new Error('setting a pickup photo updated nothing');
  return row;
}

export async function findPickupById(executor: Executor, pickupId: string): Promise<PickupRow | null> {
  const [row] = await executor.select().from(itemPickups).where(eq(itemPickups.id, pickupId));
  return row ?? null;
}

/** The stored photos of every pickup of these bikes (removed with the bikes). */
export async function photoKeysOfBikes(executor: Executor, bikeIds: readonly string[]): Promise<string[]> {
  if (bikeIds.length === 0) return [];
  const rows = await executor
    .select({ key: itemPickups.photoStorageKey })
    .from(itemPickups)
    .where(and(inArray(itemPickups.bikeId, [...bikeIds]), isNotNull(itemPickups.photoStorageKey)));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}
