import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeOwnerships } from '../../db/schema/bikes.ts';
import { ownershipRequests, ownershipTransfers, ownershipVerifications } from '../../db/schema/ownership.ts';

export type TransferRow = typeof ownershipTransfers.$inferSelect;
export type TransferInsert = typeof ownershipTransfers.$inferInsert;
export type TransferChanges = Partial<Omit<TransferInsert, 'id' | 'createdAt'>>;
export type RequestRow = typeof ownershipRequests.$inferSelect;
export type RequestInsert = typeof ownershipRequests.$inferInsert;
export type RequestChanges = Partial<Omit<RequestInsert, 'id' | 'createdAt'>>;
export type VerificationRow = typeof ownershipVerifications.$inferSelect;
export type VerificationInsert = typeof ownershipVerifications.$inferInsert;
export type VerificationChanges = Partial<Omit<VerificationInsert, 'id' | 'createdAt'>>;

const PENDING_TRANSFER_INDEX = 'ownership_transfers_pending_bike_key';
const OPEN_REQUEST_INDEX = 'ownership_requests_open_key';

function uniqueViolation(error: unknown): { constraint?: unknown } | null {
  for (
    let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    current;
  ) {
    if (current.code === '23505') return current;
    current = current.cause as typeof current;
  }
  return null;
}

/** Two offers of one bike at once: the partial unique index lets only one be pending. */
export function isPendingTransferTaken(error: unknown): boolean {
  return uniqueViolation(error)?.constraint === PENDING_TRANSFER_INDEX;
}

/** Two open requests of one person for one bike at once. */
export function isOpenRequestTaken(error: unknown): boolean {
  return uniqueViolation(error)?.constraint === OPEN_REQUEST_INDEX;
}

// --- transfers -------------------------------------------------------------------------------------

export async function insertTransfer(executor: Executor, values: TransferInsert): Promise<TransferRow> {
  const [row] = await executor.insert(ownershipTransfers).values(values).returning();
  if (!row) throw new Error('insert into ownership_transfers returned no row');
  return row;
}

export async function findTransfer(
  executor: Executor,
  transferId: string,
  lock = false,
): Promise<TransferRow | null> {
  const query = executor.select().from(ownershipTransfers).where(eq(ownershipTransfers.id, transferId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findTransferByCodeHash(
  executor: Executor,
  codeHash: string,
): Promise<TransferRow | null> {
  const [row] = await executor
    .select()
    .from(ownershipTransfers)
    .where(eq(ownershipTransfers.codeHash, codeHash));
  return row ?? null;
}

export async function updateTransfer(
  executor: Executor,
  transferId: string,
  changes: TransferChanges,
): Promise<TransferRow> {
  const [row] = await executor
    .update(ownershipTransfers)
    .set(changes)
    .where(eq(ownershipTransfers.id, transferId))
    .returning();
  if (!row) throw new Error('update of ownership_transfers returned no row');
  return row;
}

/** Pending offers of a bike whose time ran out are written down as expired. */
export async function expireLapsedTransfersOfBike(executor: Executor, bikeId: string, now: Date) {
  return executor
    .update(ownershipTransfers)
    .set({ status: 'expired', decidedAt: now })
    .where(
      and(
        eq(ownershipTransfers.bikeId, bikeId),
        eq(ownershipTransfers.status, 'pending'),
        lte(ownershipTransfers.expiresAt, now),
      ),
    )
    .returning();
}

/**
 * Whether a bike has a pending offer. Not locking: an acceptance takes the bike's lock before its
 * transfer's, and the caller holds the bike; the unique index decides a race between two new offers.
 */
export async function hasPendingTransfer(executor: Executor, bikeId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: ownershipTransfers.id })
    .from(ownershipTransfers)
    .where(and(eq(ownershipTransfers.bikeId, bikeId), eq(ownershipTransfers.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/** How many offers went to this address since `since`, from anyone (each one mailed it). */
export async function countOffersToAddressSince(
  executor: Executor,
  email: string,
  since: Date,
): Promise<number> {
  const [row] = await executor
    .select({ offers: count() })
    .from(ownershipTransfers)
    .where(and(eq(ownershipTransfers.recipientEmail, email), gt(ownershipTransfers.createdAt, since)));
  return row?.offers ?? 0;
}

/** The pending offers of a bike, locked (at most one, by the unique index). */
export async function lockPendingTransfersOfBike(executor: Executor, bikeId: string): Promise<TransferRow[]> {
  return executor
    .select()
    .from(ownershipTransfers)
    .where(and(eq(ownershipTransfers.bikeId, bikeId), eq(ownershipTransfers.status, 'pending')))
    .for('update');
}

/** Transfers the party sends or receives, newest first. */
export async function listTransfersOfParty(executor: Executor, partyId: string): Promise<TransferRow[]> {
  return executor
    .select()
    .from(ownershipTransfers)
    .where(
      or(eq(ownershipTransfers.senderPartyId, partyId), eq(ownershipTransfers.recipientPartyId, partyId)),
    )
    .orderBy(desc(ownershipTransfers.createdAt), desc(ownershipTransfers.id));
}

/** Pending offers made to an address nobody has been bound to yet, locked. */
export async function lockUnboundTransfersTo(executor: Executor, email: string): Promise<TransferRow[]> {
  return executor
    .select()
    .from(ownershipTransfers)
    .where(
      and(
        eq(ownershipTransfers.recipientEmail, email),
        isNull(ownershipTransfers.recipientPartyId),
        eq(ownershipTransfers.status, 'pending'),
      ),
    )
    .orderBy(asc(ownershipTransfers.createdAt))
    .for('update');
}

// --- requests --------------------------------------------------------------------------------------

export async function insertRequest(executor: Executor, values: RequestInsert): Promise<RequestRow> {
  const [row] = await executor.insert(ownershipRequests).values(values).returning();
  if (!row) throw new Error('insert into ownership_requests returned no row');
  return row;
}

export async function findRequest(
  executor: Executor,
  requestId: string,
  lock = false,
): Promise<RequestRow | null> {
  const query = executor.select().from(ownershipRequests).where(eq(ownershipRequests.id, requestId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateRequest(
  executor: Executor,
  requestId: string,
  changes: RequestChanges,
): Promise<RequestRow> {
  const [row] = await executor
    .update(ownershipRequests)
    .set(changes)
    .where(eq(ownershipRequests.id, requestId))
    .returning();
  if (!row) throw new Error('update of ownership_requests returned no row');
  return row;
}

/** The requester's open or offered request of a bike, if any. */
export async function findLiveRequestOf(
  executor: Executor,
  bikeId: string,
  requesterPartyId: string,
): Promise<RequestRow | null> {
  const [row] = await executor
    .select()
    .from(ownershipRequests)
    .where(
      and(
        eq(ownershipRequests.bikeId, bikeId),
        eq(ownershipRequests.requesterPartyId, requesterPartyId),
        inArray(ownershipRequests.status, ['open', 'offered']),
      ),
    );
  return row ?? null;
}

/** Every open or offered request of a bike, locked. */
export async function lockLiveRequestsOfBike(executor: Executor, bikeId: string): Promise<RequestRow[]> {
  return executor
    .select()
    .from(ownershipRequests)
    .where(and(eq(ownershipRequests.bikeId, bikeId), inArray(ownershipRequests.status, ['open', 'offered'])))
    .orderBy(asc(ownershipRequests.id))
    .for('update');
}

/** Requests the party made or received, newest first. */
export async function listRequestsOfParty(executor: Executor, partyId: string): Promise<RequestRow[]> {
  return executor
    .select()
    .from(ownershipRequests)
    .where(or(eq(ownershipRequests.requesterPartyId, partyId), eq(ownershipRequests.ownerPartyId, partyId)))
    .orderBy(desc(ownershipRequests.createdAt), desc(ownershipRequests.id));
}

// --- verifications ---------------------------------------------------------------------------------

export async function findVerificationOfOwnership(
  executor: Executor,
  ownershipId: string,
  lock = false,
): Promise<VerificationRow | null> {
  const query = executor
    .select()
    .from(ownershipVerifications)
    .where(eq(ownershipVerifications.ownershipId, ownershipId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findVerification(
  executor: Executor,
  verificationId: string,
  lock = false,
): Promise<VerificationRow | null> {
  const query = executor
    .select()
    .from(ownershipVerifications)
    .where(eq(ownershipVerifications.id, verificationId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Creates the ownership's verification row unless one exists (two first edits at once make one). */
export async function insertVerificationIfMissing(
  executor: Executor,
  values: VerificationInsert,
): Promise<void> {
  await executor.insert(ownershipVerifications).values(values).onConflictDoNothing();
}

export async function updateVerification(
  executor: Executor,
  verificationId: string,
  changes: VerificationChanges,
): Promise<VerificationRow> {
  const [row] = await executor
    .update(ownershipVerifications)
    .set(changes)
    .where(eq(ownershipVerifications.id, verificationId))
    .returning();
  if (!row) throw new Error('update of ownership_verifications returned no row');
  return row;
}

/** The staff queue with the owner of each verification's ownership. */
export async function listSubmittedVerificationsWithOwner(
  executor: Executor,
  limit: number,
): Promise<Array<{ verification: VerificationRow; ownerPartyId: string }>> {
  return executor
    .select({ verification: ownershipVerifications, ownerPartyId: bikeOwnerships.ownerPartyId })
    .from(ownershipVerifications)
    .innerJoin(bikeOwnerships, eq(bikeOwnerships.id, ownershipVerifications.ownershipId))
    .where(eq(ownershipVerifications.status, 'submitted'))
    .orderBy(asc(ownershipVerifications.submittedAt), asc(ownershipVerifications.id))
    .limit(limit);
}

export async function findOwnerOfOwnership(executor: Executor, ownershipId: string): Promise<string | null> {
  const [row] = await executor
    .select({ ownerPartyId: bikeOwnerships.ownerPartyId })
    .from(bikeOwnerships)
    .where(eq(bikeOwnerships.id, ownershipId));
  return row?.ownerPartyId ?? null;
}
