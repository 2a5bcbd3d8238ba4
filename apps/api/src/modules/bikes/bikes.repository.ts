import { CONFUSABLES } from '@nbr/domain/identifiers';
import { and, asc, desc, eq, inArray, isNull, ne, not, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeFiles, bikeOwnerships, bikes } from '../../db/schema/bikes.ts';
import { identities } from '../../db/schema/identity.ts';
import { organisations } from '../../db/schema/organisations.ts';

export type BikeRow = typeof bikes.$inferSelect;
export type BikeInsert = typeof bikes.$inferInsert;
export type BikeChanges = Partial<Omit<BikeInsert, 'id' | 'ownerPartyId' | 'createdAt'>>;

/** A bike with its open ownership (null only if the history were broken). */
export interface BikeWithOwnership {
  bike: BikeRow;
  ownershipId: string | null;
}

/** The unique index that makes a normalised frame number unique among registered bikes. */
const FRAME_NUMBER_INDEX = 'bikes_frame_number_key';

function pgError(error: unknown): { code?: unknown; constraint?: unknown } | null {
  for (
    let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    current;
  ) {
    if (current.code === '23505') return current;
    current = current.cause as typeof current;
  }
  return null;
}

/** A unique_violation of the frame-number index (two registrations of one frame number at once). */
export function isFrameNumberTaken(error: unknown): boolean {
  return pgError(error)?.constraint === FRAME_NUMBER_INDEX;
}

/** The region a party lives in: the person's, or the organisation's. */
export async function findRegionOfParty(executor: Executor, partyId: string): Promise<string | null> {
  const [person] = await executor
    .select({ region: identities.region })
    .from(identities)
    .where(eq(identities.partyId, partyId));
  if (person) return person.region;
  const [organisation] = await executor
    .select({ region: organisations.region })
    .from(organisations)
    .where(eq(organisations.partyId, partyId));
  return organisation?.region ?? null;
}

export async function insertBike(executor: Executor, values: BikeInsert): Promise<BikeRow> {
  const [row] = await executor.insert(bikes).values(values).returning();
  if (!row) throw new Error('insert into bikes returned no row');
  return row;
}

export async function insertOwnership(
  executor: Executor,
  values: typeof bikeOwnerships.$inferInsert,
): Promise<void> {
  await executor.insert(bikeOwnerships).values(values);
}

const withOwnership = { bike: bikes, ownershipId: bikeOwnerships.id };

export async function findBike(
  executor: Executor,
  bikeId: string,
  lock = false,
): Promise<BikeWithOwnership | null> {
  const query = executor
    .select(withOwnership)
    .from(bikes)
    .leftJoin(bikeOwnerships, and(eq(bikeOwnerships.bikeId, bikes.id), isNull(bikeOwnerships.endedAt)))
    .where(eq(bikes.id, bikeId));
  const [row] = lock ? await query.for('update', { of: bikes }) : await query;
  return row ?? null;
}

/** The bikes a party owns, newest first. */
export async function listBikesOfOwner(executor: Executor, partyId: string): Promise<BikeWithOwnership[]> {
  return executor
    .select(withOwnership)
    .from(bikes)
    .leftJoin(bikeOwnerships, and(eq(bikeOwnerships.bikeId, bikes.id), isNull(bikeOwnerships.endedAt)))
    .where(eq(bikes.ownerPartyId, partyId))
    .orderBy(desc(bikes.createdAt), desc(bikes.id));
}

/** Whether another bike than `exceptBikeId` has this normalised frame number. */
export async function findBikesByIds(executor: Executor, bikeIds: readonly string[]): Promise<BikeRow[]> {
  if (bikeIds.length === 0) return [];
  return executor
    .select()
    .from(bikes)
    .where(inArray(bikes.id, [...bikeIds]));
}

export async function isFrameNumberKeyUsed(
  executor: Executor,
  key: string,
  exceptBikeId: string | null,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: bikes.id })
    .from(bikes)
    .where(
      exceptBikeId
        ? and(eq(bikes.frameNumberKey, key), ne(bikes.id, exceptBikeId))
        : eq(bikes.frameNumberKey, key),
    )
    .limit(1);
  return row !== undefined;
}

/** The look-alike letters of other scripts and the Latin ones they fold to, as translate() takes them. */
const CONFUSABLE_LETTERS = Object.keys(CONFUSABLES).join('');
const LATIN_LETTERS = Object.values(CONFUSABLES).join('');

export interface FrameNumberCopy {
  bikeId: string;
  frameNumber: string | null;
  frameNumberKey: string | null;
  foldedKey: string;
  status: string;
  ownerPartyId: string;
  ownerEmail: string | null;
  createdAt: Date;
}

/**
 * The bikes whose frame-number key, folded as identifiers are folded today, is the folded key of a
 * bike that still holds look-alike letters: the copies migration 0011 could not fold, each beside
 * the bikes it collides with, grouped by folded key, oldest first. A lone copy is in it too; the
 * service keeps only keys several bikes share.
 */
export async function findFrameNumberCopies(executor: Executor): Promise<FrameNumberCopy[]> {
  const folded = sql<string>`translate(${bikes.frameNumberKey}, ${CONFUSABLE_LETTERS}, ${LATIN_LETTERS})`;
  const keysWithLookAlikes = executor
    .selectDistinct({ key: folded })
    .from(bikes)
    .where(sql`${bikes.frameNumberKey} ~ ${`[${CONFUSABLE_LETTERS}]`}`);
  return executor
    .select({
      bikeId: bikes.id,
      frameNumber: bikes.frameNumber,
      frameNumberKey: bikes.frameNumberKey,
      foldedKey: folded,
      status: bikes.status,
      ownerPartyId: bikes.ownerPartyId,
      ownerEmail: identities.email,
      createdAt: bikes.createdAt,
    })
    .from(bikes)
    .leftJoin(identities, eq(identities.partyId, bikes.ownerPartyId))
    .where(sql`${folded} IN ${keysWithLookAlikes}`)
    .orderBy(asc(folded), asc(bikes.createdAt), asc(bikes.id));
}

export async function updateBike(executor: Executor, bikeId: string, changes: BikeChanges): Promise<BikeRow> {
  const [row] = await executor.update(bikes).set(changes).where(eq(bikes.id, bikeId)).returning();
  if (!row) throw new Error('update of bikes returned no row');
  return row;
}

/** Deletes the bike; its ownerships, equipment and file rows go with it (cascades). */
export async function deleteBike(executor: Executor, bikeId: string): Promise<void> {
  await executor.delete(bikes).where(eq(bikes.id, bikeId));
}

/** Ids of every bike a party owns, locked (account deletion). */
export async function lockBikeIdsOfOwner(executor: Executor, partyId: string): Promise<string[]> {
  const rows = await executor
    .select({ id: bikes.id })
    .from(bikes)
    .where(eq(bikes.ownerPartyId, partyId))
    .for('update');
  return rows.map((row) => row.id);
}

/**
 * What the bike policy decides on; null when there is no such bike. `lock` holds the bike row for
 * the rest of the transaction: `share` keeps it from being deleted meanwhile (adding an item),
 * `update` also serialises writers (counting a bike's files before adding one).
 */
export async function findBikeFacts(
  executor: Executor,
  bikeId: string,
  lock: 'share' | 'update' | null = null,
): Promise<{ ownerPartyId: string; visibility: string; status: string } | null> {
  const query = executor
    .select({ ownerPartyId: bikes.ownerPartyId, visibility: bikes.visibility, status: bikes.status })
    .from(bikes)
    .where(eq(bikes.id, bikeId));
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

// --- ownership moves (the ownership module, through bikes.service) ---------------------------------

/** Ends the open ownership; false when it was not open any more. */
export async function endOwnership(executor: Executor, ownershipId: string, at: Date): Promise<boolean> {
  const rows = await executor
    .update(bikeOwnerships)
    .set({ endedAt: at })
    .where(and(eq(bikeOwnerships.id, ownershipId), isNull(bikeOwnerships.endedAt)))
    .returning({ id: bikeOwnerships.id });
  return rows.length === 1;
}

/** The private pictures of a bike (and of its equipment): the owner's own, they do not follow the bike. */
export async function deletePrivatePictures(executor: Executor, bikeId: string) {
  return executor
    .delete(bikeFiles)
    .where(
      and(eq(bikeFiles.bikeId, bikeId), eq(bikeFiles.fileClass, 'picture'), eq(bikeFiles.kind, 'private')),
    )
    .returning({ storageKey: bikeFiles.storageKey, thumbnailKey: bikeFiles.thumbnailKey });
}

/** Every file this party uploaded except bikes' public pictures (which stay with the bike). */
export async function deleteNonPublicFilesUploadedBy(executor: Executor, partyId: string) {
  return executor
    .delete(bikeFiles)
    .where(
      and(
        eq(bikeFiles.uploadedByPartyId, partyId),
        not(
          and(
            eq(bikeFiles.fileClass, 'picture'),
            eq(bikeFiles.kind, 'public'),
            isNull(bikeFiles.equipmentId),
          ) as SQL,
        ),
      ),
    )
    .returning({ storageKey: bikeFiles.storageKey, thumbnailKey: bikeFiles.thumbnailKey });
}

/**
 * One file of a bike by id, whatever its class, that this party uploaded; null when it belongs to
 * another bike, to none, or to someone else (an earlier owner's receipt is never the new owner's).
 */
export async function findFileOfBikeUploadedBy(
  executor: Executor,
  bikeId: string,
  uploadedByPartyId: string,
  fileId: string,
) {
  const [row] = await executor
    .select()
    .from(bikeFiles)
    .where(
      and(
        eq(bikeFiles.id, fileId),
        eq(bikeFiles.bikeId, bikeId),
        eq(bikeFiles.uploadedByPartyId, uploadedByPartyId),
      ),
    );
  return row ?? null;
}

export async function findFilesByIds(executor: Executor, fileIds: readonly string[]) {
  if (fileIds.length === 0) return [];
  return executor
    .select()
    .from(bikeFiles)
    .where(inArray(bikeFiles.id, [...fileIds]));
}

/** The new owner after a transfer: frame number locked from now on, owner verification starts over. */
export async function setOwnerAfterTransfer(
  executor: Executor,
  bikeId: string,
  ownerPartyId: string,
  at: Date,
): Promise<void> {
  await executor
    .update(bikes)
    .set({
      ownerPartyId,
      // The nickname is the old owner's private name for the bike: the new owner starts from its make
      // and model (its frame number when it has neither), and may name it anew.
      nickname: sql`coalesce(nullif(trim(concat_ws(' ', ${bikes.brand}, ${bikes.model})), ''), ${bikes.frameNumber}, '')`,
      frameNumberLockedAt: at,
      ownerVerifiedAt: null,
      updatedAt: at,
    })
    .where(eq(bikes.id, bikeId));
}

/** The registered bike whose frame number has this normalised key, if any (any visibility). */
export async function findBikeIdByFrameNumberKey(executor: Executor, key: string): Promise<string | null> {
  const [row] = await executor.select({ id: bikes.id }).from(bikes).where(eq(bikes.frameNumberKey, key));
  return row?.id ?? null;
}

/** A bike's ownership history in figures: when it was first registered and how many owners it has had. */
export async function ownershipHistoryOfBike(
  executor: Executor,
  bikeId: string,
): Promise<{ firstStartedAt: Date | null; owners: number }> {
  const [row] = await executor
    .select({
      firstStartedAt: sql<Date | string | null>`min(${bikeOwnerships.startedAt})`,
      owners: sql<number>`count(distinct ${bikeOwnerships.ownerPartyId})::int`,
    })
    .from(bikeOwnerships)
    .where(eq(bikeOwnerships.bikeId, bikeId));
  const first = row?.firstStartedAt ?? null;
  return { firstStartedAt: first === null ? null : new Date(first), owners: row?.owners ?? 0 };
}
