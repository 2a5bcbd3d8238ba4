import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { staffMembers } from '../../db/schema/backoffice.ts';
import {
  accountDeletions,
  consentEvents,
  identities,
  nationalIdentityChecks,
  oneTimeCodes,
  parties,
  sessions,
  trackingEvents,
  verificationSessions,
} from '../../db/schema/identity.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import {
  organisationInvitations,
  organisationMembers,
  organisations,
} from '../../db/schema/organisations.ts';
import { uuidv7 } from '../../platform/ids.ts';

export type IdentityRow = typeof identities.$inferSelect;
export type IdentityInsert = typeof identities.$inferInsert;
export type IdentityChanges = Partial<Omit<IdentityInsert, 'partyId' | 'signedUpAt'>>;
export type ConsentEventRow = typeof consentEvents.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;
export type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];

/** PostgreSQL's unique_violation, as raised directly (pg) or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}

export async function findIdentityByEmail(executor: Executor, email: string): Promise<IdentityRow | null> {
  const [row] = await executor
    .select()
    .from(identities)
    .where(and(eq(identities.email, email), isNull(identities.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function findIdentitiesByIds(
  executor: Executor,
  partyIds: readonly string[],
): Promise<IdentityRow[]> {
  if (partyIds.length === 0) return [];
  return executor
    .select()
    .from(identities)
    .where(inArray(identities.partyId, [...partyIds]));
}

export async function findIdentityById(executor: Executor, partyId: string): Promise<IdentityRow | null> {
  const [row] = await executor
    .select()
    .from(identities)
    .where(and(eq(identities.partyId, partyId), isNull(identities.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * The identity, locked for the rest of the transaction: a second request for the same change waits,
 * then finds what the first one left (on PostgreSQL; PGlite runs one transaction at a time anyway).
 */
export async function lockIdentityById(executor: Executor, partyId: string): Promise<IdentityRow | null> {
  const [row] = await executor
    .select()
    .from(identities)
    .where(and(eq(identities.partyId, partyId), isNull(identities.deletedAt)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Whether another account already signs in with this address. */
export async function isEmailTaken(
  executor: Executor,
  email: string,
  exceptPartyId?: string,
): Promise<boolean> {
  const conditions = [eq(identities.email, email)];
  if (exceptPartyId) conditions.push(ne(identities.partyId, exceptPartyId));
  const [row] = await executor
    .select({ partyId: identities.partyId })
    .from(identities)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

export async function insertPerson(
  executor: Executor,
  values: Omit<IdentityInsert, 'partyId'>,
): Promise<IdentityRow> {
  const partyId = uuidv7();
  await executor.insert(parties).values({ id: partyId, kind: 'person' });
  const [row] = await executor
    .insert(identities)
    .values({ ...values, partyId })
    .returning();
  if (!row) throw new Error('insert into identities returned no row');
  return row;
}

export async function updateIdentity(
  executor: Executor,
  partyId: string,
  changes: IdentityChanges,
): Promise<IdentityRow> {
  const [row] = await executor
    .update(identities)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(identities.partyId, partyId))
    .returning();
  if (!row) throw new Error(`identity ${partyId} vanished during an update`);
  return row;
}

export async function markPartyDeleted(executor: Executor, partyId: string, at: Date): Promise<void> {
  await executor.update(parties).set({ deletedAt: at }).where(eq(parties.id, partyId));
}

export async function insertConsentEvents(
  executor: Executor,
  events: { partyId: string; type: string; action: 'grant' | 'revoke'; source: string; createdAt?: Date }[],
): Promise<void> {
  if (events.length === 0) return;
  await executor.insert(consentEvents).values(events.map((event) => ({ id: uuidv7(), ...event })));
}

/** Every consent decision of a party, newest first. */
export async function listConsentEvents(executor: Executor, partyId: string): Promise<ConsentEventRow[]> {
  return executor
    .select()
    .from(consentEvents)
    .where(eq(consentEvents.partyId, partyId))
    .orderBy(desc(consentEvents.createdAt), desc(consentEvents.id));
}

export async function deleteConsentEvents(executor: Executor, partyId: string): Promise<void> {
  await executor.delete(consentEvents).where(eq(consentEvents.partyId, partyId));
}

export async function insertOneTimeCode(
  executor: Executor,
  values: { codeHash: string; partyId: string; purpose: CodePurpose; email: string; expiresAt: Date },
): Promise<void> {
  await executor.insert(oneTimeCodes).values(values);
}

/**
 * Marks a code used and returns it, in one statement: `used_at IS NULL` in the WHERE clause means
 * two simultaneous requests with the same code cannot both succeed.
 */
export async function consumeOneTimeCode(
  executor: Executor,
  codeHash: string,
  purposes: CodePurpose[],
  now: Date,
): Promise<{ partyId: string; purpose: CodePurpose; email: string } | null> {
  const [row] = await executor
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.codeHash, codeHash),
        inArray(oneTimeCodes.purpose, purposes),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning({ partyId: oneTimeCodes.partyId, purpose: oneTimeCodes.purpose, email: oneTimeCodes.email });
  return row ?? null;
}

/** Retires the unused codes of a purpose, so only the newest link mailed works. */
export async function expireUnusedCodes(
  executor: Executor,
  partyId: string,
  purposes: CodePurpose[],
  now: Date,
): Promise<void> {
  await executor
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.partyId, partyId),
        inArray(oneTimeCodes.purpose, purposes),
        isNull(oneTimeCodes.usedAt),
      ),
    );
}

/** Whether a code of the purpose was issued since `since` and is still unused (a link mailed lately). */
export async function hasCodeIssuedSince(
  executor: Executor,
  partyId: string,
  purpose: CodePurpose,
  since: Date,
): Promise<boolean> {
  const rows = await executor
    .select({ codeHash: oneTimeCodes.codeHash })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.partyId, partyId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gte(oneTimeCodes.createdAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function deleteOneTimeCodes(executor: Executor, partyId: string): Promise<void> {
  await executor.delete(oneTimeCodes).where(eq(oneTimeCodes.partyId, partyId));
}

export async function listSessions(executor: Executor, partyId: string): Promise<SessionRow[]> {
  return executor
    .select()
    .from(sessions)
    .where(eq(sessions.partyId, partyId))
    .orderBy(desc(sessions.createdAt));
}

/** Forgets which devices a party signed in from; the (revoked) session rows themselves stay. */
export async function eraseSessionDetails(executor: Executor, partyId: string): Promise<void> {
  await executor.update(sessions).set({ userAgent: null }).where(eq(sessions.partyId, partyId));
}

/** Removes every outbox mail to these addresses, sent or not. */
export async function deleteMailsTo(executor: Executor, addresses: string[]): Promise<void> {
  if (addresses.length === 0) return;
  await executor.delete(mailOutbox).where(inArray(mailOutbox.to, addresses));
}

export async function listTrackingEvents(executor: Executor, partyId: string): Promise<TrackingEventRow[]> {
  return executor
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.partyId, partyId))
    .orderBy(desc(trackingEvents.createdAt));
}

/** Keeps the anonymous analytics but cuts them loose from the person. */
export async function detachTrackingEvents(executor: Executor, partyId: string): Promise<void> {
  await executor.update(trackingEvents).set({ partyId: null }).where(eq(trackingEvents.partyId, partyId));
}

export async function insertAccountDeletion(
  executor: Executor,
  values: { partyId: string; deletedAt: Date; retainUntil: Date },
) {
  await executor.insert(accountDeletions).values(values);
}

/**
 * The organisation `organisationPartyId` with its type, if `identityPartyId` is a member of it. Read
 * here, not through the organisations module, because a token needs it on every sign-in.
 */
export async function findOrganisationOfMember(
  executor: Executor,
  organisationPartyId: string,
  identityPartyId: string,
): Promise<{
  partyId: string;
  type: string;
  role: (typeof organisationMembers.$inferSelect)['role'];
} | null> {
  const [row] = await executor
    .select({ partyId: organisations.partyId, type: organisations.type, role: organisationMembers.role })
    .from(organisations)
    .innerJoin(
      organisationMembers,
      and(
        eq(organisationMembers.organisationPartyId, organisations.partyId),
        eq(organisationMembers.identityPartyId, identityPartyId),
      ),
    )
    // A suspended organisation is nobody's to act for (backoffice, issue 17 §1).
    .where(and(eq(organisations.partyId, organisationPartyId), isNull(organisations.suspendedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Whether the person is the only admin of an organisation that has other members. The person's
 * organisations are locked first (as the organisations module does for role changes), so two admins
 * deleting their accounts at once cannot leave an organisation with none.
 */
export async function isLastAdminOfOrganisationWithOthers(
  executor: Executor,
  identityPartyId: string,
): Promise<boolean> {
  const mine = await executor
    .select({ organisationPartyId: organisationMembers.organisationPartyId, role: organisationMembers.role })
    .from(organisationMembers)
    .where(eq(organisationMembers.identityPartyId, identityPartyId));
  const administered = mine.filter((row) => row.role === 'admin').map((row) => row.organisationPartyId);
  if (administered.length === 0) return false;
  await executor
    .select({ partyId: organisations.partyId })
    .from(organisations)
    .where(inArray(organisations.partyId, administered))
    .orderBy(organisations.partyId)
    .for('update');
  const others = await executor
    .select({ organisationPartyId: organisationMembers.organisationPartyId, role: organisationMembers.role })
    .from(organisationMembers)
    .where(
      and(
        inArray(organisationMembers.organisationPartyId, administered),
        ne(organisationMembers.identityPartyId, identityPartyId),
      ),
    );
  return administered.some((organisationPartyId) => {
    const rest = others.filter((row) => row.organisationPartyId === organisationPartyId);
    return rest.length > 0 && !rest.some((row) => row.role === 'admin');
  });
}

/** Takes the person out of every organisation (their account is being deleted). */
export async function deleteMemberships(executor: Executor, identityPartyId: string): Promise<void> {
  await executor.delete(organisationMembers).where(eq(organisationMembers.identityPartyId, identityPartyId));
}

/** Names of parties: a person's first and last name, an organisation's name; null when not given. */
export async function findPartyNames(
  executor: Executor,
  partyIds: readonly string[],
): Promise<Map<string, string | null>> {
  const names = new Map<string, string | null>();
  if (partyIds.length === 0) return names;
  const ids = [...new Set(partyIds)];
  const people = await executor
    .select({ partyId: identities.partyId, firstName: identities.firstName, lastName: identities.lastName })
    .from(identities)
    .where(inArray(identities.partyId, ids));
  for (const person of people) {
    const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
    names.set(person.partyId, name === '' ? null : name);
  }
  const companies = await executor
    .select({ partyId: organisations.partyId, name: organisations.name })
    .from(organisations)
    .where(inArray(organisations.partyId, ids));
  for (const company of companies) names.set(company.partyId, company.name);
  return names;
}

/** The national identity checks and their sessions: name, birth date and the broker's subject go. */
export async function deleteNationalIdentityData(executor: Executor, partyId: string): Promise<void> {
  await executor.delete(nationalIdentityChecks).where(eq(nationalIdentityChecks.partyId, partyId));
  await executor.delete(verificationSessions).where(eq(verificationSessions.partyId, partyId));
}

export async function deleteStaffMembership(executor: Executor, partyId: string): Promise<void> {
  await executor.delete(staffMembers).where(eq(staffMembers.identityPartyId, partyId));
}

/**
 * Invitations to the person's addresses: open ones go; answered ones stay as the organisation's
 * history of who was let in by whom, without the address.
 */
export async function forgetInvitationsTo(
  executor: Executor,
  partyId: string,
  addresses: readonly string[],
): Promise<void> {
  if (addresses.length === 0) return;
  const toPerson = inArray(organisationInvitations.email, [...addresses]);
  await executor
    .delete(organisationInvitations)
    .where(
      and(
        toPerson,
        isNull(organisationInvitations.acceptedAt),
        isNull(organisationInvitations.declinedAt),
        isNull(organisationInvitations.revokedAt),
      ),
    );
  await executor
    .update(organisationInvitations)
    .set({ email: `deleted:${partyId}` })
    .where(toPerson);
}

/** Every backoffice staff member (support and admin), for live events of the support queue. */
export async function findStaffPartyIds(executor: Executor): Promise<string[]> {
  const rows = await executor.select({ partyId: staffMembers.identityPartyId }).from(staffMembers);
  return rows.map((row) => row.partyId);
}

/** Organisations whose name contains `query` (case-insensitive), by name; the first `limit`. */
export async function searchOrganisationsByName(
  executor: Executor,
  query: string,
  limit: number,
): Promise<Array<{ partyId: string; name: string; type: string }>> {
  const pattern = containsPattern(query);
  return executor
    .select({ partyId: organisations.partyId, name: organisations.name, type: organisations.type })
    .from(organisations)
    .where(query === '' ? undefined : ilike(organisations.name, pattern))
    .orderBy(asc(organisations.name))
    .limit(limit);
}

/** Organisations by party id (name and type), in one query; unknown ids are left out. */
export async function findOrganisationsByIds(
  executor: Executor,
  partyIds: readonly string[],
): Promise<Map<string, { partyId: string; name: string; type: string }>> {
  if (partyIds.length === 0) return new Map();
  const rows = await executor
    .select({ partyId: organisations.partyId, name: organisations.name, type: organisations.type })
    .from(organisations)
    .where(inArray(organisations.partyId, [...new Set(partyIds)]));
  return new Map(rows.map((row) => [row.partyId, row]));
}
