import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bikes } from './bikes.ts';
import { parties } from './identity.ts';
import { orders } from './webshop.ts';

/**
 * A support conversation (issue 17 §2): asked by a person (requester_party_id) or by a visitor whose
 * address is confirmed by a mailed link (guest_email; confirmed_at is null until then and the ticket
 * is not shown to staff). status: open (waits for staff) | waiting (waits for the person) | closed.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey(),
    /** account | bike | order (SUPPORT_SUBJECT_KINDS). */
    subjectKind: text('subject_kind').notNull(),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('open'),
    requesterPartyId: uuid('requester_party_id').references(() => parties.id, { onDelete: 'cascade' }),
    guestEmail: text('guest_email'),
    /** The language a visitor wrote in (their mails); a person's mails follow their profile. */
    guestLanguage: text('guest_language'),
    /** When the ticket reached staff: at once for a person, when the mailed link is followed for a visitor. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    assignedPartyId: uuid('assigned_party_id').references(() => parties.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('support_tickets_queue_idx')
      .on(table.status, table.lastMessageAt)
      .where(sql`${table.confirmedAt} is not null`),
    index('support_tickets_requester_idx').on(table.requesterPartyId),
    index('support_tickets_guest_email_idx').on(table.guestEmail),
  ],
);

/** A message in a ticket; ids are uuidv7, so ordering by id is ordering by time. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** person | staff */
    authorKind: text('author_kind').notNull(),
    /** The staff member who wrote (null for the person's messages, and once the staff account is gone). */
    staffPartyId: uuid('staff_party_id').references(() => parties.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_ticket_messages_ticket_idx').on(table.ticketId, table.id)],
);
