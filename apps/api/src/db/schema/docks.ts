import { sql } from 'drizzle-orm';
import {
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

/*
 * Docks of smart locks (issue 28). An organisation (operator_party_id) runs a dock; each lock
 * controller (lock_devices) is paired to one dock with a one-time code and then connects over one
 * authenticated websocket (docs/docks-protocol.md); each of its connectors is a lock (locks). A
 * parking is one bike locked in one lock by one person, until it is opened. A command is one
 * Lock/Unlock request to a device: its id is the protocol message id and the idempotency key at both
 * ends, and its outcome is written once.
 */

/** A dock: a row of smart locks at an address, run by an organisation. */
export const docks = pgTable(
  'docks',
  {
    id: uuid('id').primaryKey(),
    operatorPartyId: uuid('operator_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** dk | no: the country the dock stands in (GBFS feed, address lookup). */
    region: text('region').notNull(),
    streetAddress: text('street_address').notNull(),
    postcode: text('postcode').notNull(),
    town: text('town').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /**
     * Weekly opening hours, Monday first: 7 entries, each `{ opens: 'HH:MM', closes: 'HH:MM' }` or
     * null (closed that day); null for the whole column means open around the clock (DockOpeningHours).
     */
    openingHours: jsonb('opening_hours'),
    /** signed_in (everyone signed in: a public dock) | organisations (members of listed ones) | people (named people). */
    access: text('access').notNull(),
    /** A bike parked longer than this is listed to the operator as left behind. */
    maxParkingHours: integer('max_parking_hours').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A closed dock is kept for its history but listed to nobody but its operator. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [index('docks_operator_idx').on(table.operatorPartyId)],
);

/** access = organisations: members of these organisations may use the dock. */
export const dockAccessOrganisations = pgTable(
  'dock_access_organisations',
  {
    dockId: uuid('dock_id')
      .notNull()
      .references(() => docks.id, { onDelete: 'cascade' }),
    organisationPartyId: uuid('organisation_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.dockId, table.organisationPartyId] }),
    index('dock_access_organisations_party_idx').on(table.organisationPartyId),
  ],
);

/**
 * access = people: these people may use the dock, named by e-mail address (normalised as accounts'
 * addresses are), so naming someone tells the operator nothing about whether they have an account.
 */
export const dockAccessPeople = pgTable(
  'dock_access_people',
  {
    dockId: uuid('dock_id')
      .notNull()
      .references(() => docks.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.dockId, table.email] }),
    index('dock_access_people_email_idx').on(table.email),
  ],
);

/** A lock controller: paired to a dock with a one-time code, then it signs in with its own credentials. */
export const lockDevices = pgTable(
  'lock_devices',
  {
    id: uuid('id').primaryKey(),
    dockId: uuid('dock_id')
      .notNull()
      .references(() => docks.id, { onDelete: 'cascade' }),
    /** SHA-256 of the one-time pairing code while it waits to be used; null once paired. */
    pairingCodeHash: text('pairing_code_hash'),
    pairingCodeExpiresAt: timestamp('pairing_code_expires_at', { withTimezone: true }),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    /** The Basic password's hash (the user name is the device id); null until paired. */
    passwordHash: text('password_hash'),
    vendor: text('vendor'),
    model: text('model'),
    serialNumber: text('serial_number'),
    firmwareVersion: text('firmware_version'),
    /** Last frame of any kind from the device; offline when older than DEVICE_OFFLINE_AFTER_SECONDS. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The API instance holding the device's socket now, and since when; null while disconnected. */
    connectedInstance: text('connected_instance'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Unpaired by the operator: its credentials no longer open a socket. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (table) => [
    index('lock_devices_dock_idx').on(table.dockId),
    uniqueIndex('lock_devices_pairing_code_key')
      .on(table.pairingCodeHash)
      .where(sql`${table.pairingCodeHash} is not null`),
  ],
);

/** One lock of a dock: a connector of a device. */
export const locks = pgTable(
  'locks',
  {
    id: uuid('id').primaryKey(),
    dockId: uuid('dock_id')
      .notNull()
      .references(() => docks.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => lockDevices.id, { onDelete: 'cascade' }),
    /** The connector's number on its device (1…n), as the protocol names it. */
    connectorId: integer('connector_id').notNull(),
    /** What people read on the lock itself ("A3"). */
    label: text('label').notNull(),
    /** The device's last StatusNotification: Available | Occupied | Locked | Unlocking | Faulted. */
    reportedStatus: text('reported_status').notNull().default('Available'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    /** Marked out of service by the operator: nobody may lock in it until it is back. */
    outOfServiceAt: timestamp('out_of_service_at', { withTimezone: true }),
    outOfServiceReason: text('out_of_service_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('locks_device_connector_key').on(table.deviceId, table.connectorId),
    uniqueIndex('locks_dock_label_key').on(table.dockId, table.label),
  ],
);

/** A bike locked in a lock by a person, until the lock is opened (unlocked_at). */
export const lockParkings = pgTable(
  'lock_parkings',
  {
    id: uuid('id').primaryKey(),
    lockId: uuid('lock_id')
      .notNull()
      .references(() => locks.id, { onDelete: 'cascade' }),
    dockId: uuid('dock_id')
      .notNull()
      .references(() => docks.id, { onDelete: 'cascade' }),
    /** The person who locked it: the only one who may open it (besides the operator, audited). */
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
    /** owner | operator | device (the device reported the lock open without a command of ours). */
    unlockedBy: text('unlocked_by'),
    /** Handed to the municipal abandoned-bike workflow (a held bike, theft module). */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('lock_parkings_open_key').on(table.lockId).where(sql`${table.unlockedAt} is null`),
    index('lock_parkings_party_idx').on(table.partyId),
    index('lock_parkings_bike_idx').on(table.bikeId, table.lockedAt),
    index('lock_parkings_dock_open_idx')
      .on(table.dockId, table.lockedAt)
      .where(sql`${table.unlockedAt} is null`),
  ],
);

/**
 * A Lock or Unlock request to a device. Its id is the protocol message id. status: pending (not yet
 * on a socket) | sent | accepted | rejected | timed_out; it leaves pending/sent once, whichever of
 * the answer and the timeout comes first; an answer after that is recorded in late_* only.
 */
export const lockCommands = pgTable(
  'lock_commands',
  {
    id: uuid('id').primaryKey(),
    lockId: uuid('lock_id')
      .notNull()
      .references(() => locks.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => lockDevices.id, { onDelete: 'cascade' }),
    /** lock | unlock */
    action: text('action').notNull(),
    /** Who asked: the person, or the operator's staff member (null once their account is gone). */
    requestedByPartyId: uuid('requested_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** The organisation a staff member acted for when opening remotely; null for a person's own command. */
    operatorPartyId: uuid('operator_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** The operator's stated reason for a remote opening. */
    reason: text('reason'),
    /** The bike a lock command is for. */
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    parkingId: uuid('parking_id').references(() => lockParkings.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    /** The device's answer (Locked, Unlocked, UnlockFailed, …) or the CALLERROR code. */
    deviceAnswer: text('device_answer'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentByInstance: text('sent_by_instance'),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    lateAnswer: text('late_answer'),
    lateAnswerAt: timestamp('late_answer_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lock_commands_lock_idx').on(table.lockId, table.createdAt),
    index('lock_commands_open_idx').on(table.deadlineAt).where(sql`${table.status} in ('pending', 'sent')`),
  ],
);

/**
 * A lock's history for its operator: status reports, commands and their outcomes, connections,
 * service marks. detail never names the person who parked (the operator sees that a bike was
 * locked, not whose).
 */
export const lockEvents = pgTable(
  'lock_events',
  {
    id: uuid('id').primaryKey(),
    lockId: uuid('lock_id')
      .notNull()
      .references(() => locks.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** status | command | connected | disconnected | out_of_service | in_service | handed_over (LOCK_EVENT_KINDS). */
    kind: text('kind').notNull(),
    detail: jsonb('detail').notNull().default({}),
  },
  (table) => [index('lock_events_lock_idx').on(table.lockId, table.id)],
);
