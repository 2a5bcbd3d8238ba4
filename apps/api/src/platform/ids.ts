import { randomFillSync } from 'node:crypto';

/**
 * Random bytes for ids, drawn 8 KiB at a time: one call into the system's generator per 512 ids
 * instead of one per id (a bulk import makes two ids per row; randomBytes(16) each was the slowest
 * step of reading a register).
 */
const POOL_BYTES = 16 * 512;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let poolOffset = POOL_BYTES;
function random16(): Buffer {
  if (poolOffset >= POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + 16);
  poolOffset += 16;
  return bytes;
}

/**
 * The millisecond the last id was asked for, the one stamped on it (ahead only after 2,048 ids in
 * one millisecond) and its counter (the 12 bits after the version).
 */
let last = { askedMs: -1, stampedMs: -1, counter: 0 };

/**
 * A UUID v7 (RFC 9562): 48 bits of Unix milliseconds, then a counter, then random bits. Time-ordered
 * ids keep B-tree inserts local, and the register orders by them (a chat's messages, the read
 * position), so ids made in one millisecond count up in the order they were made (RFC 9562 §6.2,
 * method 1): a chat's note and the text written after it in the same millisecond never swap. The
 * counter starts at a random value below 2,048 each millisecond; the 62 bits after it are random in
 * every id. Generated here because PostgreSQL 15 has no uuidv7().
 */
export function uuidv7(now: number = Date.now()): string {
  const bytes = random16();
  if (now >= last.askedMs && now <= last.stampedMs) {
    last.askedMs = now;
    last.counter += 1;
    if (last.counter > 0xfff) {
      last.stampedMs += 1;
      last.counter = randomCounterStart(bytes);
    }
  } else {
    last = { askedMs: now, stampedMs: now, counter: randomCounterStart(bytes) };
  }
  bytes.writeUIntBE(last.stampedMs, 0, 6);
  bytes[6] = 0x70 | (last.counter >> 8);
  bytes[7] = last.counter & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** 11 random bits: the counter's top bit starts at zero, so at least 2,048 ids fit in a millisecond. */
function randomCounterStart(bytes: Buffer): number {
  return (((bytes[6] ?? 0) & 0x07) << 8) | (bytes[7] ?? 0);
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from a URL has the shape of a UUID. Checked before a query: PostgreSQL refuses to
 * compare a uuid column with anything else, and a malformed id answers like an unknown one (404).
 */
export function isUuid(value: string): boolean {
  return UUID_SHAPE.test(value);
}
