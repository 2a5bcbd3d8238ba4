import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditEvents } from '../db/schema/backoffice.ts';

/** The newest audit event of an action, if there is one. */
export async function latestAuditEvent(db: Executor, action: string) {
  const [row] = await db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  return row;
}

/** The audit events of an action about one party, newest first. */
export async function auditEventsAbout(db: Executor, action: string, targetPartyId: string) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetPartyId, targetPartyId)))
    .orderBy(desc(auditEvents.createdAt));
}
