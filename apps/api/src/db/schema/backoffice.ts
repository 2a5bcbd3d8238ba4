import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
