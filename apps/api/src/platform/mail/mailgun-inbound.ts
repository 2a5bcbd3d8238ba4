import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Inbound mail through Mailgun's routes (forward() to a URL, the "fully parsed" form): a form POST
 * whose fields `timestamp`, `token` and `signature = hex(HMAC-SHA256(signing key, timestamp +
 * token))` authenticate it; `sender` (SMTP MAIL FROM), `from` (the header), `recipient`,
 * `subject`, `body-plain` and `message-headers` (a JSON list of [name, value]) carry the mail.
 * Mailgun adds `X-Mailgun-Spf` and `X-Mailgun-Dkim-Check-Result` (Pass, Fail, …) to the headers: a
 * receiver trusts a From address only when one of them passed.
 */

/** How far a signed timestamp may be from our clock, either way. */
export const MAILGUN_SIGNATURE_MAX_SKEW_MS = 15 * 60 * 1000;

const text = (max: number) => z.string().max(max);

const MailgunInboundFormSchema = z.object({
  timestamp: z.string().regex(/^\d{1,12}$/),
  token: z.string().min(1).max(200),
  signature: z.string().regex(/^[0-9a-fA-F]{64}$/),
  sender: text(500).optional().default(''),
  from: text(500).optional().default(''),
  recipient: text(2000).optional().default(''),
  subject: text(1000).optional().default(''),
  'body-plain': text(100_000).optional().default(''),
  'stripped-text': text(100_000).optional(),
  'message-headers': text(200_000).optional().default('[]'),
  'Message-Id': text(1000).optional(),
});

export interface InboundMail {
  /** The SMTP envelope sender. */
  sender: string;
  /** The From header as written. */
  from: string;
  recipients: string[];
  subject: string;
  /** The text without quoted replies where Mailgun could strip them, else the whole text. */
  text: string;
  messageId: string | null;
  /** SPF or DKIM passed for the mail, by Mailgun's checks. */
  authenticated: boolean;
  /** The signed token: a receiver takes each one once (`useTokenOnce`), so a copy cannot be replayed. */
  token: string;
  /** The signed timestamp: the signature is accepted until MAILGUN_SIGNATURE_MAX_SKEW_MS after it. */
  signedAt: Date;
}

export function signMailgunToken(signingKey: string, timestamp: string, token: string): string {
  return createHmac('sha256', signingKey).update(`${timestamp}${token}`).digest('hex');
}

function headerOf(headers: unknown, name: string): string | null {
  if (!Array.isArray(headers)) return null;
  for (const entry of headers) {
    if (
      Array.isArray(entry) &&
      typeof entry[0] === 'string' &&
      entry[0].toLowerCase() === name.toLowerCase()
    ) {
      return typeof entry[1] === 'string' ? entry[1] : null;
    }
  }
  return null;
}

/**
 * The mail of a verified Mailgun POST, or null when the form is not Mailgun's or its signature is
 * wrong or stale (the caller answers 401 and changes nothing).
 */
export function verifyMailgunInbound(
  signingKey: string,
  body: unknown,
  now = Date.now(),
): InboundMail | null {
  const parsed = MailgunInboundFormSchema.safeParse(body);
  if (!parsed.success) return null;
  const form = parsed.data;
  const expected = Buffer.from(signMailgunToken(signingKey, form.timestamp, form.token), 'hex');
  const given = Buffer.from(form.signature, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Math.abs(now - Number(form.timestamp) * 1000) > MAILGUN_SIGNATURE_MAX_SKEW_MS) return null;

  let headers: unknown = [];
  try {
    headers = JSON.parse(form['message-headers']);
  } catch {
    headers = [];
  }
  const passed = (value: string | null) => value?.trim().toLowerCase() === 'pass';
  return {
    sender: form.sender,
    from: form.from,
    recipients: form.recipient
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean),
    subject: form.subject,
    text: form['stripped-text'] ?? form['body-plain'],
    messageId: form['Message-Id'] ?? headerOf(headers, 'Message-Id'),
    authenticated:
      passed(headerOf(headers, 'X-Mailgun-Spf')) || passed(headerOf(headers, 'X-Mailgun-Dkim-Check-Result')),
    token: form.token,
    signedAt: new Date(Number(form.timestamp) * 1000),
  };
}

/** A signed form as Mailgun posts it: for the stand-in and the tests. */
export function mailgunInboundForm(
  signingKey: string,
  mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    messageId?: string;
    spf?: string;
    dkim?: string;
    now?: number;
  },
): Record<string, string> {
  const timestamp = String(Math.floor((mail.now ?? Date.now()) / 1000));
  const token = randomBytes(25).toString('hex');
  const messageId = mail.messageId ?? `<${token.slice(0, 20)}@mail.example>`;
  return {
    timestamp,
    token,
    signature: signMailgunToken(signingKey, timestamp, token),
    sender: mail.from.replace(/^.*<([^>]+)>.*$/, '$1'),
    from: mail.from,
    recipient: mail.to,
    subject: mail.subject,
    'body-plain': mail.text,
    'message-headers': JSON.stringify([
      ['X-Mailgun-Spf', mail.spf ?? 'Pass'],
      ['X-Mailgun-Dkim-Check-Result', mail.dkim ?? 'Pass'],
      ['Message-Id', messageId],
      ['From', mail.from],
      ['To', mail.to],
      ['Subject', mail.subject],
    ]),
    'Message-Id': messageId,
  };
}
