import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  organisations,
  organisationWebhookAttempts,
  organisationWebhookEvents,
  organisationWebhooks,
} from '../../db/schema/organisations.ts';

export type WebhookRow = typeof organisationWebhooks.$inferSelect;
export type WebhookEventRow = typeof organisationWebhookEvents.$inferSelect;

export function findWebhook(
  executor: Executor,
  organisationPartyId: string,
): Promise<WebhookRow | undefined> {
  return executor
    .select()
    .from(organisationWebhooks)
    .where(eq(organisationWebhooks.organisationPartyId, organisationPartyId))
    .then((rows) => rows[0]);
}

/** Sets the organisation's webhook: a new one, or a new address (and secret, when given) for the one it has. */
export async function upsertWebhook(
  executor: Executor,
  values: { organisationPartyId: string; url: string; secretSealed: string; secretHint: string; now: Date },
  keepSecret: boolean,
): Promise<WebhookRow> {
  const [row] = await executor
    .insert(organisationWebhooks)
    .values({ ...values, createdAt: values.now, updatedAt: values.now })
    .onConflictDoUpdate({
      target: organisationWebhooks.organisationPartyId,
      set: keepSecret
        ? { url: values.url, updatedAt: values.now }
        : {
            url: values.url,
            secretSealed: values.secretSealed,
            secretHint: values.secretHint,
            updatedAt: values.now,
          },
    })
    .returning();
  if (!row) throw new Error('upsert organisation_webhooks returned no row');
  return row;
}

export async function replaceSecret(
  executor: Executor,
  organisationPartyId: string,
  secretSealed: string,
  secretHint: string,
  now: Date,
): Promise<WebhookRow | null> {
  const [row] = await executor
    .update(organisationWebhooks)
    .set({ secretSealed, secretHint, updatedAt: now })
    .where(eq(organisationWebhooks.organisationPartyId, organisationPartyId))
    .returning();
  return row ?? null;
}

export async function deleteWebhook(executor: Executor, organisationPartyId: string): Promise<boolean> {
  const rows = await executor
    .delete(organisationWebhooks)
    .where(eq(organisationWebhooks.organisationPartyId, organisationPartyId))
    .returning({ id: organisationWebhooks.organisationPartyId });
  return rows.length > 0;
}

/**
 * The organisations among these that have a webhook and are not suspended (nobody may act for a
 * suspended one, and its keys are refused), with their type (the police get more).
 */
export async function organisationsWithWebhook(
  executor: Executor,
  organisationPartyIds: readonly string[],
): Promise<Array<{ partyId: string; type: string }>> {
  if (organisationPartyIds.length === 0) return [];
  return executor
    .select({ partyId: organisations.partyId, type: organisations.type })
    .from(organisationWebhooks)
    .innerJoin(organisations, eq(organisations.partyId, organisationWebhooks.organisationPartyId))
    .where(
      and(
        inArray(organisationWebhooks.organisationPartyId, [...organisationPartyIds]),
        isNull(organisations.suspendedAt),
      ),
    );
}

/** Queues events; one that exists already for the same organisation and theft report is left as it is. */
export async function insertEvents(
  executor: Executor,
  events: Array<typeof organisationWebhookEvents.$inferInsert>,
): Promise<void> {
  if (events.length === 0) return;
  await executor.insert(organisationWebhookEvents).values(events).onConflictDoNothing();
}

/**
 * Retention: up to `limit` events that ended (delivered or failed) and were made before `before`, with
 * their attempts (cascade). Event ids are UUIDv7, so the primary key finds the old ones without a scan.
 */
export async function deleteEventsEndedBefore(
  executor: Executor,
  before: { at: Date; idBelow: string },
  limit: number,
): Promise<number> {
  const old = executor
    .select({ id: organisationWebhookEvents.id })
    .from(organisationWebhookEvents)
    .where(
      and(
        lt(organisationWebhookEvents.id, before.idBelow),
        lt(organisationWebhookEvents.createdAt, before.at),
        inArray(organisationWebhookEvents.status, ['delivered', 'failed']),
      ),
    )
    .limit(limit);
  const deleted = await executor
    .delete(organisationWebhookEvents)
    .where(inArray(organisationWebhookEvents.id, old))
    .returning({ id: organisationWebhookEvents.id });
  return deleted.length;
}

/** The organisation's newest events with their attempts (count, last one). */
export async function listRecentEvents(executor: Executor, organisationPartyId: string, limit: number) {
  const result = await executor.execute(sql`
    select e.id, e.type, e.status, e.created_at, e.next_attempt_at,
           coalesce(a.attempts, 0)::int as attempts, a.last_attempt_at, a.last_http_status, a.last_error
      from ${organisationWebhookEvents} e
      left join lateral (
        select count(*) over () as attempts, x.attempted_at as last_attempt_at,
               x.http_status as last_http_status, x.error_kind as last_error
          from ${organisationWebhookAttempts} x
         where x.event_id = e.id
         order by x.attempted_at desc
         limit 1
      ) a on true
     where e.organisation_party_id = ${organisationPartyId}
     order by e.created_at desc, e.id desc
     limit ${limit}
  `);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((row) => ({
    id: String(row.id),
    type: String(row.type),
    status: String(row.status),
    createdAt: new Date(row.created_at as string | Date),
    nextAttemptAt: new Date(row.next_attempt_at as string | Date),
    attempts: Number(row.attempts),
    lastAttemptAt: row.last_attempt_at ? new Date(row.last_attempt_at as string | Date) : null,
    lastHttpStatus:
      row.last_http_status === null || row.last_http_status === undefined
        ? null
        : Number(row.last_http_status),
    lastError: row.last_error === null || row.last_error === undefined ? null : String(row.last_error),
  }));
}

export type RecentEventRow = Awaited<ReturnType<typeof listRecentEvents>>[number];

/** A failed event of the organisation is queued again, due now, with a fresh retry schedule. */
export async function requeueFailedEvent(
  executor: Executor,
  organisationPartyId: string,
  eventId: string,
  now: Date,
): Promise<'requeued' | 'not_failed' | 'not_found'> {
  const [row] = await executor
    .update(organisationWebhookEvents)
    .set({ status: 'pending', tries: 0, nextAttemptAt: now })
    .where(
      and(
        eq(organisationWebhookEvents.id, eventId),
        eq(organisationWebhookEvents.organisationPartyId, organisationPartyId),
        eq(organisationWebhookEvents.status, 'failed'),
      ),
    )
    .returning({ id: organisationWebhookEvents.id });
  if (row) return 'requeued';
  const [exists] = await executor
    .select({ id: organisationWebhookEvents.id })
    .from(organisationWebhookEvents)
    .where(
      and(
        eq(organisationWebhookEvents.id, eventId),
        eq(organisationWebhookEvents.organisationPartyId, organisationPartyId),
      ),
    );
  return exists ? 'not_failed' : 'not_found';
}

/** Webhook secrets sealed with another key than `keyId` (field-encryption.ts: `v1.<key id>.…`). */
export function listSecretsSealedWithOtherKey(
  executor: Executor,
  keyId: string,
  limit: number,
): Promise<Array<{ organisationPartyId: string; secretSealed: string }>> {
  return executor
    .select({
      organisationPartyId: organisationWebhooks.organisationPartyId,
      secretSealed: organisationWebhooks.secretSealed,
    })
    .from(organisationWebhooks)
    .where(sql`${organisationWebhooks.secretSealed} not like ${`v1.${keyId}.%`}`)
    .limit(limit);
}

/** Replaces a sealed secret, unless it changed meanwhile (a rotation by the admin wins). */
export async function replaceSealedSecret(
  executor: Executor,
  organisationPartyId: string,
  previous: string,
  next: string,
): Promise<void> {
  await executor
    .update(organisationWebhooks)
    .set({ secretSealed: next })
    .where(
      and(
        eq(organisationWebhooks.organisationPartyId, organisationPartyId),
        eq(organisationWebhooks.secretSealed, previous),
      ),
    );
}
