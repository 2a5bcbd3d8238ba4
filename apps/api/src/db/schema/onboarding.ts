import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { parties } from './identity.ts';

/*
 * Bulk onboarding of existing registers (issue 32 §5, docs/bulk-onboarding.md): staff upload a
 * dealer's, insurer's or town's list; its rows are staged (bulk_import_rows, with the reason of each
 * bad row: the dry run), then imported by a job that any API instance may run (a lease on the job
 * row) and that resumes where it stopped (each staged row records its outcome in the same
 * transaction as the bikes it wrote). Each person of a list gets a party of their own
 * (bulk_import_owners) that owns the imported bikes until they claim them with that e-mail.
 */
export const bulkImportJobs = pgTable(
  'bulk_import_jobs',
  {
    id: uuid('id').primaryKey(),
    createdByPartyId: uuid('created_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** Whose register it is ("Cykelhandler Jensen"), named in the invitations. */
    sourceName: text('source_name').notNull(),
    fileName: text('file_name').notNull(),
    /**
     * staging (the upload is being read) → staged (dry run done) → queued → running → done | failed;
     * cancelled from staged. An upload cut off while staging is marked failed a day later.
     */
    status: text('status', {
      enum: ['staging', 'staged', 'queued', 'running', 'done', 'failed', 'cancelled'],
    }).notNull(),
    /** Whether the people of the list are invited by mail (off for a migration whose people were told otherwise). */
    invite: boolean('invite').notNull().default(true),
    totalRows: integer('total_rows').notNull().default(0),
    /** Rows the dry run refused (reason in the staged row). */
    invalidRows: integer('invalid_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    importedRows: integer('imported_rows').notNull().default(0),
    rejectedRows: integer('rejected_rows').notNull().default(0),
    platesRefused: integer('plates_refused').notNull().default(0),
    invitationsSent: integer('invitations_sent').notNull().default(0),
    /** The instance running the job and until when its lease holds; another takes over after. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('bulk_import_jobs_created_idx').on(table.createdAt),
    index('bulk_import_jobs_runnable_idx')
      .on(table.leaseUntil)
      .where(sql`${table.status} in ('queued', 'running')`),
  ],
);

/** One row of an uploaded list, keys computed; its outcome once imported. Personal data. */
export const bulkImportRows = pgTable(
  'bulk_import_rows',
  {
    /**
     * No foreign key: a COPY would check it row by row (a tenth of the staging time); the rows go with
     * their job in deleteJob and with the retention pass.
     */
    jobId: uuid('job_id').notNull(),
    /** The row's number in the file, the header being row 1 (what a spreadsheet shows). */
    rowNumber: integer('row_number').notNull(),
    /** The bike this row becomes, chosen when staged: a resumed job writes the same id. */
    bikeId: uuid('bike_id').notNull(),
    ownershipId: uuid('ownership_id').notNull(),
    ownerEmail: text('owner_email'),
    ownerName: text('owner_name'),
    frameNumber: text('frame_number'),
    frameNumberKey: text('frame_number_key'),
    frameNumberLookAlike: text('frame_number_look_alike'),
    plateId: text('plate_id'),
    plateKey: text('plate_key'),
    plateLookAlike: text('plate_look_alike'),
    nickname: text('nickname').notNull(),
    brand: text('brand'),
    model: text('model'),
    color: text('color'),
    category: text('category'),
    productionYear: smallint('production_year'),
    isElectric: boolean('is_electric').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    region: text('region').notNull(),
    /** Why the dry run refused the row (an error code, translated on the screen); null when valid. */
    problem: text('problem'),
    /** null until imported: imported | rejected (with a reason). */
    outcome: text('outcome', { enum: ['imported', 'rejected'] }),
    outcomeReason: text('outcome_reason'),
    plateRefused: boolean('plate_refused').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.rowNumber] })],
);

/** A person of an imported list: the party owning their bikes until they claim them. Personal data. */
export const bulkImportOwners = pgTable(
  'bulk_import_owners',
  {
    /** Also the id of the party that owns the imported bikes. */
    partyId: uuid('party_id')
      .primaryKey()
      .references(() => parties.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => bulkImportJobs.id, { onDelete: 'cascade' }),
    /** Lower-cased; null once claimed (the claimant's account holds it then). */
    email: text('email'),
    name: text('name'),
    language: text('language').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedByPartyId: uuid('claimed_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('bulk_import_owners_job_email_key').on(table.jobId, table.email),
    index('bulk_import_owners_email_idx').on(table.email).where(sql`${table.claimedAt} is null`),
  ],
);
