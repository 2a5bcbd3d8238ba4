import { and, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { createPeriodicPass, logPassFailure } from '../periodic-pass.ts';
import { countMailDelivery } from '../telemetry/metrics.ts';
import { SCRUBBED_MAIL } from './outbox.ts';
import { type MailTransport, PermanentMailError } from './transport.ts';

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  logger: FastifyBaseLogger;
  /** Pause between polls of the outbox. */
  intervalMs?: number;
  batchSize?: number;
  /** After this many failed attempts a mail is marked failed and left alone. */
  maxAttempts?: number;
  /** Seconds to wait before attempt n+1 after n failures. */
  backoffSeconds?: (failures: number) => number;
  /** A claimed mail not settled within this many seconds (the instance died) is tried again. */
  leaseSeconds?: number;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailWorker {
  /** Delivers every mail that is due now. Calls queue behind each other, so none is skipped. */
  runOnce(): Promise<DeliveryReport>;
  /** Polls the outbox until stopped. */
  start(): void;
  /** Stops polling and waits for the delivery under way. */
  stop(): Promise<void>;
}

/** 30 s, 1 min, 2 min … capped at an hour: about three hours of outage before a mail fails. */
export function defaultBackoffSeconds(failures: number): number {
  return Math.min(30 * 2 ** (failures - 1), 3600);
}

const secondsFromNow = (seconds: number) => sql`now() + (${seconds} * interval '1 second')`;
const leaseText = sql<string>`${mailOutbox.nextAttemptAt}::text`;

/**
 * Delivers the mail outbox. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several
 * API instances share the work without sending a mail twice; a crash mid-send only delays a mail.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const {
    db,
    transport,
    from,
    logger,
    intervalMs = 1000,
    batchSize = 20,
    maxAttempts = 10,
    backoffSeconds = defaultBackoffSeconds,
    leaseSeconds = 300,
  } = options;

  async function claim() {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ nextAttemptAt: secondsFromNow(leaseSeconds) })
      .where(inArray(mailOutbox.id, due))
      .returning({ ...getTableColumns(mailOutbox), lease: leaseText });
  }

  /**
   * Renews the lease of a claimed mail just before it is sent, if it is still ours: a batch can take
   * longer than the lease (slow SMTP), and another instance may then have claimed the rest of it.
   * The lease is compared as text, exact to the microsecond, which a JavaScript Date is not.
   */
  async function stillOurs(mail: { id: string; lease: string }): Promise<boolean> {
    const [row] = await db
      .update(mailOutbox)
      .set({ nextAttemptAt: secondsFromNow(leaseSeconds) })
      .where(
        and(
          eq(mailOutbox.id, mail.id),
          eq(mailOutbox.status, 'pending'),
          sql`${mailOutbox.nextAttemptAt} = ${mail.lease}::timestamptz`,
        ),
      )
      .returning({ id: mailOutbox.id });
    return row !== undefined;
  }

  async function pass(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      // Oldest first (ids are uuidv7), so mails reach a mailbox in the order they were written.
      const batch = (await claim()).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      for (const mail of batch) {
        const attempts = mail.attempts + 1;
        if (!(await stillOurs(mail))) {
          logger.warn({ mail_id: mail.id }, 'mail lease lost to another worker; not sending it here');
          continue;
        }
        try {
          await transport.send({
            from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          });
          if (mail.forgetAfterDelivery) await db.delete(mailOutbox).where(eq(mailOutbox.id, mail.id));
          else
            await db
              .update(mailOutbox)
              .set({ ...SCRUBBED_MAIL, status: 'sent', attempts, sentAt: sql`now()`, lastError: null })
              .where(eq(mailOutbox.id, mail.id));
          report.sent += 1;
          countMailDelivery('sent');
          logger.info(
            { mail_id: mail.id, template: mail.template, transport: transport.name },
            'mail delivered',
          );
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const isFinal = error instanceof PermanentMailError || attempts >= maxAttempts;
          await db
            .update(mailOutbox)
            .set(
              isFinal
                ? { ...SCRUBBED_MAIL, status: 'failed', attempts, lastError: message.slice(0, 1000) }
                : {
                    attempts,
                    lastError: message.slice(0, 1000),
                    nextAttemptAt: secondsFromNow(backoffSeconds(attempts)),
                  },
            )
            .where(eq(mailOutbox.id, mail.id));
          if (isFinal) report.failed += 1;
          else report.retried += 1;
          countMailDelivery(isFinal ? 'failed' : 'retry');
          logger[isFinal ? 'error' : 'warn'](
            { mail_id: mail.id, template: mail.template, attempts, err: error },
            isFinal ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
          );
        }
      }
      if (batch.length < batchSize) return report;
    }
  }

  const periodic = createPeriodicPass({
    name: 'mail-worker',
    pass: () => pass(),
    intervalMs,
    onError: logPassFailure(logger, 'mail worker pass failed'),
  });
  return {
    runOnce: () => periodic.runOnce(),
    start: periodic.start,
    stop: periodic.stop,
  };
}
