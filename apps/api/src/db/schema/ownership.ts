import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bikeFiles, bikeOwnerships, bikes } from './bikes.ts';
import { parties } from './identity.ts';

/**
 * An offer of a bike from its owner to someone named by e-mail (SPEC §4). The recipient is bound
 * to an account (recipient_party_id) once an account that has proven that address exists; until
 * then the offer waits for the address. At most one pending offer per bike (unique index), so two
 * offers can never both be accepted. Kept after the bike is deleted as history (bike_id set null).
 */
export const ownershipTransfers = pgTable(
  'ownership_transfers',
  {
    id: uuid('id').primaryKey(),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    /** The ownership the offer gives away; acceptance ends it. */
    fromOwnershipId: uuid('from_ownership_id').references(() => bikeOwnerships.id, { onDelete: 'set null' }),
    senderPartyId: uuid('sender_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    /** The person who pressed the button (a member acting for an organisation, or the person). */
    createdByPartyId: uuid('created_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** Lower-cased, as typed by the sender. */
    recipientEmail: text('recipient_email').notNull(),
    recipientPartyId: uuid('recipient_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** SHA-256 of the code in the offer e-mail's link (the link proves the recipient's mailbox). */
    codeHash: text('code_hash').notNull(),
    /** pending | accepted | rejected | cancelled | expired (TRANSFER_STATUSES). */
    status: text('status').notNull().default('pending'),
    /** The ownership request the owner answered with this offer, if any. */
    requestId: uuid('request_id'),
    /** The ownership acceptance created. */
    toOwnershipId: uuid('to_ownership_id').references(() => bikeOwnerships.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByPartyId: uuid('decided_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('ownership_transfers_pending_bike_key')
      .on(table.bikeId)
      .where(sql`${table.status} = 'pending'`),
    index('ownership_transfers_sender_idx').on(table.senderPartyId, table.createdAt),
    index('ownership_transfers_recipient_idx').on(table.recipientPartyId, table.createdAt),
    index('ownership_transfers_unbound_email_idx')
      .on(table.recipientEmail)
      .where(sql`${table.recipientPartyId} is null and ${table.status} = 'pending'`),
    uniqueIndex('ownership_transfers_code_hash_key').on(table.codeHash),
    index('ownership_transfers_recipient_email_idx').on(table.recipientEmail, table.createdAt),
  ],
);

/**
 * Someone asks the owner of a bike found in the register to give it to them. The requester never
 * learns who the owner is unless the owner writes in the request's chat.
 */
export const ownershipRequests = pgTable(
  'ownership_requests',
  {
    id: uuid('id').primaryKey(),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    requesterPartyId: uuid('requester_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    /** The owner when the request was made (the bike may change hands later). */
    ownerPartyId: uuid('owner_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    /** open | offered | declined | withdrawn | closed (REQUEST_STATUSES). */
    status: text('status').notNull().default('open'),
    transferId: uuid('transfer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ownership_requests_open_key')
      .on(table.bikeId, table.requesterPartyId)
      .where(sql`${table.status} in ('open', 'offered')`),
    index('ownership_requests_requester_idx').on(table.requesterPartyId, table.createdAt),
    index('ownership_requests_owner_idx').on(table.ownerPartyId, table.createdAt),
  ],
);

/**
 * The owner's proof that a bike is theirs, for one ownership (a new owner starts over). Staff
 * approve or reject it; approval sets bikes.owner_verified_at.
 */
export const ownershipVerifications = pgTable(
  'ownership_verifications',
  {
    id: uuid('id').primaryKey(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    ownershipId: uuid('ownership_id')
      .notNull()
      .references(() => bikeOwnerships.id, { onDelete: 'cascade' }),
    /** draft | submitted | approved | rejected (VERIFICATION_STATUSES; not_started has no row). */
    status: text('status').notNull().default('draft'),
    frameNumber: text('frame_number'),
    framePictureId: uuid('frame_picture_id').references(() => bikeFiles.id, { onDelete: 'set null' }),
    proofFileId: uuid('proof_file_id').references(() => bikeFiles.id, { onDelete: 'set null' }),
    note: text('note'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByPartyId: uuid('decided_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ownership_verifications_ownership_key').on(table.ownershipId),
    index('ownership_verifications_queue_idx')
      .on(table.submittedAt)
      .where(sql`${table.status} = 'submitted'`),
  ],
);
