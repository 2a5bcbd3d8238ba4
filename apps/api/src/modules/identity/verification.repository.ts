import { and, asc, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { nationalIdentityChecks, verificationSessions } from '../../db/schema/identity.ts';

export type VerificationSessionRow = typeof verificationSessions.$inferSelect;
export type VerificationSessionInsert = typeof verificationSessions.$inferInsert;
export type NationalIdentityCheckInsert = typeof nationalIdentityChecks.$inferInsert;
export type NationalIdentityCheckRow = typeof nationalIdentityChecks.$inferSelect;

export async function insertVerificationSession(
  executor: Executor,
  values: VerificationSessionInsert,
): Promise<VerificationSessionRow> {
  const [row] = await executor.insert(verificationSessions).values(values).returning();
  if (!row) throw new Error('insert into verification_sessions returned no row');
  return row;
}

export async function findVerificationSession(
  executor: Executor,
  id: string,
): Promise<VerificationSessionRow | null> {
  const [row] = await executor
    .select()
    .from(verificationSessions)
    .where(eq(verificationSessions.id, id))
    .limit(1);
  return row ?? null;
}

export async function countSessionsStartedSince(
  executor: Executor,
  partyId: string,
  since: Date,
): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(verificationSessions)
    .where(and(eq(verificationSessions.partyId, partyId), gte(verificationSessions.createdAt, since)));
  return row?.value ?? 0;
}

/** Completes a pending session; null when it was no longer pending (a second completion lost the race). */
export async function markSessionCompleted(
  executor: Executor,
  id: string,
  at: Date,
): Promise<VerificationSessionRow | null> {
  const [row] = await executor
    .update(verificationSessions)
    .set({ status: 'completed', completedAt: at })
    .where(and(eq(verificationSessions.id, id), eq(verificationSessions.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Fails a pending session; a completed one stays completed. */
export async function markSessionFailed(executor: Executor, id: string, reason: string): Promise<void> {
  await executor
    .update(verificationSessions)
    .set({ status: 'failed', failureReason: reason })
    .where(and(eq(verificationSessions.id, id), eq(verificationSessions.status, 'pending')));
}

export async function insertNationalIdentityCheck(
  executor: Executor,
  values: NationalIdentityCheckInsert,
): Promise<void> {
  await executor.insert(nationalIdentityChecks).values(values);
}

/** The check that first verified the account: later checks must be by the same person. */
/** The legal name the newest national identity check gave (null when none did). */
export async function findVerifiedName(executor: Executor, partyId: string): Promise<string | null> {
  const [row] = await executor
    .select({ name: nationalIdentityChecks.name })
    .from(nationalIdentityChecks)
    .where(eq(nationalIdentityChecks.partyId, partyId))
    .orderBy(desc(nationalIdentityChecks.checkedAt), desc(nationalIdentityChecks.id))
    .limit(1);
  return row?.name ?? null;
}

export async function findFirstCheck(
  executor: Executor,
  partyId: string,
): Promise<NationalIdentityCheckRow | null> {
  const [row] = await executor
    .select()
    .from(nationalIdentityChecks)
    .where(eq(nationalIdentityChecks.partyId, partyId))
    .orderBy(asc(nationalIdentityChecks.checkedAt), asc(nationalIdentityChecks.id))
    .limit(1);
  return row ?? null;
}

export async function listChecks(executor: Executor, partyId: string): Promise<NationalIdentityCheckRow[]> {
  return executor
    .select()
    .from(nationalIdentityChecks)
    .where(eq(nationalIdentityChecks.partyId, partyId))
    .orderBy(desc(nationalIdentityChecks.checkedAt));
}

/**
 * Uses up the newest completed, unused approval for exactly this action and object, given after
 * `completedSince`. One statement: of two concurrent callers only one gets the row.
 */
export async function consumeApproval(
  executor: Executor,
  input: { partyId: string; action: string; objectId: string; completedSince: Date; at: Date },
): Promise<string | null> {
  const candidate = executor
    .select({ id: verificationSessions.id })
    .from(verificationSessions)
    .where(
      and(
        eq(verificationSessions.partyId, input.partyId),
        eq(verificationSessions.sessionType, 'approval'),
        eq(verificationSessions.status, 'completed'),
        eq(verificationSessions.approvalAction, input.action),
        eq(verificationSessions.approvalObjectId, input.objectId),
        gte(verificationSessions.completedAt, input.completedSince),
        isNull(verificationSessions.consumedAt),
      ),
    )
    .orderBy(desc(verificationSessions.completedAt))
    .limit(1);
  const [row] = await executor
    .update(verificationSessions)
    .set({ consumedAt: input.at })
    .where(and(sql`${verificationSessions.id} = (${candidate})`, isNull(verificationSessions.consumedAt)))
    .returning({ id: verificationSessions.id });
  return row?.id ?? null;
}

/** The accounts a national identity has verified, the most recently checked first. */
export async function listPartiesCheckedAs(
  executor: Executor,
  person: { issuer: string; subject: string },
): Promise<string[]> {
  const rows = await executor
    .select({ partyId: nationalIdentityChecks.partyId })
    .from(nationalIdentityChecks)
    .where(
      and(
        eq(nationalIdentityChecks.issuer, person.issuer),
        eq(nationalIdentityChecks.subject, person.subject),
      ),
    )
    .orderBy(desc(nationalIdentityChecks.checkedAt), desc(nationalIdentityChecks.id));
  return [...new Set(rows.map((row) => row.partyId))];
}
