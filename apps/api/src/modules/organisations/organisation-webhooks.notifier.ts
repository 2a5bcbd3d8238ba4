import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_HEADERS, type WebhookErrorKind } from '@nbr/domain/checks';
import { and, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organisationWebhookAttempts, organisationWebhookEvents } from '../../db/schema/organisations.ts';
import type { FieldEncryption } from '../../platform/crypto/field-encryption.ts';
import { signWebhook } from '../../platform/crypto/webhook-signature.ts';
import {
  BlockedAddressError,
  guardedLookup,
  isAllowedTargetUrl,
  type OutboundPolicy,
} from '../../platform/http/outbound-target.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { createPeriodicPass, logPassFailure, type PassLogger } from '../../platform/periodic-pass.ts';
import { deleteEventsEndedBefore, findWebhook } from './organisation-webhooks.repository.ts';

/*
 * Delivers the organisations' webhook events (issue 32 §1; docs/checks-api.md). Every API instance
 * runs this pass: due events are claimed with FOR UPDATE SKIP LOCKED and a lease (as the mail worker
 * does), so instances share the work and an event is sent by one of them at a time; an instance that
 * dies mid-delivery leaves the event to be tried again when its lease ends (at least once). Each
 * attempt is recorded: when, the HTTP status or why there was none, never what the receiver answered.
 */

export interface WebhookDeliveryOptions {
  db: Database;
  encryption: FieldEncryption;
  outbound: OutboundPolicy;
  logger: PassLogger & { info(details: Record<string, unknown>, message: string): void };
  intervalMs?: number;
  batchSize?: number;
  /** A receiver that has not answered within this many milliseconds has failed the attempt. */
  timeoutMs?: number;
  /** A claimed event not settled within this many seconds (the instance died) is tried again. */
  leaseSeconds?: number;
}

export interface WebhookDeliveryReport {
  delivered: number;
  retried: number;
  failed: number;
  /** Events that ended more than WEBHOOK_EVENTS_KEPT_DAYS ago, deleted by this pass (retention). */
  deleted: number;
}

export type WebhookDeliveryPass = ReturnType<typeof createWebhookDeliveryPass>;

/** Attempts in all before an event is marked failed: about 20 hours with the schedule below. */
export const WEBHOOK_MAX_ATTEMPTS = 13;
const BACKOFF_BASE_SECONDS = 30;
const BACKOFF_CAP_SECONDS = 6 * 3600;
/**
 * How long a delivered or failed event and its attempts are kept for the admins' list (docs/checks-api.md).
 * Each pass deletes at most RETENTION_BATCH of them: the backlog of a long stop goes over a few passes.
 */
export const WEBHOOK_EVENTS_KEPT_DAYS = 90;
const RETENTION_BATCH = 1000;

/**
 * Seconds before attempt n+1 after n failures: 30 s doubling to a cap of 6 h (30 s, 1 min, 2 min … 2 h
 * 8 min, 4 h 16 min, then 6 h), each spread ±20 % so receivers coming back are not hit all at once.
 */
export function webhookBackoffSeconds(failures: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_BASE_SECONDS * 2 ** (failures - 1), BACKOFF_CAP_SECONDS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

interface Outcome {
  httpStatus: number | null;
  errorKind: WebhookErrorKind | null;
}

/** POSTs the body; never follows a redirect (a 3xx is a failed attempt) and never reads the answer. */
function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  outbound: OutboundPolicy,
  timeoutMs: number,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        lookup: guardedLookup(outbound),
        timeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        resolve({ httpStatus: status, errorKind: status >= 200 && status < 300 ? null : 'http_status' });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: Error & { code?: string }) => {
      const kind: WebhookErrorKind =
        error instanceof BlockedAddressError || error.cause instanceof BlockedAddressError
          ? 'blocked_address'
          : error.message === 'timeout' || error.name === 'TimeoutError' || error.code === 'ABORT_ERR'
            ? 'timeout'
            : 'connection';
      resolve({ httpStatus: null, errorKind: kind });
    });
    request.end(body);
  });
}

export function createWebhookDeliveryPass(options: WebhookDeliveryOptions) {
  const {
    db,
    encryption,
    outbound,
    logger,
    intervalMs = 2000,
    batchSize = 10,
    timeoutMs = 10_000,
    leaseSeconds = 120,
  } = options;
  const leaseText = sql<string>`${organisationWebhookEvents.nextAttemptAt}::text`;

  async function claim(now: Date) {
    const due = db
      .select({ id: organisationWebhookEvents.id })
      .from(organisationWebhookEvents)
      .where(
        and(
          eq(organisationWebhookEvents.status, 'pending'),
          lte(organisationWebhookEvents.nextAttemptAt, now),
        ),
      )
      .orderBy(organisationWebhookEvents.nextAttemptAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(organisationWebhookEvents)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseSeconds * 1000) })
      .where(inArray(organisationWebhookEvents.id, due))
      .returning({ ...getTableColumns(organisationWebhookEvents), lease: leaseText });
  }

  async function deliver(
    event: Awaited<ReturnType<typeof claim>>[number],
    now: Date,
  ): Promise<'delivered' | 'retried' | 'failed'> {
    const webhook = await findWebhook(db, event.organisationPartyId);
    const started = Date.now();
    let outcome: Outcome;
    if (!webhook) outcome = { httpStatus: null, errorKind: 'no_webhook' };
    else if (!isAllowedTargetUrl(webhook.url, outbound))
      outcome = { httpStatus: null, errorKind: 'blocked_address' };
    else {
      const body = JSON.stringify({
        id: event.id,
        type: event.type,
        created_at: event.createdAt.toISOString(),
        data: event.payload,
      });
      const timestamp = Math.floor(Date.now() / 1000);
      outcome = await post(
        webhook.url,
        {
          'content-type': 'application/json',
          'user-agent': 'NordicBikeRegistry-Webhook/1',
          [WEBHOOK_HEADERS.id]: event.id,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(encryption.decrypt(webhook.secretSealed), timestamp, body),
        },
        body,
        outbound,
        timeoutMs,
      );
    }
    const tries = event.tries + 1;
    const delivered = outcome.errorKind === null;
    // Without a webhook there is nowhere to try again; an admin who sets one resends it.
    const isFinal = !delivered && (outcome.errorKind === 'no_webhook' || tries >= WEBHOOK_MAX_ATTEMPTS);
    await db.transaction(async (tx) => {
      await tx.insert(organisationWebhookAttempts).values({
        id: uuidv7(),
        eventId: event.id,
        attemptedAt: new Date(started),
        httpStatus: outcome.httpStatus,
        errorKind: outcome.errorKind,
        durationMs: Date.now() - started,
      });
      await tx
        .update(organisationWebhookEvents)
        .set(
          delivered
            ? { status: 'delivered', tries, deliveredAt: new Date() }
            : isFinal
              ? { status: 'failed', tries }
              : { tries, nextAttemptAt: new Date(now.getTime() + webhookBackoffSeconds(tries) * 1000) },
        )
        .where(eq(organisationWebhookEvents.id, event.id));
    });
    const result = delivered ? 'delivered' : isFinal ? 'failed' : 'retried';
    const details = {
      event_id: event.id,
      organisation_party_id: event.organisationPartyId,
      http_status: outcome.httpStatus,
      error_kind: outcome.errorKind,
      tries,
    };
    if (result === 'delivered') logger.info(details, 'webhook event delivered');
    else
      logger.warn(
        details,
        result === 'failed' ? 'webhook event failed for good' : 'webhook event failed; will retry',
      );
    return result;
  }

  /**
   * Renews the lease of a claimed event just before it is sent, if it is still ours (a batch with slow
   * receivers can outlast the lease, and another instance may have claimed the rest of it by then).
   */
  async function stillOurs(event: { id: string; lease: string }, now: Date): Promise<boolean> {
    const [row] = await db
      .update(organisationWebhookEvents)
      .set({ nextAttemptAt: new Date(Math.max(now.getTime(), Date.now()) + leaseSeconds * 1000) })
      .where(
        and(
          eq(organisationWebhookEvents.id, event.id),
          eq(organisationWebhookEvents.status, 'pending'),
          sql`${organisationWebhookEvents.nextAttemptAt} = ${event.lease}::timestamptz`,
        ),
      )
      .returning({ id: organisationWebhookEvents.id });
    return row !== undefined;
  }

  async function pass(now: Date): Promise<WebhookDeliveryReport> {
    const report: WebhookDeliveryReport = { delivered: 0, retried: 0, failed: 0, deleted: 0 };
    const keptSince = new Date(now.getTime() - WEBHOOK_EVENTS_KEPT_DAYS * 86_400_000);
    report.deleted = await deleteEventsEndedBefore(
      db,
      { at: keptSince, idBelow: uuidv7(keptSince.getTime()) },
      RETENTION_BATCH,
    );
    for (;;) {
      const batch = await claim(now);
      const results = await Promise.all(
        batch.map(async (event) => {
          try {
            return (await stillOurs(event, now)) ? await deliver(event, now) : null;
          } catch (error) {
            // One event that cannot be handled (a secret sealed with a key no longer accepted, the
            // database gone mid-way) must not hold up the others; it is tried again when its lease ends.
            logger.error({ err: error, event_id: event.id }, 'webhook event could not be handled');
            return null;
          }
        }),
      );
      for (const result of results) if (result) report[result] += 1;
      if (batch.length < batchSize) return report;
    }
  }

  return createPeriodicPass({
    name: 'webhook-delivery',
    pass,
    intervalMs,
    onError: logPassFailure(logger, 'webhook delivery pass failed'),
  });
}
