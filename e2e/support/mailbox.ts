import type { APIRequestContext } from '@playwright/test';

/** One message of the built-in mailbox (GET /dev/mailbox/messages), as ARCHITECTURE §7 fixes it. */
export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every URL in the mail. */
  links: string[];
  created_at: string;
}

/** Every mail to an address, newest first. */
export async function readMailbox(request: APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get('/dev/mailbox/messages', { params: { to } });
  if (!response.ok()) {
    throw new Error(`GET /dev/mailbox/messages answered ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as Mail[];
}

export interface WaitForMailOptions {
  /** Only a mail whose subject matches. */
  subject?: string | RegExp;
  /** Only a mail that is not one of these (pass the ids seen before an action to wait for a new one). */
  excluding?: readonly Pick<Mail, 'id'>[];
  /** Only a mail with a link to this path, e.g. '/verify-email'. */
  linkPath?: string;
  timeout?: number;
}

/**
 * Waits for the newest mail to an address that matches the options. The outbox worker sends
 * asynchronously, so a mail may arrive a moment after the request that caused it.
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  options: WaitForMailOptions = {},
): Promise<Mail> {
  const { subject, excluding = [], linkPath, timeout = 15_000 } = options;
  const seen = new Set(excluding.map((mail) => mail.id));
  const deadline = Date.now() + timeout;
  let last: Mail[] = [];
  for (;;) {
    last = await readMailbox(request, to);
    const match = last.find(
      (mail) =>
        !seen.has(mail.id) &&
        (subject === undefined ||
          (typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject))) &&
        (linkPath === undefined || findLink(mail, linkPath) !== undefined),
    );
    if (match) return match;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const summary = last.map((mail) => `  - ${mail.created_at} "${mail.subject}"`).join('\n') || '  (none)';
  throw new Error(
    `No mail to ${to} matching ${JSON.stringify({ subject: subject?.toString(), linkPath })} within ${timeout} ms. Mails to that address:\n${summary}`,
  );
}

/** The first link in a mail whose path is `path` (e.g. '/reset-password'), or undefined. */
export function findLink(mail: Mail, path: string): URL | undefined {
  for (const link of mail.links) {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      continue;
    }
    if (url.pathname.replace(/\/+$/, '') === path.replace(/\/+$/, '')) return url;
  }
  return undefined;
}

/** Like findLink, but throws a readable error listing the links the mail does have. */
export function linkTo(mail: Mail, path: string): URL {
  const url = findLink(mail, path);
  if (!url)
    throw new Error(`Mail "${mail.subject}" has no link to ${path}; its links: ${mail.links.join(', ')}`);
  return url;
}

/** A link from a mail as a path plus query, to open with page.goto against the suite's baseURL. */
export function relativeLink(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}
