import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { parties } from './identity.ts';

/** Backoffice staff: `support` helps users (and may switch into their accounts), `admin` also manages staff. */
export const staffMembers = pgTable('staff_members', {
  identityPartyId: uuid('identity_party_id')
    .primaryKey()
    .references(() => parties.id),
  role: text('role', { enum: ['support', 'admin'] }).notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  grantedByPartyId: uuid('granted_by_party_id').references(() => parties.id),
});

/**
 * What staff (and the system) did to other people's accounts: append-only, never updated.
 * `action` is a dotted name such as `switch_user.start`.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey(),
    action: text('action').notNull(),
    /** The person who did it (the staff member for a switch-user). */
    actorPartyId: uuid('actor_party_id').references(() => parties.id),
    /** Whose account or which organisation it was done to. */
    targetPartyId: uuid('target_party_id').references(() => parties.id),
    sessionId: uuid('session_id'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_events_actor_idx').on(table.actorPartyId, table.createdAt),
    index('audit_events_target_idx').on(table.targetPartyId, table.createdAt),
  ],
);

/**
 * Staff's texts of the public content pages (issue 17 §1, /backoffice/v2/diverse), one per page and
 * language; without a row the web app's built-in text shows. The body is the small markup of
 * packages/domain/src/content-pages.ts, never HTML. Who changed it is in the audit trail.
 */
export const contentPageTexts = pgTable(
  'content_page_texts',
  {
    /** CONTENT_PAGE_KEYS: our-mission | privacy | terms | advisory-board | accessibility. */
    page: text('page').notNull(),
    /** da | en | no */
    language: text('language').notNull(),
    heading: text('heading').notNull(),
    lead: text('lead').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.page, table.language] })],
);

/**
 * Region pages (issue 29 §3): `/dk`, `/no` and the pages below them, which staff write. A page is a
 * region and a path below it ('' is the landing page); its texts are per language.
 */
export const regionPages = pgTable(
  'region_pages',
  {
    id: uuid('id').primaryKey(),
    /** REGIONS: dk | no */
    region: text('region').notNull(),
    /** Lower-case slugs joined by / (REGION_PAGE_PATH_PATTERN); '' is the region's landing page. */
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('region_pages_region_path_key').on(table.region, table.path)],
);

/** One language of a region page: the draft staff edit and the text visitors read (null: none). */
export const regionPageTexts = pgTable(
  'region_page_texts',
  {
    pageId: uuid('page_id')
      .notNull()
      .references(() => regionPages.id, { onDelete: 'cascade' }),
    /** da | en | no */
    language: text('language').notNull(),
    draftTitle: text('draft_title'),
    draftDescription: text('draft_description'),
    draftBody: text('draft_body'),
    draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true }),
    publishedTitle: text('published_title'),
    publishedDescription: text('published_description'),
    publishedBody: text('published_body'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.pageId, table.language] })],
);
