import nodemailer from 'nodemailer';
import { uuidv7 } from '../ids.ts';
import { linksOf } from './links.ts';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where the worker hands mails over to. */
export interface MailTransport {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** A failure the receiving server will repeat however often we retry (an unknown mailbox, say). */
export class PermanentMailError extends Error {}

/** A mail as the stand-in's mailbox holds it once delivered. */
export interface DeliveredMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every URL in the text, for the development mailbox and the e2e journeys that follow them. */
  links: string[];
  deliveredAt: Date;
}

/** The stand-in for SMTP, with the mailbox it delivers into (what /dev/mailbox shows). */
export interface MailboxTransport extends MailTransport {
  readonly name: 'mailbox';
  /** Delivered mails, newest first; `to` matches case-insensitively. */
  list(to: string | undefined, limit: number): DeliveredMail[];
  find(id: string): DeliveredMail | undefined;
}

/** Enough for any test or demo session; the oldest mails go first beyond it. */
const MAILBOX_CAPACITY = 5000;

/**
 * The stand-in for SMTP: nothing leaves the machine. Like a real mail server it keeps its own copy
 * of what it was handed, in memory (a restart empties it): the outbox forgets a mail's body and
 * links once it is delivered (worker.ts), so the register itself never holds working links.
 */
export function createMailboxTransport(): MailboxTransport {
  const delivered: DeliveredMail[] = [];
  return {
    name: 'mailbox',
    async send(message) {
      const { to, subject, text, html } = message;
      delivered.push({
        id: uuidv7(),
        to,
        subject,
        text,
        html,
        links: linksOf(text),
        deliveredAt: new Date(),
      });
      if (delivered.length > MAILBOX_CAPACITY) delivered.splice(0, delivered.length - MAILBOX_CAPACITY);
    },
    list(to, limit) {
      const address = to?.toLowerCase();
      const newestFirst = delivered.toReversed();
      return (address ? newestFirst.filter((mail) => mail.to.toLowerCase() === address) : newestFirst).slice(
        0,
        limit,
      );
    },
    find(id) {
      return delivered.find((mail) => mail.id === id);
    },
    close: async () => {},
  };
}

export function isMailboxTransport(transport: MailTransport): transport is MailboxTransport {
  return transport.name === 'mailbox' && 'list' in transport;
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  // nodemailer waits up to 10 minutes on a silent server; a send must end well within the mail
  // worker's lease (5 minutes), or another instance would take the mail over and send it again.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    name: 'smtp',
    async send(message) {
      try {
        await transporter.sendMail(message);
      } catch (error) {
        // A 5xx reply to this mail's envelope or content is final (RFC 5321 §4.2.1). A 5xx to the
        // log-in or the greeting (wrong credentials, a server refusing service) says nothing about
        // the mail: like 4xx and network errors it is retried, or every mail would be lost with it.
        const { responseCode, code } = error as { responseCode?: number; code?: string };
        const isAboutThisMail = code === 'EENVELOPE' || code === 'EMESSAGE';
        if (isAboutThisMail && responseCode !== undefined && responseCode >= 500 && responseCode < 600) {
          throw new PermanentMailError((error as Error).message, { cause: error });
        }
        throw error;
      }
    },
    async close() {
      transporter.close();
    },
  };
}
