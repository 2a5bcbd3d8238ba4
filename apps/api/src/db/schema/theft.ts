import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bikes } from './bikes.ts';
import { chats } from './chats.ts';
import { parties } from './identity.ts';

/**
 * A theft report (SPEC §3 theft report draft). One open report per bike (draft or submitted; unique
 * index); closed ones stay as the owner's history. The draft's fields live in `fields` (the
 * TheftReportDraftFields of packages/domain/theft.ts without the national id number, plus
 * `submitted_bike`: the bike's name and identifiers as they were when the report was sent), while
 * the number is kept apart, encrypted (platform/crypto). The public map reads only the rounded place and the
 * copied filter columns, so it never touches personal data.
 */
export const theftReports = pgTable(
  'theft_reports',
  {
    id: uuid('id').primaryKey(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    /** The owner who made it; a later owner never sees it. */
    ownerPartyId: uuid('owner_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    /** draft | submitted | closed (THEFT_REPORT_STATUSES). */
    status: text('status').notNull().default('draft'),
    fields: jsonb('fields').notNull().default(sql`'{}'::jsonb`),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** found | bike_deleted | transferred (THEFT_CLOSE_REASONS). */
    closedReason: text('closed_reason'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The map's place: the picked point rounded to PUBLIC_LOCATION_GRID_DEGREES; null without a pick. */
    publicLatitude: doublePrecision('public_latitude'),
    publicLongitude: doublePrecision('public_longitude'),
    /** When the bike was last seen (the map's period filter), copied at submission. */
    stolenAt: timestamp('stolen_at', { withTimezone: true }),
    /** Copied from the bike at submission for the map's filters (region, category, electric). */
    region: text('region'),
    category: text('category'),
    isElectric: boolean('is_electric'),
    /**
     * When the owner withdrew the acknowledgement that the report may be shared with their insurer
     * (acknowledgement_data_share in `fields`): from then on no insurer is shown the report
     * (insurance.md §6: consent is withdrawable, and withdrawing stops further sharing).
     */
    dataShareWithdrawnAt: timestamp('data_share_withdrawn_at', { withTimezone: true }),
    /** Our staff's review of a new report (issue 17 §1 /backoffice/v2/stolen-bikes): when and by whom. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedByPartyId: uuid('reviewed_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** Marked suspicious by our staff (a likely false report, a resale…), with their note; null when not. */
    suspiciousAt: timestamp('suspicious_at', { withTimezone: true }),
    suspiciousNote: text('suspicious_note'),
    /** The found bike's pickup (a finder or an organisation holds it) our staff linked to the report. */
    foundPickupId: uuid('found_pickup_id').references((): AnyPgColumn => itemPickups.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('theft_reports_open_key').on(table.bikeId).where(sql`${table.status} <> 'closed'`),
    // Our staff's queue of submitted reports not reviewed yet, oldest first.
    index('theft_reports_review_queue_idx')
      .on(table.submittedAt)
      .where(sql`${table.status} = 'submitted' and ${table.reviewedAt} is null`),
    index('theft_reports_owner_idx').on(table.ownerPartyId),
    // The public map: submitted reports with a place, by position. The filter columns are part of
    // the key so the map's cluster query reads this index alone (an index-only scan, in place order).
    index('theft_reports_map_idx')
      .on(
        table.publicLatitude,
        table.publicLongitude,
        table.stolenAt,
        table.region,
        table.category,
        table.isElectric,
      )
      .where(sql`${table.status} = 'submitted' and ${table.publicLatitude} is not null`),
    index('theft_reports_stolen_at_idx').on(table.stolenAt).where(sql`${table.status} = 'submitted'`),
  ],
);

/**
 * Someone who wrote to a bike's owner without an account (POST /api/bikes/{id}/contact-owner as a
 * visitor). A guest is a party of kind `guest` so chats treat them as any participant; their
 * address receives the owner's answers and is never shown to the owner. Once an account proves the
 * same address, the guest's chats move to that account (claimed_by_party_id).
 */
export const guestContacts = pgTable(
  'guest_contacts',
  {
    partyId: uuid('party_id')
      .primaryKey()
      .references(() => parties.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The language the visitor wrote in; their mails use it. */
    language: text('language').notNull(),
    claimedByPartyId: uuid('claimed_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /**
     * When the visitor followed the confirmation link mailed to the address (guest_contact_confirmations).
     * Only a confirmed guest is mailed the owner's answers or claimed by an account; guests are
     * created at confirmation, so null only for rows from before confirmations existed.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('guest_contacts_email_idx').on(sql`lower(${table.email})`)],
);

/**
 * A visitor's message to a bike's owner waiting for the visitor to confirm their address: anyone can
 * type any address into the contact form, so nothing reaches the owner (and no guest exists) until
 * the link mailed to the address is followed. Only the code's SHA-256 is kept. Once confirmed the
 * message lives in the chat and is cleared here; the row stays until its expiry so that following
 * the link again answers "already sent". Expired rows are deleted (by the next visitor message and
 * the chats notifier's pass), so an unconfirmed message never outlives CONTACT_CONFIRMATION_TTL_HOURS.
 */
export const guestContactConfirmations = pgTable(
  'guest_contact_confirmations',
  {
    id: uuid('id').primaryKey(),
    codeHash: text('code_hash').notNull(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The language the visitor wrote in: the confirmation mail and later mails use it. */
    language: text('language').notNull(),
    /** The message to deliver; null once delivered (it is in the chat then). */
    message: text('message'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('guest_contact_confirmations_code_key').on(table.codeHash),
    index('guest_contact_confirmations_expires_idx').on(table.expiresAt),
  ],
);

/**
 * A bike a finder or an organisation holds for its owner (SPEC §2 /app/item-pickup): where and until
 * when to collect it. Deleted with the bike.
 */
export const itemPickups = pgTable(
  'item_pickups',
  {
    id: uuid('id').primaryKey(),
    /** The registered bike; null for a bike the register does not know (issue 32 §2, found_* below). */
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'cascade' }),
    /** The owner it is held for (the bike's owner when it was registered); null for an unregistered bike. */
    ownerPartyId: uuid('owner_party_id').references(() => parties.id, { onDelete: 'cascade' }),
    /** The finder (a person) or the organisation holding it. */
    holderPartyId: uuid('holder_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    /** The member who registered it for an organisation (or the finder themself). */
    createdByPartyId: uuid('created_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** waiting | collected | cancelled | released (PICKUP_STATUSES). */
    status: text('status').notNull().default('waiting'),
    place: text('place').notNull(),
    collectUntil: date('collect_until').notNull(),
    note: text('note'),
    foundOn: date('found_on'),
    chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    /**
     * The owner's open theft report when the bike was taken in (issue 17 §3): the owner is told their
     * stolen bike was found, and the holder sees it was stolen.
     */
    theftReportId: uuid('theft_report_id').references(() => theftReports.id, { onDelete: 'set null' }),
    /** The holder's photo of the bike as taken in (re-encoded to WebP), in file storage; null without one. */
    photoStorageKey: text('photo_storage_key'),
    /*
     * A bike the register does not know, as the police or a municipality took it in (issue 32 §2):
     * the frame number or sticker on it (null without one), brand (always), model, colour, category,
     * electric. Matched against open theft reports like a registered bike's.
     */
    foundIdentifier: text('found_identifier'),
    foundBrand: text('found_brand'),
    foundModel: text('found_model'),
    foundColor: text('found_color'),
    foundCategory: text('found_category'),
    foundIsElectric: boolean('found_is_electric'),
    /** Where it was found, when the holder gave a point (for the matching's "near"). */
    foundLatitude: doublePrecision('found_latitude'),
    foundLongitude: doublePrecision('found_longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'item_pickups_bike_or_description',
      sql`${table.bikeId} is not null or (${table.foundBrand} is not null and ${table.ownerPartyId} is null)`,
    ),
    uniqueIndex('item_pickups_waiting_key').on(table.bikeId).where(sql`${table.status} = 'waiting'`),
    index('item_pickups_owner_idx').on(table.ownerPartyId),
    index('item_pickups_holder_idx').on(table.holderPartyId),
  ],
);

/**
 * "Possibly yours" (issue 32 §2): a found item (the pickup a finder, a town or a dock's hand-over
 * made) held against an open theft report, with the rule's score and reasons (scoreFoundMatch in
 * packages/domain/found-matching.ts). One row per item and report (unique), so matching again never
 * repeats a candidate or a notice. A strong match tells the report's owner once (notified_at); our
 * staff may dismiss or confirm any candidate; the owner's claim opens the chat with the holder.
 */
export const foundBikeMatches = pgTable(
  'found_bike_matches',
  {
    id: uuid('id').primaryKey(),
    pickupId: uuid('pickup_id')
      .notNull()
      .references(() => itemPickups.id, { onDelete: 'cascade' }),
    /** reported_found | taken_in | left_in_dock (FOUND_ITEM_SOURCES). */
    source: text('source').notNull(),
    theftReportId: uuid('theft_report_id')
      .notNull()
      .references(() => theftReports.id, { onDelete: 'cascade' }),
    /** The stolen bike and its owner (the report's), for the owner's notices. */
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    ownerPartyId: uuid('owner_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    /** FoundMatchReason[]: frame_exact, frame_close_serial with its distance, near with km… */
    reasons: jsonb('reasons').notNull(),
    strong: boolean('strong').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** dismissed | confirmed by our staff (FOUND_MATCH_DECISIONS); null while undecided. */
    decision: text('decision'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByPartyId: uuid('decided_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** The owner claimed it: the chat with the holder it opened. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('found_bike_matches_item_report_key').on(table.pickupId, table.theftReportId),
    index('found_bike_matches_report_idx').on(table.theftReportId),
    // The owner's notices (their strong matches), newest first; also what deleting a bike or a person follows.
    index('found_bike_matches_owner_idx').on(table.ownerPartyId, table.createdAt),
    index('found_bike_matches_bike_idx').on(table.bikeId),
    // Our staff's list of found items with candidates, newest first.
    index('found_bike_matches_created_idx').on(table.createdAt),
  ],
);
