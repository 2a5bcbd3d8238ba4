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
