import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Transactional outbox: a mail is written in the same transaction as the change that causes it and
 * delivered afterwards by the mail worker (SMTP, or the built-in mailbox in development).
 * Mails are rendered when enqueued, in the recipient's language.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    to: text('to').notNull(),
    language: text('language').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /**
     * Deleted once delivered instead of scrubbed: a mail to an address the register must forget (the
     * goodbye to a deleted account), so not even its recipient stays behind.
     */
    forgetAfterDelivery: boolean('forget_after_delivery').notNull().default(false),
    /** Every URL in the mail, while it is pending (for the development mailbox and tests). */
    links: jsonb('links').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_pending_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_to_idx').on(table.to, table.createdAt),
  ],
);
