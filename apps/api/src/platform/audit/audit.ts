import type { AuditAction } from '@nbr/domain/backoffice';
import { and, desc, eq, gte, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/backoffice.ts';
import type { RequestAuth } from '../auth/authenticate.ts';
import { uuidv7 } from '../ids.ts';
import { ACCESS_LOG_ACTIONS } from './access-log-actions.ts';

export interface AuditEventInput {
  /**
   * One of AUDIT_ACTIONS (packages/domain/src/backoffice.ts): a new action needs its label in the web
   * app's backoffice:auditActions too, in da, en and no (audit-action-label.test.ts fails without).
   */
  action: AuditAction;
  /** Who did it; null for the system (the command-line tool run by an operator). */
  actorPartyId: string | null;
  targetPartyId: string | null;
  sessionId: string | null;
  details?: Record<string, unknown> | null;
  now?: Date;
}

/**
 * The one way an audit event is written. Pass the transaction of the change it records, so the
 * change and its audit row commit together or not at all.
 */
export async function recordAuditEvent(executor: Executor, input: AuditEventInput): Promise<string> {
  const now = input.now ?? new Date();
  const id = uuidv7(now.getTime());
  await executor.insert(auditEvents).values({
    id,
    action: input.action,
    actorPartyId: input.actorPartyId,
    targetPartyId: input.targetPartyId,
    sessionId: input.sessionId,
    details: input.details ?? null,
    createdAt: now,
  });
  return id;
}

/**
 * Several audit events in one statement (a batch of checks by API, issue 32 §1: up to a thousand
 * events per request), each as recordAuditEvent would write it. Answers their ids in order.
 */
export async function recordAuditEvents(
  executor: Executor,
  inputs: readonly AuditEventInput[],
): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((input) => {
    const now = input.now ?? new Date();
    return {
      id: uuidv7(now.getTime()),
      action: input.action,
      actorPartyId: input.actorPartyId,
      targetPartyId: input.targetPartyId,
      sessionId: input.sessionId,
      details: input.details ?? null,
      createdAt: now,
    };
  });
  await executor.insert(auditEvents).values(rows);
  return rows.map((row) => row.id);
}

/**
 * An audit event of what the signed-in caller did: the person is the actor, with their session,
 * and the details name the staff member when one was switched into the account.
 */
export async function recordAuditEventBy(
  executor: Executor,
  auth: Pick<RequestAuth, 'identityPartyId' | 'sessionId' | 'switchedBy'>,
  input: Omit<AuditEventInput, 'actorPartyId' | 'sessionId' | 'details'> & {
    details: Record<string, unknown>;
  },
): Promise<string> {
  const { details, ...event } = input;
  return recordAuditEvent(executor, {
    ...event,
    actorPartyId: auth.identityPartyId,
    sessionId: auth.sessionId,
    details: { ...details, ...(auth.switchedBy ? { switched_by: auth.switchedBy } : {}) },
  });
}

/**
 * Whether the actor's event of this action about this subject (`subject`: details it holds, such as
 * `{ ticket_id }`) was recorded since `since`: for a look-up audited once per opening rather than
 * once per request. The actor index keeps it to the actor's recent events.
 */
export async function wasAuditedSince(
  executor: Executor,
  input: { action: AuditAction; actorPartyId: string; subject: Record<string, string>; since: Date },
): Promise<boolean> {
  const [row] = await executor
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorPartyId, input.actorPartyId),
        gte(auditEvents.createdAt, input.since),
        eq(auditEvents.action, input.action),
        sql`${auditEvents.details} @> ${JSON.stringify(input.subject)}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The audit events about a person or done by them, for their personal data export: what and when,
 * and which side they were on. Details stay out: they may name other people (whom they invited).
 */
export function listAuditEventsOfParty(executor: Executor, partyId: string) {
  return executor
    .select({
      action: auditEvents.action,
      about_you: sql<boolean>`${auditEvents.targetPartyId} is not distinct from ${partyId}`,
      by_you: sql<boolean>`${auditEvents.actorPartyId} is not distinct from ${partyId}`,
      created_at: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(or(eq(auditEvents.targetPartyId, partyId), eq(auditEvents.actorPartyId, partyId)))
    .orderBy(desc(auditEvents.createdAt));
}

/**
 * Account deletion: the details of events about the person, and of any event that spells out one of
 * their addresses, are erased; what was done and when stays (the event rows are the audit trail).
 */
export async function eraseAuditDetailsAbout(
  executor: Executor,
  partyId: string,
  addresses: readonly string[],
): Promise<void> {
  const mentions = addresses
    .filter((address) => address.length > 0)
    .map((address) => sql`position(${address.toLowerCase()} in lower(${auditEvents.details}::text)) > 0`);
  await executor
    .update(auditEvents)
    .set({ details: null })
    .where(or(eq(auditEvents.targetPartyId, partyId), ...mentions));
}

export interface AccessLogEventRow {
  id: string;
  action: string;
  details: Record<string, unknown> | null;
  createdAt: Date;
}

/**
 * The person's access log (issue 17 §3, access-log-actions.ts): events of ACCESS_LOG_ACTIONS about
 * them done by someone else, newest first; `after` is the id of the last entry of the previous page
 * (an unknown id answers nothing more). Answers at most `limit` rows.
 */
export function listAccessLogEvents(
  executor: Executor,
  partyId: string,
  options: { after?: string | undefined; limit?: number } = {},
): Promise<AccessLogEventRow[]> {
  const conditions = [
    eq(auditEvents.targetPartyId, partyId),
    isNotNull(auditEvents.actorPartyId),
    ne(auditEvents.actorPartyId, partyId),
    inArray(auditEvents.action, [...ACCESS_LOG_ACTIONS]),
  ];
  if (options.after) {
    conditions.push(
      sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (select a.created_at, a.id from audit_events a where a.id = ${options.after})`,
    );
  }
  const query = executor
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      details: sql<Record<string, unknown> | null>`${auditEvents.details}`,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}
