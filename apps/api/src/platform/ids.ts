import { randomBytes } from 'node:crypto';

/**
 * A UUID v7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Time-ordered ids keep
 * B-tree inserts local. Generated here because PostgreSQL 15 has no uuidv7().
 */
export function uuidv7(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from a URL has the shape of a UUID. Checked before a query: PostgreSQL refuses to
 * compare a uuid column with anything else, and a malformed id answers like an unknown one (404).
 */
export function isUuid(value: string): boolean {
  return UUID_SHAPE.test(value);
}
