import { and, desc, eq, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikes, stickers } from '../../db/schema/bikes.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { foundBikeMatches, itemPickups, theftReports } from '../../db/schema/theft.ts';

/*
 * "Possibly yours" (issue 32 §2). Every read of candidates is an index lookup or a bounded range:
 * identifiers through bikes_frame_number_look_alike_idx and stickers_look_alike_idx (close serials
 * through close-serial.repository.ts), open reports by theft_reports_open_key, and the attribute
 * candidates by theft_reports_map_idx (a box around the place) or theft_reports_stolen_at_idx (the
 * time window), capped by a limit: nothing here reads a table whole.
 */

/** Stolen bikes whose frame number or sticker has this look-alike key (the exact key folds to it too). */
export async function findStolenBikeIdsByLookAlike(
  executor: Executor,
  keys: { frameLookAlike: string | null; stickerLookAlike: string | null },
): Promise<string[]> {
  const ids: string[] = [];
  if (keys.frameLookAlike) {
    const rows = await executor
      .select({ id: bikes.id })
      .from(bikes)
      .where(and(eq(bikes.frameNumberLookAlike, keys.frameLookAlike), eq(bikes.status, 'stolen')))
      .limit(50);
    ids.push(...rows.map((row) => row.id));
  }
  if (keys.stickerLookAlike) {
    const rows = await executor
      .select({ id: stickers.bikeId })
      .from(stickers)
      .where(and(eq(stickers.lookAlike, keys.stickerLookAlike), isNotNull(stickers.bikeId)))
      .limit(50);
    for (const row of rows) if (row.id) ids.push(row.id);
  }
  return ids;
}

/** How many reports the attribute search reads at most for one found item. */
const ATTRIBUTE_CANDIDATES = 200;

/**
 * Bikes of open reports that may look like the found one without an identifier in common: the same
 * brand, stolen within the window before the find, and near the place (a box of `boxDegrees`) or, without
 * a place, in the same region and of the same colour. Newest thefts first, at most ATTRIBUTE_CANDIDATES.
 */
export async function findStolenBikeIdsByLooks(
  executor: Executor,
  looks: {
    brand: string;
    colour: string | null;
    region: string | null;
    location: { latitude: number; longitude: number } | null;
    boxDegrees: { latitude: number; longitude: number };
    from: Date;
    until: Date;
  },
): Promise<string[]> {
  const place = looks.location
    ? and(
        gte(theftReports.publicLatitude, looks.location.latitude - looks.boxDegrees.latitude),
        lte(theftReports.publicLatitude, looks.location.latitude + looks.boxDegrees.latitude),
        gte(theftReports.publicLongitude, looks.location.longitude - looks.boxDegrees.longitude),
        lte(theftReports.publicLongitude, looks.location.longitude + looks.boxDegrees.longitude),
      )
    : and(
        looks.region ? eq(theftReports.region, looks.region) : undefined,
        looks.colour ? eq(bikes.color, looks.colour) : undefined,
      );
  const rows = await executor
    .select({ bikeId: theftReports.bikeId })
    .from(theftReports)
    .innerJoin(bikes, eq(bikes.id, theftReports.bikeId))
    .where(
      and(
        eq(theftReports.status, 'submitted'),
        gte(theftReports.stolenAt, looks.from),
        lte(theftReports.stolenAt, looks.until),
        place,
        sql`lower(${bikes.brand}) = lower(${looks.brand})`,
      ),
    )
    .orderBy(desc(theftReports.stolenAt))
    .limit(ATTRIBUTE_CANDIDATES);
  return rows.map((row) => row.bikeId);
}

export interface StolenBikeRow {
  reportId: string;
  bikeId: string;
  ownerPartyId: string;
  stolenAt: Date | null;
  latitude: number | null;
  longitude: number | null;
  frameNumber: string | null;
  frameKey: string | null;
  frameLookAlike: string | null;
  stickerKey: string | null;
  stickerLookAlike: string | null;
  nickname: string;
  brand: string | null;
  model: string | null;
  colour: string | null;
  category: string | null;
}

const stolenBikeColumns = {
  reportId: theftReports.id,
  bikeId: bikes.id,
  ownerPartyId: theftReports.ownerPartyId,
  stolenAt: theftReports.stolenAt,
  latitude: theftReports.publicLatitude,
  longitude: theftReports.publicLongitude,
  frameNumber: bikes.frameNumber,
  frameKey: bikes.frameNumberKey,
  frameLookAlike: bikes.frameNumberLookAlike,
  stickerKey: stickers.code,
  stickerLookAlike: stickers.lookAlike,
  nickname: bikes.nickname,
  brand: bikes.brand,
  model: bikes.model,
  colour: bikes.color,
  category: bikes.category,
};

/** The submitted (open) theft reports of these bikes, with what the rule compares. */
export function findOpenReportsOfBikes(executor: Executor, bikeIds: string[]): Promise<StolenBikeRow[]> {
  if (bikeIds.length === 0) return Promise.resolve([]);
  return executor
    .select(stolenBikeColumns)
    .from(theftReports)
    .innerJoin(bikes, eq(bikes.id, theftReports.bikeId))
    .leftJoin(stickers, eq(stickers.bikeId, bikes.id))
    .where(and(inArray(theftReports.bikeId, [...new Set(bikeIds)]), eq(theftReports.status, 'submitted')));
}

/** Theft reports by id, open or closed since (what our staff and the owner are shown of a candidate). */
export function findOpenOrClosedReports(executor: Executor, reportIds: string[]): Promise<StolenBikeRow[]> {
  if (reportIds.length === 0) return Promise.resolve([]);
  return executor
    .select(stolenBikeColumns)
    .from(theftReports)
    .innerJoin(bikes, eq(bikes.id, theftReports.bikeId))
    .leftJoin(stickers, eq(stickers.bikeId, bikes.id))
    .where(inArray(theftReports.id, [...new Set(reportIds)]));
}

export interface FoundPickupRow {
  pickupId: string;
  /** The registered bike; null for one the register does not know (its facts are the holder's). */
  bikeId: string | null;
  holderPartyId: string;
  foundOn: string | null;
  createdAt: Date;
  frameNumber: string | null;
  frameKey: string | null;
  frameLookAlike: string | null;
  stickerKey: string | null;
  stickerLookAlike: string | null;
  brand: string | null;
  colour: string | null;
  category: string | null;
  /** The bike's region, or for an unregistered bike the holding organisation's. */
  region: string | null;
  /** The typed identifier of an unregistered bike (keys are made from it); null otherwise. */
  foundIdentifier: string | null;
  model: string | null;
  isElectric: boolean | null;
  /** Where it was found, when the holder or the dock gave a point. */
  latitude: number | null;
  longitude: number | null;
}

/**
 * A pickup as a found item: the registered bike the finder or town named, with its identifiers and
 * looks, or an unregistered bike as its holder described it (issue 32 §2).
 */
export async function findFoundPickups(executor: Executor, pickupIds: string[]): Promise<FoundPickupRow[]> {
  if (pickupIds.length === 0) return [];
  return executor
    .select({
      pickupId: itemPickups.id,
      bikeId: bikes.id,
      holderPartyId: itemPickups.holderPartyId,
      foundOn: itemPickups.foundOn,
      createdAt: itemPickups.createdAt,
      frameNumber: bikes.frameNumber,
      frameKey: bikes.frameNumberKey,
      frameLookAlike: bikes.frameNumberLookAlike,
      stickerKey: stickers.code,
      stickerLookAlike: stickers.lookAlike,
      brand: sql<string | null>`coalesce(${bikes.brand}, ${itemPickups.foundBrand})`,
      colour: sql<string | null>`coalesce(${bikes.color}, ${itemPickups.foundColor})`,
      category: sql<string | null>`coalesce(${bikes.category}, ${itemPickups.foundCategory})`,
      region: sql<string | null>`coalesce(${bikes.region}, ${organisations.region})`,
      foundIdentifier: itemPickups.foundIdentifier,
      model: sql<string | null>`coalesce(${bikes.model}, ${itemPickups.foundModel})`,
      isElectric: sql<boolean | null>`coalesce(${bikes.isElectric}, ${itemPickups.foundIsElectric})`,
      latitude: itemPickups.foundLatitude,
      longitude: itemPickups.foundLongitude,
    })
    .from(itemPickups)
    .leftJoin(bikes, eq(bikes.id, itemPickups.bikeId))
    .leftJoin(stickers, eq(stickers.bikeId, bikes.id))
    .leftJoin(organisations, eq(organisations.partyId, itemPickups.holderPartyId))
    .where(inArray(itemPickups.id, pickupIds));
}

export type FoundMatchRow = typeof foundBikeMatches.$inferSelect;
export type NewFoundMatch = typeof foundBikeMatches.$inferInsert;

/** Stores candidates; one already stored for the same item and report is left as it is. Answers the new ones. */
export function insertMatches(executor: Executor, rows: NewFoundMatch[]): Promise<FoundMatchRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return executor
    .insert(foundBikeMatches)
    .values(rows)
    .onConflictDoNothing({ target: [foundBikeMatches.pickupId, foundBikeMatches.theftReportId] })
    .returning();
}

export async function markNotified(executor: Executor, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await executor.update(foundBikeMatches).set({ notifiedAt: at }).where(inArray(foundBikeMatches.id, ids));
}

export function findMatchesOfPickups(executor: Executor, pickupIds: string[]): Promise<FoundMatchRow[]> {
  if (pickupIds.length === 0) return Promise.resolve([]);
  return executor
    .select()
    .from(foundBikeMatches)
    .where(inArray(foundBikeMatches.pickupId, pickupIds))
    .orderBy(desc(foundBikeMatches.score), foundBikeMatches.createdAt);
}

/**
 * The found items (pickups) with candidates, newest first: the newest candidates by
 * found_bike_matches_created_idx (an item has at most FOUND_MATCH_LIMIT), never the whole table.
 */
export async function listRecentPickupIds(
  executor: Executor,
  limit: number,
  candidatesPerItem: number,
): Promise<string[]> {
  const rows = await executor
    .select({ pickupId: foundBikeMatches.pickupId })
    .from(foundBikeMatches)
    .orderBy(desc(foundBikeMatches.createdAt))
    .limit(limit * candidatesPerItem);
  return [...new Set(rows.map((row) => row.pickupId))].slice(0, limit);
}

export async function findMatchById(
  executor: Executor,
  id: string,
  lock = false,
): Promise<FoundMatchRow | null> {
  const query = executor.select().from(foundBikeMatches).where(eq(foundBikeMatches.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function setDecision(
  executor: Executor,
  id: string,
  decision: string,
  byPartyId: string,
  at: Date,
): Promise<void> {
  await executor
    .update(foundBikeMatches)
    .set({ decision, decidedAt: at, decidedByPartyId: byPartyId })
    .where(eq(foundBikeMatches.id, id));
}

export async function setClaimed(executor: Executor, id: string, chatId: string, at: Date): Promise<void> {
  await executor.update(foundBikeMatches).set({ claimedAt: at, chatId }).where(eq(foundBikeMatches.id, id));
}

/** The owner's told matches (strong and notified), not dismissed by our staff, of reports still open. */
export function listNoticesOfOwner(executor: Executor, ownerPartyId: string): Promise<FoundMatchRow[]> {
  return executor
    .select({ match: foundBikeMatches })
    .from(foundBikeMatches)
    .innerJoin(theftReports, eq(theftReports.id, foundBikeMatches.theftReportId))
    .where(
      and(
        eq(foundBikeMatches.ownerPartyId, ownerPartyId),
        isNotNull(foundBikeMatches.notifiedAt),
        sql`${foundBikeMatches.decision} is distinct from 'dismissed'`,
        ne(theftReports.status, 'closed'),
      ),
    )
    .orderBy(desc(foundBikeMatches.createdAt))
    .limit(50)
    .then((rows) => rows.map((row) => row.match));
}
