import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { identities, sessions } from '../../db/schema/identity.ts';
import { uuidv7 } from '../ids.ts';
import { SESSION_TTL_MS } from './tokens.ts';

export type RevokeReason = 'logout' | 'password_changed' | 'password_reset' | 'account_deleted';

export interface LiveSession {
  id: string;
  partyId: string;
  expiresAt: Date;
  language: string;
}

export async function insertSession(
  executor: Executor,
  values: { partyId: string; userAgent: string | null; now?: Date },
): Promise<{ id: string; expiresAt: Date }> {
  const now = values.now ?? new Date();
  const row = { id: uuidv7(now.getTime()), expiresAt: new Date(now.getTime() + SESSION_TTL_MS) };
  await executor.insert(sessions).values({
    ...row,
    partyId: values.partyId,
    userAgent: values.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
    refreshedAt: now,
  });
  return row;
}

/** The session if it is live: not revoked, not past its absolute end, and its identity not deleted. */
export async function findLiveSession(
  executor: Executor,
  sessionId: string,
  now = new Date(),
): Promise<LiveSession | null> {
  const [row] = await executor
    .select({
      id: sessions.id,
      partyId: sessions.partyId,
      expiresAt: sessions.expiresAt,
      language: identities.language,
    })
    .from(sessions)
    .innerJoin(identities, eq(identities.partyId, sessions.partyId))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(identities.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function markSessionRefreshed(
  executor: Executor,
  sessionId: string,
  now = new Date(),
): Promise<void> {
  await executor.update(sessions).set({ refreshedAt: now }).where(eq(sessions.id, sessionId));
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
