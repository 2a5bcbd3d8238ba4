import nodemailer from 'nodemailer';

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

/**
 * The stand-in for SMTP: nothing leaves the machine. A mail "delivered" here is the outbox row
 * marked sent, which /dev/mailbox shows.
 */
export function createMailboxTransport(): MailTransport {
  return { name: 'mailbox', send: async () => {}, close: async () => {} };
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      try {
        await transporter.sendMail(message);
      } catch (error) {
        // SMTP 5xx replies are final (RFC 5321 §4.2.1); 4xx and network errors are worth retrying.
        const responseCode = (error as { responseCode?: number }).responseCode;
        if (responseCode !== undefined && responseCode >= 500 && responseCode < 600) {
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
