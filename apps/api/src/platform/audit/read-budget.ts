import type { AuditAction } from '@nbr/domain/backoffice';
import { startOfBudgetDay } from '@nbr/domain/sensitive-reads';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { AppError } from '../errors.ts';
import { translate } from '../i18n/translate.ts';
import { mailLanguage } from '../mail/mail-language.ts';
import { enqueueMail, type OutgoingMail } from '../mail/outbox.ts';
import { renderMail } from '../mail/render.ts';

/*
 * A person's daily budget of one kind of sensitive read (issue 27 probe 8: a national id revealed in
 * full, an owner's contact revealed to the police). The reads are audited already, so the audit log
 * is the count: it is the same on every instance, and a read and its audit event commit together.
 * Two reads by one person at the same moment, on any instances, are put in a row by a transaction
 * lock on the person and the kind of read, so the budget can never be overrun by racing it.
 */

const READ_BUDGET_LOCK_CLASS = 'read-budget';

/**
 * Takes one read of the day's budget in the caller's transaction, before the read's audit event is
 * recorded in it: 429 `read_budget_reached` once `perDay` reads of `action` by the person were
 * audited since local midnight. Answers whether this read is the last of the day's budget (the one
 * to alert the organisation's admins about: that happens once a day, whatever the reads after).
 */
export async function takeReadBudget(
  executor: Executor,
  input: { action: AuditAction; actorPartyId: string; perDay: number; now: Date },
): Promise<{ isLast: boolean }> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`${READ_BUDGET_LOCK_CLASS}:${input.action}`}), hashtext(${input.actorPartyId}))`,
  );
  const [row] = await executor
    .select({ reads: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorPartyId, input.actorPartyId),
        gte(auditEvents.createdAt, startOfBudgetDay(input.now)),
        eq(auditEvents.action, input.action),
      ),
    );
  const reads = Number(row?.reads ?? 0);
  if (reads >= input.perDay) throw new AppError('read_budget_reached');
  return { isLast: reads + 1 === input.perDay };
}

/**
 * The mail to each admin of the organisation when one of its people used up a day's budget of
 * sensitive reads (texts `mail.read_budget.*`), in the admin's language: who, what kind of read,
 * how many, and that the register refuses more until midnight.
 */
function readBudgetReachedMail(input: {
  to: string;
  language: string | null;
  organisation: string;
  person: string;
  kind: 'national_id' | 'owner_contact';
  perDay: number;
  url: string;
}): OutgoingMail {
  const lang = mailLanguage(input.language);
  const params = {
    organisation: input.organisation,
    person: input.person,
    count: String(input.perDay),
  };
  const subject = translate(lang, 'mail.read_budget.subject', params);
  const { text, html } = renderMail({
    language: lang,
    heading: subject,
    paragraphs: [
      translate(lang, `mail.read_budget.${input.kind}`, params),
      translate(lang, 'mail.read_budget.refused', params),
      translate(lang, 'mail.read_budget.check', params),
    ],
    action: { label: translate(lang, 'mail.read_budget.action', params), url: input.url },
    footer: translate(lang, 'mail.footer'),
  });
  return { to: input.to, language: lang, template: `read_budget_reached_${input.kind}`, subject, text, html };
}

/**
 * Queues readBudgetReachedMail to each admin of the organisation, in the reader's transaction, naming
 * the reader by name (their address when they gave none). The one way both budgets alert.
 */
export async function queueReadBudgetMails(
  executor: Executor,
  input: {
    admins: Iterable<{ email: string; language: string | null }>;
    reader: { firstName: string | null; lastName: string | null; email: string } | null;
    organisation: string;
    kind: 'national_id' | 'owner_contact';
    perDay: number;
    url: string;
  },
): Promise<void> {
  const { reader, admins, ...mail } = input;
  const person = [reader?.firstName, reader?.lastName].filter(Boolean).join(' ') || reader?.email || '';
  for (const admin of admins) {
    await enqueueMail(
      executor,
      readBudgetReachedMail({ ...mail, to: admin.email, language: admin.language, person }),
    );
  }
}
