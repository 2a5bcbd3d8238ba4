import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { parties } from './identity.ts';

/**
 * Flows (issue 29 §2): a campaign of steps defined as data by staff (packages/domain/src/flows.ts).
 * Staff edit the draft; publishing copies it into a new row of flow_versions, which is never changed,
 * and points published_version at it, so the running version never changes under a visitor.
 * Who changed what is in the audit trail.
 */
export const flows = pgTable('flows', {
  id: uuid('id').primaryKey(),
  /** The flow's address: /flows/{memo} and the poster address /{memo}. */
  memo: text('memo').notNull().unique('flows_memo_key'),
  /** The draft's FlowDefinition. */
  draft: jsonb('draft').notNull(),
  draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true }).notNull(),
  /** The running version, or null when unpublished. */
  publishedVersion: integer('published_version'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  createdByPartyId: uuid('created_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
});

/** A published version of a flow: written once, never updated. */
export const flowVersions = pgTable(
  'flow_versions',
  {
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedByPartyId: uuid('published_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.flowId, table.version] })],
);

/**
 * A walk through one published version of a flow (packages/domain/src/flows.ts, flowWalkProgress): its
 * answers by question id, the steps reached (for the funnel) and done. Whoever holds the token the walk
 * was started with continues it; only the token's SHA-256 is kept. A signed-in walker's walk names
 * them (their export and deletion); a visitor's answers are cleared FLOW_WALK_ANSWERS_KEPT_DAYS after
 * its last change, its counts stay for the funnel.
 */
export const flowWalks = pgTable(
  'flow_walks',
  {
    id: uuid('id').primaryKey(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    partyId: uuid('party_id').references(() => parties.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    answers: jsonb('answers').notNull(),
    /** Step memos in the order the walk first reached them. */
    reached: text('reached').array().notNull(),
    /** Step memos answered and, where the step has an action, come back done. */
    completed: text('completed').array().notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('flow_walks_flow_version_idx').on(table.flowId, table.version),
    index('flow_walks_party_idx').on(table.partyId),
    index('flow_walks_updated_at_idx').on(table.updatedAt),
  ],
);
