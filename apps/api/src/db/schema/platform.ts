import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { parties } from './identity.ts';

/**
 * Answers of writes sent with an `Idempotency-Key` header (ARCHITECTURE §4: writes that cost money
 * or move ownership are safe to retry). A key belongs to the party that sent it; the first request
 * stores its answer, a replay with the same body gets that answer again without a second effect.
 * A row without a status is a request still running. Rows older than a day are forgotten.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    key: text('key').notNull(),
    /** `POST /api/bikes` — the route the key was used on. */
    route: text('route').notNull(),
    /** sha256 of the method, the concrete URL and the body: a replay must be the same request. */
    requestHash: text('request_hash').notNull(),
    /** The kept answer's HTTP status and JSON body: written in the transaction of the effect. */
    status: integer('status'),
    response: jsonb('response'),
    /**
     * What an attempt recorded, in its transaction, before calling a payment provider (the order it
     * placed, say): a retry after a crash continues from it instead of starting over.
     */
    progress: jsonb('progress'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.partyId, table.key] })],
);
