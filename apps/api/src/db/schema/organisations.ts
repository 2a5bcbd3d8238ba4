import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { parties } from './identity.ts';

/** An organisation is a party (it can own bikes and pay) with a type that decides what it may do. */
export const organisations = pgTable(
  'organisations',
  {
    partyId: uuid('party_id')
      .primaryKey()
      .references(() => parties.id),
    name: text('name').notNull(),
    /** business | insurance_company | club | dealer | police (ORGANISATION_TYPES in packages/domain). */
    type: text('type').notNull(),
    region: text('region').notNull(),
    /** CVR (dk, 8 digits) or organisasjonsnummer (no, 9 digits), stored as digits only. */
    registrationNumber: text('registration_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdByPartyId: uuid('created_by_party_id').references(() => parties.id),
  },
  (table) => [
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
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    addedByPartyId: uuid('added_by_party_id').references(() => parties.id),
  },
  (table) => [
    primaryKey({ columns: [table.organisationPartyId, table.identityPartyId] }),
    index('organisation_members_identity_idx').on(table.identityPartyId),
  ],
);
