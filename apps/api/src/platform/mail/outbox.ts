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

/**
 * What is left of a mail once it is delivered or given up on: template, recipient, times, status
 * and error stay for operations; subject, body and links go, since a delivered mail's one-time
 * link (a password reset) must not keep working for whoever reads the table.
 */
export const SCRUBBED_MAIL = { subject: '', text: '', html: '', links: [] as string[] } as const;
