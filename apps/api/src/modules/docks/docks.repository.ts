import { and, asc, desc, eq, exists, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern, likeLiteral } from '../../db/like.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import {
  dockAccessOrganisations,
  dockAccessPeople,
  docks,
  lockCommands,
  lockDevices,
  lockEvents,
  lockParkings,
  locks,
} from '../../db/schema/docks.ts';
import { identities } from '../../db/schema/identity.ts';
import { organisationMembers, organisations } from '../../db/schema/organisations.ts';
import { unlockUnderway } from './lock-devices.repository.ts';

export type DockRow = typeof docks.$inferSelect;
export type DeviceRow = typeof lockDevices.$inferSelect;
export type LockEventRow = typeof lockEvents.$inferSelect;
export type LockCommandRow = typeof lockCommands.$inferSelect;

/** A dock's access lists: the organisations (access = organisations) and people (access = people) named. */
export interface DockAccessLists {
  organisationIds: string[];
  peopleEmails: string[];
}

/** A lock with what its display state and its open parking need. */
export interface LockWithFacts {
  id: string;
  dockId: string;
  deviceId: string;
  connectorId: number;
  label: string;
  reportedStatus: string;
  reportedAt: Date | null;
  outOfServiceAt: Date | null;
  outOfServiceReason: string | null;
  deviceLastSeenAt: Date | null;
  deviceConnected: boolean;
  deviceRetiredAt: Date | null;
  hasUnlockUnderway: boolean;
  parking: {
    id: string;
    partyId: string;
    bikeId: string | null;
    lockedAt: Date;
    handedOverAt: Date | null;
  } | null;
}

export async function findDock(executor: Executor, dockId: string, lock = false): Promise<DockRow | null> {
  const query = executor.select().from(docks).where(eq(docks.id, dockId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * A dock with its access lists and, in the same read, what the policy needs of the person asking
 * (their e-mail address as stored, the organisations they belong to, whether their bike stands in
 * this dock now): the check before each lock command, in one statement. Null for an unknown dock;
 * the person's e-mail is null when they have no identity (any more).
 */
/** findDockForPerson's statement, prepared per database (db/prepared.ts): every lock command runs it. */
const dockForPersonStatementOf = preparedPerDatabase((executor) =>
  executor
    .select({
      dock: docks,
      organisationIds: sql<
        string[]
      >`array(select a.organisation_party_id::text from ${dockAccessOrganisations} a where a.dock_id = ${docks.id})`,
      peopleEmails: sql<
        string[]
      >`array(select p.email from ${dockAccessPeople} p where p.dock_id = ${docks.id} order by p.email)`,
      personEmail: sql<
        string | null
      >`(select i.email from ${identities} i where i.party_id = ${sql.placeholder('identityPartyId')}::uuid)`,
      personOrganisationIds: sql<
        string[]
      >`array(select m.organisation_party_id::text from ${organisationMembers} m where m.identity_party_id = ${sql.placeholder('identityPartyId')}::uuid)`,
      // The dock's id written out whole: a single-table select names its columns bare, and a bare
      // id inside this subquery would be the parking's.
      parkedHere: sql<boolean>`exists (select 1 from ${lockParkings} p where p.dock_id = ${docks}.id and p.party_id = ${sql.placeholder('identityPartyId')}::uuid and p.unlocked_at is null)`,
    })
    .from(docks)
    .where(eq(docks.id, sql.placeholder('dockId')))
    .prepare('dock_for_person'),
);

export async function findDockForPerson(
  executor: Executor,
  dockId: string,
  identityPartyId: string,
): Promise<{
  dock: DockRow;
  access: DockAccessLists;
  person: { email: string | null; organisationIds: string[]; parkedHere: boolean };
} | null> {
  const [row] = await dockForPersonStatementOf(executor).execute({ dockId, identityPartyId });
  return row
    ? {
        dock: row.dock,
        access: { organisationIds: row.organisationIds, peopleEmails: row.peopleEmails },
        person: {
          email: row.personEmail,
          organisationIds: row.personOrganisationIds,
          parkedHere: row.parkedHere,
        },
      }
    : null;
}

export async function insertDock(executor: Executor, values: typeof docks.$inferInsert): Promise<DockRow> {
  const [row] = await executor.insert(docks).values(values).returning();
  if (!row) throw new Error('inserting a dock returned nothing');
  return row;
}

export async function updateDock(
  executor: Executor,
  dockId: string,
  values: Partial<typeof docks.$inferInsert>,
): Promise<DockRow> {
  const [row] = await executor.update(docks).set(values).where(eq(docks.id, dockId)).returning();
  if (!row) throw new Error('updating a dock returned nothing');
  return row;
}

/** Replaces the dock's access lists with these (the ones its access does not use are emptied). */
export async function replaceAccessLists(
  executor: Executor,
  dockId: string,
  lists: DockAccessLists,
): Promise<void> {
  await executor.delete(dockAccessOrganisations).where(eq(dockAccessOrganisations.dockId, dockId));
  await executor.delete(dockAccessPeople).where(eq(dockAccessPeople.dockId, dockId));
  if (lists.organisationIds.length > 0) {
    await executor
      .insert(dockAccessOrganisations)
      .values(lists.organisationIds.map((organisationPartyId) => ({ dockId, organisationPartyId })));
  }
  if (lists.peopleEmails.length > 0) {
    await executor.insert(dockAccessPeople).values(lists.peopleEmails.map((email) => ({ dockId, email })));
  }
}

export async function findAccessLists(
  executor: Executor,
  dockIds: readonly string[],
): Promise<Map<string, DockAccessLists>> {
  const lists = new Map<string, DockAccessLists>(
    dockIds.map((id) => [id, { organisationIds: [], peopleEmails: [] }]),
  );
  if (dockIds.length === 0) return lists;
  const [organisationRows, peopleRows] = await Promise.all([
    executor
      .select()
      .from(dockAccessOrganisations)
      .where(inArray(dockAccessOrganisations.dockId, [...dockIds])),
    executor
      .select()
      .from(dockAccessPeople)
      .where(inArray(dockAccessPeople.dockId, [...dockIds]))
      .orderBy(asc(dockAccessPeople.email)),
  ]);
  for (const row of organisationRows) lists.get(row.dockId)?.organisationIds.push(row.organisationPartyId);
  for (const row of peopleRows) lists.get(row.dockId)?.peopleEmails.push(row.email);
  return lists;
}

/**
 * Docks that are not closed and that the person may be entitled to use: public ones, their
 * organisations' own, those naming one of their organisations or their address. The policy
 * (mayUseDock) decides on each; this only narrows the rows read.
 */
export async function listCandidateDocksForPerson(
  executor: Executor,
  person: { email: string; organisationIds: readonly string[] },
): Promise<DockRow[]> {
  const organisationIds = [...person.organisationIds];
  const conditions = [
    eq(docks.access, 'signed_in'),
    exists(
      executor
        .select({ one: sql`1` })
        .from(dockAccessPeople)
        .where(and(eq(dockAccessPeople.dockId, docks.id), eq(dockAccessPeople.email, person.email))),
    ),
  ];
  if (organisationIds.length > 0) {
    conditions.push(inArray(docks.operatorPartyId, organisationIds));
    conditions.push(
      exists(
        executor
          .select({ one: sql`1` })
          .from(dockAccessOrganisations)
          .where(
            and(
              eq(dockAccessOrganisations.dockId, docks.id),
              inArray(dockAccessOrganisations.organisationPartyId, organisationIds),
            ),
          ),
      ),
    );
  }
  return executor
    .select()
    .from(docks)
    .where(and(isNull(docks.closedAt), or(...conditions)))
    .orderBy(asc(docks.name), asc(docks.id));
}

/** The docks where the person's bike is locked now (they keep seeing them: maySeeDock). */
export async function dockIdsWithOpenParkingOf(executor: Executor, partyId: string): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ dockId: lockParkings.dockId })
    .from(lockParkings)
    .where(and(eq(lockParkings.partyId, partyId), isNull(lockParkings.unlockedAt)));
  return rows.map((row) => row.dockId);
}

/** Docks by id, any state. */
export async function findDocks(executor: Executor, dockIds: readonly string[]): Promise<DockRow[]> {
  if (dockIds.length === 0) return [];
  return executor
    .select()
    .from(docks)
    .where(inArray(docks.id, [...dockIds]));
}

/** Every dock an organisation runs, closed ones last. */
export async function listDocksOfOperator(executor: Executor, operatorPartyId: string): Promise<DockRow[]> {
  return executor
    .select()
    .from(docks)
    .where(eq(docks.operatorPartyId, operatorPartyId))
    .orderBy(sql`${docks.closedAt} is not null`, asc(docks.name), asc(docks.id));
}

/** Open public docks of a region (access signed_in, not closed): the GBFS feed's stations. */
export async function listPublicDocksOfRegion(executor: Executor, region: string): Promise<DockRow[]> {
  return executor
    .select()
    .from(docks)
    .where(and(eq(docks.region, region), eq(docks.access, 'signed_in'), isNull(docks.closedAt)))
    .orderBy(asc(docks.id));
}

/**
 * The locks of these docks with their devices' facts, whether an unlock is underway and the open
 * parking in each; locks of retired devices only when `withRetired`.
 */
export async function listLocksOfDocks(
  executor: Executor,
  dockIds: readonly string[],
  options: { withRetired?: boolean; lockId?: string } = {},
): Promise<LockWithFacts[]> {
  if (dockIds.length === 0) return [];
  const rows = await executor
    .select({
      id: locks.id,
      dockId: locks.dockId,
      deviceId: locks.deviceId,
      connectorId: locks.connectorId,
      label: locks.label,
      reportedStatus: locks.reportedStatus,
      reportedAt: locks.reportedAt,
      outOfServiceAt: locks.outOfServiceAt,
      outOfServiceReason: locks.outOfServiceReason,
      deviceLastSeenAt: lockDevices.lastSeenAt,
      deviceConnectedInstance: lockDevices.connectedInstance,
      deviceRetiredAt: lockDevices.retiredAt,
      hasUnlockUnderway: unlockUnderway(locks.id),
      parkingId: lockParkings.id,
      parkingPartyId: lockParkings.partyId,
      parkingBikeId: lockParkings.bikeId,
      parkingLockedAt: lockParkings.lockedAt,
      parkingHandedOverAt: lockParkings.handedOverAt,
    })
    .from(locks)
    .innerJoin(lockDevices, eq(lockDevices.id, locks.deviceId))
    .leftJoin(lockParkings, and(eq(lockParkings.lockId, locks.id), isNull(lockParkings.unlockedAt)))
    .where(
      and(
        inArray(locks.dockId, [...dockIds]),
        options.withRetired ? undefined : isNull(lockDevices.retiredAt),
        options.lockId ? eq(locks.id, options.lockId) : undefined,
      ),
    )
    .orderBy(asc(locks.label), asc(locks.id));
  return rows.map((row) => ({
    id: row.id,
    dockId: row.dockId,
    deviceId: row.deviceId,
    connectorId: row.connectorId,
    label: row.label,
    reportedStatus: row.reportedStatus,
    reportedAt: row.reportedAt,
    outOfServiceAt: row.outOfServiceAt,
    outOfServiceReason: row.outOfServiceReason,
    deviceLastSeenAt: row.deviceLastSeenAt,
    deviceConnected: row.deviceConnectedInstance !== null,
    deviceRetiredAt: row.deviceRetiredAt,
    hasUnlockUnderway: Boolean(row.hasUnlockUnderway),
    parking:
      row.parkingId && row.parkingPartyId && row.parkingLockedAt
        ? {
            id: row.parkingId,
            partyId: row.parkingPartyId,
            bikeId: row.parkingBikeId,
            lockedAt: row.parkingLockedAt,
            handedOverAt: row.parkingHandedOverAt,
          }
        : null,
  }));
}

export async function listDevicesOfDock(executor: Executor, dockId: string): Promise<DeviceRow[]> {
  return executor
    .select()
    .from(lockDevices)
    .where(eq(lockDevices.dockId, dockId))
    .orderBy(asc(lockDevices.createdAt), asc(lockDevices.id));
}

/** A lock of the dock, held FOR UPDATE when `lock`. */
export async function findLockOfDock(
  executor: Executor,
  dockId: string,
  lockId: string,
  lock = false,
): Promise<typeof locks.$inferSelect | null> {
  const query = executor
    .select()
    .from(locks)
    .where(and(eq(locks.id, lockId), eq(locks.dockId, dockId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateLock(
  executor: Executor,
  lockId: string,
  values: Partial<Pick<typeof locks.$inferInsert, 'label' | 'outOfServiceAt' | 'outOfServiceReason'>>,
): Promise<void> {
  await executor.update(locks).set(values).where(eq(locks.id, lockId));
}

/** Whether another lock of the dock has this label. */
export async function isLabelTaken(
  executor: Executor,
  dockId: string,
  label: string,
  exceptLockId: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: locks.id })
    .from(locks)
    .where(and(eq(locks.dockId, dockId), eq(locks.label, label), sql`${locks.id} <> ${exceptLockId}`))
    .limit(1);
  return row !== undefined;
}

/** The unique index on (dock, label) refused a label another lock took at the same moment. */
export function isLabelTakenError(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    current;
  ) {
    if (current.code === '23505')
      return current.constraint === undefined || current.constraint === 'locks_dock_label_key';
    current = current.cause as typeof current;
  }
  return false;
}

export async function insertLockEvent(
  executor: Executor,
  values: typeof lockEvents.$inferInsert,
): Promise<void> {
  await executor.insert(lockEvents).values(values);
}

/** A point in a lock's history: entries are ordered by time (to the millisecond) and then id. */
export interface HistoryPosition {
  at: Date;
  id: string;
}

/** Where an entry of the lock's history (an event or a command, by id) stands; null when it is not the lock's. */
export async function findHistoryPosition(
  executor: Executor,
  lockId: string,
  entryId: string,
): Promise<HistoryPosition | null> {
  const [event] = await executor
    .select({ at: lockEvents.at, id: lockEvents.id })
    .from(lockEvents)
    .where(and(eq(lockEvents.lockId, lockId), eq(lockEvents.id, entryId)));
  // Dates read from the database are to the millisecond already, as the ordering below compares.
  if (event) return { at: event.at, id: event.id };
  const [command] = await executor
    .select({ at: lockCommands.createdAt, id: lockCommands.id })
    .from(lockCommands)
    .where(and(eq(lockCommands.lockId, lockId), eq(lockCommands.id, entryId)));
  return command ? { at: command.at, id: command.id } : null;
}

/**
 * The lock's newest events and commands older than `before` (all when null), at most `limit` of
 * each, newest first: the caller merges them into one page. Compared to the millisecond (what an
 * answer shows), then by id, so a page boundary never skips or repeats an entry.
 */
export async function listLockHistory(
  executor: Executor,
  lockId: string,
  before: HistoryPosition | null,
  limit: number,
): Promise<{ events: LockEventRow[]; commands: LockCommandRow[] }> {
  const eventAt = sql`date_trunc('milliseconds', ${lockEvents.at})`;
  const commandAt = sql`date_trunc('milliseconds', ${lockCommands.createdAt})`;
  const [events, commands] = await Promise.all([
    executor
      .select()
      .from(lockEvents)
      .where(
        and(
          eq(lockEvents.lockId, lockId),
          before
            ? sql`(${eventAt}, ${lockEvents.id}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(eventAt), desc(lockEvents.id))
      .limit(limit),
    executor
      .select()
      .from(lockCommands)
      .where(
        and(
          eq(lockCommands.lockId, lockId),
          before
            ? sql`(${commandAt}, ${lockCommands.id}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(commandAt), desc(lockCommands.id))
      .limit(limit),
  ]);
  return { events, commands };
}

/** Open parkings of the dock locked before `lockedBefore` and not handed over, oldest first. */
export async function listLeftBehindParkings(executor: Executor, dockId: string, lockedBefore: Date) {
  return executor
    .select({
      id: lockParkings.id,
      lockId: lockParkings.lockId,
      lockLabel: locks.label,
      bikeId: lockParkings.bikeId,
      lockedAt: lockParkings.lockedAt,
    })
    .from(lockParkings)
    .innerJoin(locks, eq(locks.id, lockParkings.lockId))
    .where(
      and(
        eq(lockParkings.dockId, dockId),
        isNull(lockParkings.unlockedAt),
        isNull(lockParkings.handedOverAt),
        lt(lockParkings.lockedAt, lockedBefore),
      ),
    )
    .orderBy(asc(lockParkings.lockedAt), asc(lockParkings.id));
}

export async function findParkingOfDock(executor: Executor, dockId: string, parkingId: string) {
  const [row] = await executor
    .select()
    .from(lockParkings)
    .where(and(eq(lockParkings.id, parkingId), eq(lockParkings.dockId, dockId)));
  return row ?? null;
}

/** Marks an open parking handed over; false when it was closed or handed over meanwhile. */
export async function markParkingHandedOver(
  executor: Executor,
  parkingId: string,
  now: Date,
): Promise<boolean> {
  const rows = await executor
    .update(lockParkings)
    .set({ handedOverAt: now })
    .where(
      and(eq(lockParkings.id, parkingId), isNull(lockParkings.unlockedAt), isNull(lockParkings.handedOverAt)),
    )
    .returning({ id: lockParkings.id });
  return rows.length > 0;
}

/** The organisations the person belongs to (any role; suspended ones too: using a dock is not acting for it). */
export async function organisationIdsOfPerson(
  executor: Executor,
  identityPartyId: string,
): Promise<string[]> {
  const rows = await executor
    .select({ id: organisationMembers.organisationPartyId })
    .from(organisationMembers)
    .where(eq(organisationMembers.identityPartyId, identityPartyId));
  return rows.map((row) => row.id);
}

/**
 * Organisations whose name contains `query` (case-insensitive), those starting with it first, then by
 * name; suspended ones and `excludePartyId` left out; the first `limit`. Only what names them.
 */
export async function searchListableOrganisations(
  executor: Executor,
  query: string,
  options: { limit: number; excludePartyId: string },
): Promise<Array<{ partyId: string; name: string; type: string; region: string }>> {
  const literal = likeLiteral(query);
  return executor
    .select({
      partyId: organisations.partyId,
      name: organisations.name,
      type: organisations.type,
      region: organisations.region,
    })
    .from(organisations)
    .where(
      and(
        ilike(organisations.name, containsPattern(query)),
        isNull(organisations.suspendedAt),
        ne(organisations.partyId, options.excludePartyId),
      ),
    )
    .orderBy(
      sql`${organisations.name} ilike ${`${literal}%`} desc`,
      asc(sql`lower(${organisations.name})`),
      asc(organisations.partyId),
    )
    .limit(options.limit);
}

/** Which of the organisations exist, and whether each is suspended; unknown ids are left out. */
export async function findOrganisationStates(
  executor: Executor,
  partyIds: readonly string[],
): Promise<Map<string, { isSuspended: boolean }>> {
  if (partyIds.length === 0) return new Map();
  const rows = await executor
    .select({ partyId: organisations.partyId, suspendedAt: organisations.suspendedAt })
    .from(organisations)
    .where(inArray(organisations.partyId, [...partyIds]));
  return new Map(rows.map((row) => [row.partyId, { isSuspended: row.suspendedAt !== null }]));
}
