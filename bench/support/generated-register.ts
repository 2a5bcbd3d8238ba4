import { STICKER_CODE_ALPHABET } from '@nbr/domain/plates';
import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from '../../apps/api/src/db/client.ts';

/*
 * Pieces the benchmarks that load a generated register share (register-search, found-matching,
 * bulk-import): a seeded random generator, so a run can be repeated; the frame number, brands and
 * plate of bike n; the bikes loaded so far.
 */

/** A seeded generator of numbers in [0, 1) (mulberry32). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Manufacturer-code-like prefixes; none folds onto another's look-alike key. */
export const PREFIXES = [
  'WBK',
  'KLD',
  'MBK',
  'CRT',
  'TRK',
  'GNT',
  'PRC',
  'AVE',
  'CYC',
  'HRY',
  'NKX',
  'WDA',
  'UNC',
  'RMY',
];
export const YEAR_LETTERS = 'ACDEFHJKMNPRTUWXY';
export const BRANDS = [
  'Kildemoes',
  'MBK',
  'Raleigh',
  'Trek',
  'Giant',
  'Principia',
  'Avenue',
  'Winther',
  'Centurion',
  'Cube',
];

/** Bike n's frame number: a unique Danish-style one (a maker's prefix, a serial, a year letter). */
export function frameNumberOf(n: number): string {
  const prefix = PREFIXES[n % PREFIXES.length] ?? 'WBK';
  const serial = String(Math.floor(n / PREFIXES.length)).padStart(7, '0');
  return `${prefix}${serial}${YEAR_LETTERS[n % YEAR_LETTERS.length]}`;
}

/** Bike n's plate: every other bike has one, a code of the printed alphabet made from n. */
export function plateOf(n: number): string | null {
  if (n % 2 !== 0) return null;
  let code = '';
  let rest = n;
  for (let index = 0; index < 8; index += 1) {
    code = STICKER_CODE_ALPHABET[rest % STICKER_CODE_ALPHABET.length] + code;
    rest = Math.floor(rest / STICKER_CODE_ALPHABET.length);
  }
  return code;
}

export async function countBikes(database: DatabaseConnection): Promise<number> {
  const result = await database.db.execute(sql`select count(*)::int as count from bikes`);
  return (result as unknown as { rows: Array<{ count: number }> }).rows[0]?.count ?? 0;
}
