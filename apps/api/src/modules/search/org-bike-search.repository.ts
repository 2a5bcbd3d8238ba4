import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { bikeOwnerships, bikes, stickers } from '../../db/schema/bikes.ts';
import { organisationMembers, organisations } from '../../db/schema/organisations.ts';
import { itemPickups, theftReports } from '../../db/schema/theft.ts';

/*
 * The organisation search (issue 17 §3) reads the register's rows as the public search does, but
 * every bike whatever its visibility, and the facts of its history (ownership changes, theft
 * reports, pickups). Nothing of the owner is selected here.
 */

export interface OrgBikeRow {
  bikeId: string;
  frameNumber: string | null;
  plateId: string | null;
  brand: string | null;
  model: string | null;
  color: string | null;
  category: string | null;
  isElectric: boolean;
  region: string;
  status: string;
  ownerPartyId: string;
  ownerVerifiedAt: Date | null;
  createdAt: Date;
  stolenSince: Date | null;
}

export interface OrgBikeFilter {
  /** Only these bikes (the candidates of a close-serial search). */
  bikeIds?: string[] | undefined;
  /** The normalised and look-alike keys of a typed frame number or plate. */
  identifier?: { key: string; lookAlike: string } | undefined;
  brand?: string | undefined;
  model?: string | undefined;
  color?: string | undefined;
  stolen?: boolean | undefined;
}

/** When a stolen bike was last seen (or reported, when the owner did not say): the open report's. */
const stolenSince = sql<Date | null>`(
  select coalesce(r.stolen_at, r.submitted_at) from theft_reports r
   where r.bike_id = ${bikes.id} and r.status = 'submitted'
   order by r.submitted_at desc limit 1)`.mapWith((value: string | Date | null) =>
  value === null ? null : new Date(value),
);

const columns = {
  bikeId: bikes.id,
  frameNumber: bikes.frameNumber,
  plateId: stickers.code,
  brand: bikes.brand,
  model: bikes.model,
  color: bikes.color,
  category: bikes.category,
  isElectric: bikes.isElectric,
  region: bikes.region,
  status: bikes.status,
  ownerPartyId: bikes.ownerPartyId,
  ownerVerifiedAt: bikes.ownerVerifiedAt,
  createdAt: bikes.createdAt,
  stolenSince,
};

/** Bikes matching every given criterion, newest first, at most `limit`. */
export async function searchBikes(
  executor: Executor,
  filter: OrgBikeFilter,
  limit: number,
): Promise<OrgBikeRow[]> {
  const conditions: SQL[] = [];
  if (filter.bikeIds) conditions.push(inArray(bikes.id, filter.bikeIds));
  if (filter.identifier) {
    const { key, lookAlike } = filter.identifier;
    const matches = or(
      eq(bikes.frameNumberKey, key),
      eq(bikes.frameNumberLookAlike, lookAlike),
      eq(stickers.code, key),
      eq(stickers.lookAlike, lookAlike),
    );
    if (matches) conditions.push(matches);
  }
  if (filter.brand) conditions.push(ilike(bikes.brand, containsPattern(filter.brand)));
  if (filter.model) conditions.push(ilike(bikes.model, containsPattern(filter.model)));
  if (filter.color) conditions.push(eq(bikes.color, filter.color));
  if (filter.stolen === true) conditions.push(eq(bikes.status, 'stolen'));
  if (filter.stolen === false) conditions.push(ne(bikes.status, 'stolen'));
  return executor
    .select(columns)
    .from(bikes)
    .leftJoin(stickers, eq(stickers.bikeId, bikes.id))
    .where(and(...conditions))
    .orderBy(desc(bikes.createdAt), desc(bikes.id))
    .limit(limit);
}

export async function findBike(executor: Executor, bikeId: string): Promise<OrgBikeRow | null> {
  const [row] = await executor
    .select(columns)
    .from(bikes)
    .leftJoin(stickers, eq(stickers.bikeId, bikes.id))
    .where(eq(bikes.id, bikeId));
  return row ?? null;
}

/** The ownerships of a bike, oldest first (how it changed hands, never to whom). */
export function listOwnershipStarts(executor: Executor, bikeId: string) {
  return executor
    .select({ startedAt: bikeOwnerships.startedAt, how: bikeOwnerships.how })
    .from(bikeOwnerships)
    .where(eq(bikeOwnerships.bikeId, bikeId))
    .orderBy(asc(bikeOwnerships.startedAt));
}

/** The sent theft reports of a bike: when reported, and when and why closed. */
export function listTheftReports(executor: Executor, bikeId: string) {
  return executor
    .select({
      submittedAt: theftReports.submittedAt,
      closedAt: theftReports.closedAt,
      closedReason: theftReports.closedReason,
    })
    .from(theftReports)
    .where(and(eq(theftReports.bikeId, bikeId), ne(theftReports.status, 'draft')));
}

/** Every pickup of a bike: who held it, where, and what became of it. */
export function listPickups(executor: Executor, bikeId: string) {
  return executor
    .select({
      holderPartyId: itemPickups.holderPartyId,
      place: itemPickups.place,
      status: itemPickups.status,
      createdAt: itemPickups.createdAt,
      closedAt: itemPickups.closedAt,
    })
    .from(itemPickups)
    .where(eq(itemPickups.bikeId, bikeId));
}

/** Whether the bike waits for its owner somewhere. */
export async function hasWaitingPickup(executor: Executor, bikeId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: itemPickups.id })
    .from(itemPickups)
    .where(
      and(eq(itemPickups.bikeId, bikeId), eq(itemPickups.status, 'waiting'), isNull(itemPickups.closedAt)),
    );
  return row !== undefined;
}

/** The searching organisation's name and region (its region decides the police's case number form). */
export async function findOrganisationFacts(
  executor: Executor,
  partyId: string,
): Promise<{ name: string; region: string } | null> {
  const [row] = await executor
    .select({ name: organisations.name, region: organisations.region })
    .from(organisations)
    .where(eq(organisations.partyId, partyId));
  return row ?? null;
}

/** The people with the admin role in an organisation (they hear when a member's read budget is used up). */
export async function listAdminsOfOrganisation(executor: Executor, organisationPartyId: string) {
  const rows = await executor
    .select({ identityPartyId: organisationMembers.identityPartyId })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationPartyId, organisationPartyId),
        eq(organisationMembers.role, 'admin'),
      ),
    );
  return rows.map((row) => row.identityPartyId);
}
