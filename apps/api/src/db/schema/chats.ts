import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bikes } from './bikes.ts';
import { parties } from './identity.ts';
import { ownershipRequests, ownershipTransfers } from './ownership.ts';

/**
 * A conversation about one subject (CHAT_SUBJECT_KINDS): a bike (someone contacting its owner), a
 * transfer or an ownership request. One chat per transfer and per request (unique indexes).
 */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey(),
    /** bike | transfer | request */
    subjectKind: text('subject_kind').notNull(),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    transferId: uuid('transfer_id').references(() => ownershipTransfers.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').references(() => ownershipRequests.id, { onDelete: 'cascade' }),
    /**
     * For bike chats: who started it (one chat per bike and person); null for the register's chat
     * with the owner, which our staff write in together (one per bike, `chats_bike_register_key`).
     */
    startedByPartyId: uuid('started_by_party_id').references(() => parties.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chats_transfer_key').on(table.transferId).where(sql`${table.transferId} is not null`),
    uniqueIndex('chats_request_key').on(table.requestId).where(sql`${table.requestId} is not null`),
    uniqueIndex('chats_bike_starter_key')
      .on(table.bikeId, table.startedByPartyId)
      .where(sql`${table.subjectKind} = 'bike'`),
    uniqueIndex('chats_bike_register_key')
      .on(table.bikeId)
      .where(sql`${table.subjectKind} = 'bike' and ${table.startedByPartyId} is null`),
  ],
);

/** Who takes part in a chat, with their read position and e-mail notification state. */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    /** owner | requester | sender | recipient | contact | guest | register (PARTICIPANT_ROLES). */
    role: text('role').notNull(),
    /** Whether the others see this participant's name (an owner asked for a bike: only after writing). */
    isNameVisible: boolean('is_name_visible').notNull().default(true),
    /** The newest message this participant has read (uuidv7, so ids order like time). */
    lastReadMessageId: uuid('last_read_message_id'),
    /** The newest message an unread-messages e-mail has told this participant about. */
    lastNotifiedMessageId: uuid('last_notified_message_id'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.chatId, table.partyId] }),
    index('chat_participants_party_idx').on(table.partyId),
  ],
);

/** A message; ids are uuidv7, so ordering by id is ordering by time. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /** Null for the register's own messages (system, transfer_offer). */
    senderPartyId: uuid('sender_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** text | system | transfer_offer (MESSAGE_KINDS). */
    kind: text('kind').notNull(),
    content: text('content'),
    /** SYSTEM_EVENTS for system messages. */
    systemEvent: text('system_event'),
    transferId: uuid('transfer_id').references(() => ownershipTransfers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_chat_idx').on(table.chatId, table.id)],
);
