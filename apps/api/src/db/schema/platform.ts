import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * Tokens that may be used once within their window (issue 27: a websocket ticket, the signature
 * token of an inbound mail): the first use inserts the token's hash, a second use on any instance
 * meets the primary key. A row is needed only until the token expires; later uses are refused by
 * the token's own expiry, so expired rows are deleted as new ones arrive.
 */
export const usedTokens = pgTable(
  'used_tokens',
  {
    /** What the token is for: `realtime_ticket`, `mailgun_inbound`. */
    purpose: text('purpose').notNull(),
    /** sha256 of the token, hex: the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.purpose, table.tokenHash] }),
    index('used_tokens_expires_idx').on(table.expiresAt),
  ],
);
