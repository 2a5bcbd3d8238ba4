import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { staffMembers } from '../../db/schema/backoffice.ts';
import { identities, sessions } from '../../db/schema/identity.ts';
import { organisationMembers, organisations } from '../../db/schema/organisations.ts';
import { uuidv7 } from '../ids.ts';
import { SESSION_TTL_MS } from './tokens.ts';

export type RevokeReason = NonNullable<(typeof sessions.$inferSelect)['revokedReason']>;
export type StaffRole = (typeof staffMembers.$inferSelect)['role'];

export interface LiveSession {
  id: string;
  /** The person signed in. */
  partyId: string;
  /** The party the session acts for: an organisation of the person, or the person (null). */
  actingPartyId: string | null;
  /** On a switch-user session: the staff member behind it. */
  impersonatorPartyId: string | null;
  parentSessionId: string | null;
  expiresAt: Date;
  language: string;
  verifiedOn: Date | null;
  /** The person's staff role, read on every request so that removing it takes effect at once. */
  staffRole: StaffRole | null;
}

export interface NewSession {
  partyId: string;
  userAgent: string | null;
  actingPartyId?: string | null;
  impersonatorPartyId?: string | null;
  parentSessionId?: string | null;
  /** Defaults to SESSION_TTL_MS from now; switch-user sessions are shorter. */
  ttlMs?: number;
  now?: Date;
}

export async function insertSession(
  executor: Executor,
  values: NewSession,
): Promise<{ id: string; expiresAt: Date }> {
  const now = values.now ?? new Date();
  const row = {
    id: uuidv7(now.getTime()),
    expiresAt: new Date(now.getTime() + (values.ttlMs ?? SESSION_TTL_MS)),
  };
  await executor.insert(sessions).values({
    ...row,
    partyId: values.partyId,
    userAgent: values.userAgent?.slice(0, 512) ?? null,
    actingPartyId: values.actingPartyId ?? null,
    impersonatorPartyId: values.impersonatorPartyId ?? null,
    parentSessionId: values.parentSessionId ?? null,
    createdAt: now,
    refreshedAt: now,
  });
  return row;
}

const parentSessions = alias(sessions, 'parent_sessions');
const impersonatorStaff = alias(staffMembers, 'impersonator_staff');

/** The live-session read below as a statement with placeholders (the session's id, the time now). */
function liveSessionStatement(executor: Executor) {
  return executor
    .select({
      id: sessions.id,
      partyId: sessions.partyId,
      actingPartyId: sessions.actingPartyId,
      impersonatorPartyId: sessions.impersonatorPartyId,
      parentSessionId: sessions.parentSessionId,
      expiresAt: sessions.expiresAt,
      language: identities.language,
      verifiedOn: identities.verifiedOn,
      staffRole: staffMembers.role,
      actingMembership: organisationMembers.role,
      actingSuspendedAt: organisations.suspendedAt,
      parentPartyId: parentSessions.partyId,
      parentRevokedAt: parentSessions.revokedAt,
      parentExpiresAt: parentSessions.expiresAt,
      impersonatorRole: impersonatorStaff.role,
    })
    .from(sessions)
    .innerJoin(identities, eq(identities.partyId, sessions.partyId))
    .leftJoin(staffMembers, eq(staffMembers.identityPartyId, sessions.partyId))
    .leftJoin(
      organisationMembers,
      and(
        eq(organisationMembers.organisationPartyId, sessions.actingPartyId),
        eq(organisationMembers.identityPartyId, sessions.partyId),
      ),
    )
    .leftJoin(organisations, eq(organisations.partyId, sessions.actingPartyId))
    .leftJoin(parentSessions, eq(parentSessions.id, sessions.parentSessionId))
    .leftJoin(impersonatorStaff, eq(impersonatorStaff.identityPartyId, sessions.impersonatorPartyId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(identities.deletedAt),
        isNull(identities.blockedAt),
      ),
    )
    .limit(1)
    .prepare('live_session');
}

/**
 * Every authenticated request runs it, and PostgreSQL plans this join of seven tables in several
 * times the time it takes to run it: prepared per database (db/prepared.ts).
 */
const liveSessionStatementOf = preparedPerDatabase(liveSessionStatement);

/**
 * The session if it is live: not revoked, not past its absolute end, and its identity neither deleted
 * nor blocked by staff; a session acting for an organisation only while the person is still a member
 * of it and the organisation is not suspended; and a
 * switch-user session only while the staff member's own session is live and they are still staff
 * (a staff member who signs out, changes password or loses the role leaves no switch behind).
 */
export async function findLiveSession(
  executor: Executor,
  sessionId: string,
  now = new Date(),
): Promise<LiveSession | null> {
  const [row] = await liveSessionStatementOf(executor).execute({ sessionId, now });
  if (!row) return null;
  if (row.actingPartyId && (!row.actingMembership || row.actingSuspendedAt)) return null;
  if (row.impersonatorPartyId) {
    const isParentLive =
      row.parentPartyId === row.impersonatorPartyId &&
      row.parentRevokedAt === null &&
      row.parentExpiresAt !== null &&
      row.parentExpiresAt > now;
    if (!isParentLive || !row.impersonatorRole) return null;
  }
  return {
    id: row.id,
    partyId: row.partyId,
    actingPartyId: row.actingPartyId,
    impersonatorPartyId: row.impersonatorPartyId,
    parentSessionId: row.parentSessionId,
    expiresAt: row.expiresAt,
    language: row.language,
    verifiedOn: row.verifiedOn,
    staffRole: row.staffRole,
  };
}

export async function markSessionRefreshed(
  executor: Executor,
  sessionId: string,
  now = new Date(),
): Promise<void> {
  await executor.update(sessions).set({ refreshedAt: now }).where(eq(sessions.id, sessionId));
}

/** Which party the session acts for from now on (null: the person); its old tokens stop working. */
export async function setSessionActingParty(
  executor: Executor,
  sessionId: string,
  actingPartyId: string | null,
): Promise<void> {
  await executor.update(sessions).set({ actingPartyId }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(
  executor: Executor,
  sessionId: string,
  reason: RevokeReason,
): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a party, except `keepSessionId` when given. */
export async function revokeSessionsOfParty(
  executor: Executor,
  partyId: string,
  reason: RevokeReason,
  keepSessionId?: string,
): Promise<void> {
  const conditions = [eq(sessions.partyId, partyId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await executor
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(...conditions));
}

/**
 * Ends every live session of `partyId` that acts for `actingPartyId` (the person left or was removed
 * from the organisation): their tokens stop working and the person signs in again as themself.
 */
export async function revokeSessionsActingFor(
  executor: Executor,
  partyId: string,
  actingPartyId: string,
): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'organisation_left' })
    .where(
      and(
        eq(sessions.partyId, partyId),
        eq(sessions.actingPartyId, actingPartyId),
        isNull(sessions.revokedAt),
      ),
    );
}

/** Switch-user sessions started from `parentSessionId` that have not been ended yet. */
export async function findOpenSwitchSessions(
  executor: Executor,
  parentSessionId: string,
): Promise<Array<{ id: string; partyId: string; impersonatorPartyId: string | null }>> {
  return executor
    .select({ id: sessions.id, partyId: sessions.partyId, impersonatorPartyId: sessions.impersonatorPartyId })
    .from(sessions)
    .where(and(eq(sessions.parentSessionId, parentSessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session, of anyone, that acts for `actingPartyId` (an organisation was suspended). */
export async function revokeAllSessionsActingFor(
  executor: Executor,
  actingPartyId: string,
  reason: RevokeReason,
): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.actingPartyId, actingPartyId), isNull(sessions.revokedAt)));
}
