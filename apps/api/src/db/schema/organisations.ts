import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bikes } from './bikes.ts';
import { parties } from './identity.ts';

/** An organisation is a party (it can own bikes and pay) with a type that decides what it may do. */
export const organisations = pgTable(
  'organisations',
  {
    partyId: uuid('party_id')
      .primaryKey()
      .references(() => parties.id),
    name: text('name').notNull(),
    /** business | insurance_company | club | dealer | police | municipality (ORGANISATION_TYPES in packages/domain). */
    type: text('type').notNull(),
    region: text('region').notNull(),
    /** CVR (dk, 8 digits) or organisasjonsnummer (no, 9 digits), stored as digits only. */
    registrationNumber: text('registration_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdByPartyId: uuid('created_by_party_id').references(() => parties.id),
    /** Set by backoffice staff: while set, nobody may act for the organisation. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The organisation's address; for a dealer, what /find-distributor shows. */
    streetAddress: text('street_address'),
    postcode: text('postcode'),
    town: text('town'),
    /** Where a dealer sits on the map: from the postcode table, or entered by staff. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Public contact of a dealer on /find-distributor. */
    phone: text('phone'),
    website: text('website'),
    /** A dealer shown on /find-distributor (staff decide; a dealer is not listed until then). */
    listedAsDistributor: boolean('listed_as_distributor').notNull().default(false),
    /** Where invoices go: an address and the buyer's reference (EAN/GLN for public bodies, a PO). */
    billingEmail: text('billing_email'),
    billingReference: text('billing_reference'),
  },
  (table) => [
    index('organisations_distributors_idx')
      .on(table.town)
      .where(sql`${table.type} = 'dealer' and ${table.listedAsDistributor} and ${table.suspendedAt} is null`),
    uniqueIndex('organisations_registration_number_key')
      .on(table.region, table.registrationNumber)
      .where(sql`${table.registrationNumber} is not null`),
  ],
);

/** Who belongs to an organisation and with which role. */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisationPartyId: uuid('organisation_party_id')
      .notNull()
      .references(() => organisations.partyId),
    identityPartyId: uuid('identity_party_id')
      .notNull()
      .references(() => parties.id),
    role: text('role', { enum: ['admin', 'member', 'dock_operator'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    addedByPartyId: uuid('added_by_party_id').references(() => parties.id),
  },
  (table) => [
    primaryKey({ columns: [table.organisationPartyId, table.identityPartyId] }),
    index('organisation_members_identity_idx').on(table.identityPartyId),
  ],
);

/**
 * An invitation to join an organisation, mailed to an address. Nobody is added without their
 * consent: the person who owns the address signs in (or signs up) and accepts. Only the sha256 of
 * the mailed code is kept, like one_time_codes, so a database reader cannot accept in their place.
 * Accepted, declined and revoked rows stay as the history of who was let in by whom.
 */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: uuid('id').primaryKey(),
    organisationPartyId: uuid('organisation_party_id')
      .notNull()
      .references(() => organisations.partyId),
    /** Lower-case; accepting needs an account with exactly this address. */
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'member', 'dock_operator'] }).notNull(),
    /** The admin (or backoffice admin) who sent it; null when an operator's tool did. */
    invitedByPartyId: uuid('invited_by_party_id').references(() => parties.id),
    codeHash: text('code_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByPartyId: uuid('accepted_by_party_id').references(() => parties.id),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    // Inviting an address again renews its open invitation instead of piling up live codes.
    uniqueIndex('organisation_invitations_pending_key')
      .on(table.organisationPartyId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.declinedAt} is null and ${table.revokedAt} is null`),
  ],
);

/**
 * An organisation's API key for checks by API (issue 32 §1). Only the SHA-256 of the key is kept: the
 * key is 32 random bytes, so a plain hash is as good as a slow one and lets every call find its row
 * by index. `hint` is the key's first characters, shown to tell keys apart. A revoked key stays as
 * the record of who could check, and its checks' audit events keep naming it.
 */
export const organisationApiKeys = pgTable(
  'organisation_api_keys',
  {
    id: uuid('id').primaryKey(),
    organisationPartyId: uuid('organisation_party_id')
      .notNull()
      .references(() => organisations.partyId),
    name: text('name').notNull(),
    /** API_KEY_SCOPES in packages/domain/src/checks.ts. */
    scopes: text('scopes').array().notNull(),
    keyHash: text('key_hash').notNull().unique(),
    hint: text('hint').notNull(),
    createdByPartyId: uuid('created_by_party_id').references(() => parties.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByPartyId: uuid('revoked_by_party_id').references(() => parties.id),
  },
  (table) => [index('organisation_api_keys_organisation_idx').on(table.organisationPartyId, table.createdAt)],
);

/**
 * Which organisation checked which bike by API and when (issue 32 §1): one row per organisation and
 * bike, its latest check, with the identifier as the organisation sent it. A theft report within
 * CHECK_WEBHOOK_WINDOW_DAYS of it becomes an event for the organisation's webhook. Goes with the bike.
 */
export const organisationBikeChecks = pgTable(
  'organisation_bike_checks',
  {
    organisationPartyId: uuid('organisation_party_id')
      .notNull()
      .references(() => organisations.partyId),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationPartyId, table.bikeId] }),
    index('organisation_bike_checks_bike_idx').on(table.bikeId, table.checkedAt),
  ],
);

/** An organisation's webhook (issue 32 §1): where its events go and the secret they are signed with. */
export const organisationWebhooks = pgTable('organisation_webhooks', {
  organisationPartyId: uuid('organisation_party_id')
    .primaryKey()
    .references(() => organisations.partyId),
  url: text('url').notNull(),
  /** The signing secret, sealed with the data encryption key (platform/crypto/field-encryption.ts). */
  secretSealed: text('secret_sealed').notNull(),
  secretHint: text('secret_hint').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The webhook's outbox: one row per event, written in the transaction of what it tells (a theft
 * report), delivered by the organisations' webhook pass. `theft_report_id` with the organisation is
 * unique, so one report never makes two events for an organisation.
 */
export const organisationWebhookEvents = pgTable(
  'organisation_webhook_events',
  {
    /** The event id the receiver drops repeats by. */
    id: uuid('id').primaryKey(),
    organisationPartyId: uuid('organisation_party_id')
      .notNull()
      .references(() => organisations.partyId),
    /** WEBHOOK_EVENT_TYPES in packages/domain/src/checks.ts. */
    type: text('type').notNull(),
    theftReportId: uuid('theft_report_id'),
    /** The event's `data`, as sent: never anything of the owner. */
    payload: jsonb('payload').notNull(),
    /** pending | delivered | failed */
    status: text('status').notNull().default('pending'),
    /** Attempts since it was queued or last resent (the retry schedule counts these). */
    tries: integer('tries').notNull().default(0),
    /** When it is due; while an instance delivers it, the end of that instance's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('organisation_webhook_events_report_idx').on(table.organisationPartyId, table.theftReportId),
    index('organisation_webhook_events_due_idx').on(table.status, table.nextAttemptAt),
    index('organisation_webhook_events_organisation_idx').on(table.organisationPartyId, table.createdAt),
  ],
);

/** Every delivery attempt of an event: when, the HTTP status or why none; never the receiver's answer. */
export const organisationWebhookAttempts = pgTable(
  'organisation_webhook_attempts',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => organisationWebhookEvents.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    httpStatus: integer('http_status'),
    /** WEBHOOK_ERROR_KINDS; null when the receiver answered 2xx. */
    errorKind: text('error_kind'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('organisation_webhook_attempts_event_idx').on(table.eventId, table.attemptedAt)],
);
