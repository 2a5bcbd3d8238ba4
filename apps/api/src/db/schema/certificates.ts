import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bikes } from './bikes.ts';
import { parties } from './identity.ts';

/**
 * A resale certificate (issue 32 §4): the history of a bike its owner hands a buyer, signed with the
 * register's certificate key (Ed25519). `statement` is the canonical JSON exactly as signed, so a
 * verifier checks the bytes the register signed; it names no person. The id is random (the page's
 * address is the certificate's only key). Deleting the bike keeps the row (bike_id null) so a
 * scanned certificate says the bike left the register; deleting the issuer's account deletes it.
 */
export const resaleCertificates = pgTable(
  'resale_certificates',
  {
    id: uuid('id').primaryKey(),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    /** The owner who issued it (a person, or the organisation a member acted for). */
    issuerPartyId: uuid('issuer_party_id')
      .notNull()
      .references(() => parties.id),
    /** The bike's ownership when issued: another one later means the bike changed hands since. */
    ownershipId: uuid('ownership_id').notNull(),
    /** The signing key's id (JWK `kid`), so certificates outlive a key rotation. */
    kid: text('kid').notNull(),
    /** The canonical JSON signed (UTF-8). */
    statement: text('statement').notNull(),
    /** Ed25519 signature of `statement`, base64url. */
    signature: text('signature').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('resale_certificates_bike_idx').on(table.bikeId, table.issuedAt),
    index('resale_certificates_issuer_idx').on(table.issuerPartyId),
  ],
);
