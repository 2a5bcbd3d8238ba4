import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEvents, staffMembers } from '../../db/schema/backoffice.ts';
import { identities, sessions } from '../../db/schema/identity.ts';

export type PersonRow = typeof identities.$inferSelect;
export type StaffMemberRow = typeof staffMembers.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;
export type StaffRole = StaffMemberRow['role'];

/** A person who has not deleted their account, with their staff role (null for everyone else). */
export async function findPersonWithRole(
  executor: Executor,
  partyId: string,
): Promise<{ person: PersonRow; staffRole: StaffRole | null } | null> {
  const [row] = await executor
    .select({ person: identities, staffRole: staffMembers.role })
    .from(identities)
    .leftJoin(staffMembers, eq(staffMembers.identityPartyId, identities.partyId))
    .where(and(eq(identities.partyId, partyId), isNull(identities.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function findPersonByEmail(executor: Executor, email: string): Promise<PersonRow | null> {
  const [row] = await executor
    .select()
    .from(identities)
    .where(and(eq(identities.email, email), isNull(identities.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** `%` and `_` typed by staff are searched for literally, not as wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface SearchedPerson {
  partyId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  verifiedOn: Date | null;
  signedUpAt: Date;
  staffRole: StaffRole | null;
}

/**
 * People whose e-mail or name contains `text` (case-insensitive), newest sign-ups first; deleted
 * accounts never. Fetches one row more than `limit` so the caller knows whether a next page exists.
 */
export async function searchPeople(
  executor: Executor,
  options: { text: string; limit: number; offset: number },
): Promise<SearchedPerson[]> {
  const conditions: SQL[] = [isNull(identities.deletedAt)];
  if (options.text !== '') {
    // The same expression as identities_search_trgm_idx (migration 0003), so the index serves it.
    const searchable = sql`lower(${identities.email} || ' ' || coalesce(${identities.firstName}, '') || ' ' || coalesce(${identities.lastName}, ''))`;
    conditions.push(sql`${searchable} like ${containsPattern(options.text.toLowerCase())}`);
  }
  return executor
    .select({
      partyId: identities.partyId,
      email: identities.email,
      firstName: identities.firstName,
      lastName: identities.lastName,
      verifiedOn: identities.verifiedOn,
      signedUpAt: identities.signedUpAt,
      staffRole: staffMembers.role,
    })
    .from(identities)
    .leftJoin(staffMembers, eq(staffMembers.identityPartyId, identities.partyId))
    .where(and(...conditions))
    .orderBy(desc(identities.signedUpAt), desc(identities.partyId))
    .limit(options.limit + 1)
    .offset(options.offset);
}

export async function findStaffMember(executor: Executor, partyId: string): Promise<StaffMemberRow | null> {
  const [row] = await executor
    .select()
    .from(staffMembers)
    .where(eq(staffMembers.identityPartyId, partyId))
    .limit(1);
  return row ?? null;
}

/** Grants a role, or changes it; the grant time and granter are those of the latest change. */
export async function upsertStaffMember(
  executor: Executor,
  values: { identityPartyId: string; role: StaffRole; grantedByPartyId: string | null; now: Date },
): Promise<StaffMemberRow> {
  const [row] = await executor
    .insert(staffMembers)
    .values({
      identityPartyId: values.identityPartyId,
      role: values.role,
      grantedByPartyId: values.grantedByPartyId,
      grantedAt: values.now,
    })
    .onConflictDoUpdate({
      target: staffMembers.identityPartyId,
      set: { role: values.role, grantedByPartyId: values.grantedByPartyId, grantedAt: values.now },
    })
    .returning();
  if (!row) throw new Error('upsert into staff_members returned no row');
  return row;
}

export async function deleteStaffMember(executor: Executor, partyId: string): Promise<void> {
  await executor.delete(staffMembers).where(eq(staffMembers.identityPartyId, partyId));
}

/** Ends every live switch-user session a staff member has open in other people's accounts. */
export async function revokeSwitchSessionsBy(executor: Executor, staffPartyId: string): Promise<string[]> {
  const rows = await executor
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'switch_ended' })
    .where(and(eq(sessions.impersonatorPartyId, staffPartyId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export async function listAuditEvents(
  executor: Executor,
  filter: { targetPartyId?: string | undefined; actorPartyId?: string | undefined; limit: number },
): Promise<AuditEventRow[]> {
  const conditions: SQL[] = [];
  if (filter.targetPartyId) conditions.push(eq(auditEvents.targetPartyId, filter.targetPartyId));
  if (filter.actorPartyId) conditions.push(eq(auditEvents.actorPartyId, filter.actorPartyId));
  return executor
    .select()
    .from(auditEvents)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(filter.limit);
}
