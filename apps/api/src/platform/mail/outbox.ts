import type { Executor } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { uuidv7 } from '../ids.ts';

export interface OutgoingMail {
  to: string;
  language: string;
  /** A stable name of what the mail is (`email_verification`, `password_reset` …), for logs and tests. */
  template: string;
  subject: string;
  text: string;
  html: string;
}

const URL_PATTERN = /https?:\/\/[^\s"'<>]+/g;

/**
 * Queues a mail in the caller's transaction so it is sent if and only if the change commits.
 * The mail worker delivers it (SMTP, or the development mailbox).
 */
export async function enqueueMail(executor: Executor, mail: OutgoingMail): Promise<void> {
  const links = [...new Set(mail.text.match(URL_PATTERN) ?? [])];
  await executor.insert(mailOutbox).values({ id: uuidv7(), ...mail, links });
}
