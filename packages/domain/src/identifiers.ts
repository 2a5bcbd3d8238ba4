/*
 * The identifiers of the register: frame numbers (stelnumre / rammenumre) and plate IDs (the printed
 * code of a QR sticker). Both are stored as entered, as a normalised key (what uniqueness and exact
 * search use) and as a look-alike key (what a misread character still finds). See ARCHITECTURE §5.
 */

/** SPEC §5 and §9: plate ID and frame number are at least 5 characters (counted on the normalised key). */
export const IDENTIFIER_MIN_LENGTH = 5;
/** Longer than any real frame number or sticker code; keeps keys and indexes small. */
export const IDENTIFIER_MAX_LENGTH = 40;

/**
 * The key an identifier is unique by: upper case, with spaces, dashes, dots and other separators a
 * person types or a stamp shows removed. `wda 1234-z` and `WDA1234Z` are the same frame number.
 */
export function normaliseIdentifier(input: string): string {
  return input
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-.·_/\\]+/g, '');
}

/**
 * Characters that are misread for one another on a stamped frame or a worn sticker, each mapped to
 * the digit it is taken for. A key built with it finds `WDA1234Z` when `WDAI234Z` or `WDA1234 2` is
 * typed. Only used to find candidates: uniqueness stays on the normalised key.
 */
export const LOOK_ALIKES: Readonly<Record<string, string>> = {
  O: '0',
  I: '1',
  L: '1',
  '|': '1',
  S: '5',
  Z: '2',
  B: '8',
};

/** The look-alike key of an identifier: its normalised key with every look-alike replaced by its digit. */
export function lookAlikeKey(input: string): string {
  let key = '';
  for (const character of normaliseIdentifier(input)) key += LOOK_ALIKES[character] ?? character;
  return key;
}

/** What a stored identifier needs: as entered (trimmed), its normalised key and its look-alike key. */
export interface IdentifierKeys {
  display: string;
  key: string;
  lookAlike: string;
}

export function identifierKeys(input: string): IdentifierKeys {
  const display = input.trim().replace(/\s+/g, ' ');
  return { display, key: normaliseIdentifier(display), lookAlike: lookAlikeKey(display) };
}

/** Only letters, digits and the separators normalisation removes; nothing a stamp or sticker cannot show. */
const IDENTIFIER_CHARACTERS = /^[\p{L}\p{N}\s\-.·_/\\|]+$/u;

export type IdentifierShapeProblem = 'required' | 'identifier_too_short' | 'too_long' | 'invalid_characters';

/** Whether a typed frame number or plate ID can be an identifier at all (hard rule; SPEC §5). */
export function identifierShapeProblem(input: string): IdentifierShapeProblem | null {
  const trimmed = input.trim();
  if (trimmed === '') return 'required';
  if (!IDENTIFIER_CHARACTERS.test(trimmed)) return 'invalid_characters';
  const key = normaliseIdentifier(trimmed);
  if (key.length < IDENTIFIER_MIN_LENGTH) return 'identifier_too_short';
  if (key.length > IDENTIFIER_MAX_LENGTH) return 'too_long';
  return null;
}
