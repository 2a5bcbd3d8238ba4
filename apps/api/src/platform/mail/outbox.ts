import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { uuidv7 } from '../ids.ts';
import { linksOf } from './links.ts';

export interface OutgoingMail {
  to: string;
  language: string;
  /** A stable name of what the mail is (`email_verification`, `password_reset` …), for logs and tests. */
  template: string;
  subject: string;
  text: string;
  html: string;
  /** Leave nothing of the mail once delivered, not even its recipient (the goodbye of a deleted account). */
  forgetAfterDelivery?: boolean;
}

/**
 * Queues a mail in the caller's transaction so it is sent if and only if the change commits.
 * The mail worker delivers it (SMTP, or the development mailbox) and then scrubs the row
 * (`SCRUBBED_MAIL`): only pending mails hold their body and links.
 */
export async function enqueueMail(executor: Executor, mail: OutgoingMail): Promise<void> {
  const links = linksOf(mail.text);
  await executor.insert(mailOutbox).values({ id: uuidv7(), ...mail, links });
}

/** enqueueMail for many mails in one statement (a bulk import's invitations). */
export async function enqueueMails(executor: Executor, mails: readonly OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await executor
    .insert(mailOutbox)
    .values(mails.map((mail) => ({ id: uuidv7(), ...mail, links: linksOf(mail.text) })));
}

/**
 * What is left of a mail once it is delivered or given up on: template, recipient, times, status
 * and error stay for operations; subject, body and links go, since a delivered mail's one-time
 * link (a password reset) must not keep working for whoever reads the table.
 */
export const SCRUBBED_MAIL = { subject: '', text: '', html: '', links: [] as string[] } as const;

/** The mails sent to these addresses as the outbox keeps them (what, when, whether delivered). */
export function listMailsTo(executor: Executor, addresses: readonly string[]) {
  return executor
    .select({
      template: mailOutbox.template,
      to: mailOutbox.to,
      status: mailOutbox.status,
      created_at: mailOutbox.createdAt,
      sent_at: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, [...addresses]))
    .orderBy(desc(mailOutbox.createdAt));
}

/**
 * Withdraws the mails still waiting to go out that name a person whose account is being deleted
 * (their name, address or phone in another person's notice): they are marked failed and scrubbed, so
 * neither the name nor a link is sent or kept. Delivered mails hold neither already.
 */
export async function withdrawPendingMailsNaming(
  executor: Executor,
  needles: readonly string[],
): Promise<void> {
  const terms = needles.map((needle) => needle.trim().toLowerCase()).filter((needle) => needle.length >= 3);
  if (terms.length === 0) return;
  const mentions = terms.map(
    (term) =>
      sql`(position(${term} in lower(${mailOutbox.text})) > 0 or position(${term} in lower(${mailOutbox.subject})) > 0)`,
  );
  await executor
    .update(mailOutbox)
    .set({ ...SCRUBBED_MAIL, status: 'failed', lastError: 'withdrawn: it named a deleted account' })
    .where(and(eq(mailOutbox.status, 'pending'), or(...mentions)));
}

/**
 * Undelivered mails and how long the oldest has waited, in seconds (metrics, at every scrape): one
 * count over the pending rows, which the (status, next_attempt_at) index finds.
 */
export async function outboxBacklog(
  executor: Executor,
): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const [row] = await executor
    .select({
      pending: sql<number>`count(*)::int`,
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt})), 0)::float8`,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'));
  return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: Number(row?.oldestAgeSeconds ?? 0) };
}
