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
 * Cyrillic and Greek capitals and the Latin-script look-alikes drawn like a Latin letter or a digit,
 * mapped to it (after upper-casing, so the small letters are covered too). `WDАР1234` typed with a
 * Cyrillic А and Р, or `WDAǀ2345Z` with a click letter for the 1, is the frame number `WDAP1234` /
 * `WDA12345Z`, not a second one beside it that a search for the real number would never show. This
 * table is a convenience for what keyboards and copy-paste produce; what keeps every other look-alike
 * out is KEY_CHARACTERS below, which refuses whatever does not fold to A–Z, Æ, Ø, Å or 0–9.
 */
export const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic
  А: 'A',
  В: 'B',
  Е: 'E',
  З: '3',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Ѕ: 'S',
  Т: 'T',
  У: 'Y',
  Ү: 'Y',
  Х: 'X',
  Ӏ: 'I',
  Ԛ: 'Q',
  Ԝ: 'W',
  // Greek
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  // Latin-script look-alikes (issue 27): small capitals and click letters, keyed by their upper case
  // (ɪ upper-cases to Ɪ, ʀ to Ʀ, ɡ to Ɡ; the others have no upper case), and `|`, typed for a worn 1.
  ᴀ: 'A',
  ʙ: 'B',
  ᴄ: 'C',
  ᴅ: 'D',
  ᴇ: 'E',
  ꜰ: 'F',
  ɢ: 'G',
  Ɡ: 'G',
  ʜ: 'H',
  Ɪ: 'I',
  ᴊ: 'J',
  ᴋ: 'K',
  ʟ: 'L',
  ᴍ: 'M',
  ɴ: 'N',
  ᴏ: 'O',
  ᴘ: 'P',
  ꞯ: 'Q',
  Ʀ: 'R',
  ꜱ: 'S',
  ᴛ: 'T',
  ᴜ: 'U',
  ᴠ: 'V',
  ᴡ: 'W',
  ʏ: 'Y',
  ᴢ: 'Z',
  ǀ: '1',
  '|': '1',
};

const CONFUSABLE_PATTERN = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'g');

/**
 * The key an identifier is unique by: folded (full-width forms by NFKC, look-alike letters of other
 * scripts by CONFUSABLES), upper case, with spaces, dashes, dots and other separators a person types
 * or a stamp shows removed. `wda 1234-z`, `WDA1234Z` and `ＷＤＡ１２３４Ｚ` are the same frame number.
 * Every kind of dash counts (a phone or a word processor turns `-` into `–`), and invisible format
 * characters (a soft hyphen, a zero-width space copied out of a web page) are dropped: a frame number
 * with one in it is the same frame number, and a check of a listing must find the stolen bike.
 */
export function normaliseIdentifier(input: string): string {
  return input
    .normalize('NFKC')
    .toUpperCase()
    .replace(CONFUSABLE_PATTERN, (character) => CONFUSABLES[character] ?? character)
    .replace(/[\s\p{Pd}\p{Cf}.·_/\\]+/gu, '');
}

/** Folds look-alike letters of other scripts in text as typed, keeping the case it was typed in. */
function foldConfusables(input: string): string {
  return input.replace(/\p{L}/gu, (character) => {
    const upper = character.toUpperCase();
    const latin = CONFUSABLES[upper];
    if (latin === undefined) return character;
    return character === upper ? latin : latin.toLowerCase();
  });
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
  // Shown and printed as Latin too: a copy into a police report must find the bike again.
  const display = foldConfusables(
    input
      .replace(/\p{Cf}/gu, '')
      .trim()
      .replace(/\s+/g, ' '),
  );
  return { display, key: normaliseIdentifier(display), lookAlike: lookAlikeKey(display) };
}

/** Only letters, digits and the separators normalisation removes; nothing a stamp or sticker cannot show. */
const IDENTIFIER_CHARACTERS = /^[\p{L}\p{N}\s\p{Pd}\p{Cf}.·_/\\|]+$/u;
/**
 * After folding, a key holds only A–Z, Æ, Ø, Å and 0–9 (issue 27 decided this over folding with
 * Unicode's full confusables table). Why, from ../shared/data/dk-frame-number-system.md: a Danish
 * number is police-assigned letters, digits and a year letter (`^[A-Z]{1,4}[0-9]+[A-Z]$`), and every
 * foreign number the sources show (DBS `VE01234512Z`, Trek `WTU123G1234Z`, Scott `S5A001234`, Hard
 * Rocx `05A0001234`, the Swedish patterns) is A–Z and digits too; Æ, Ø and Å are named there (never a
 * year letter) and are on every Danish and Norwegian keyboard, so they stay. No source shows any other
 * letter in a frame number, and ../shared/data/no-fg-register-requirements.md names none. A closed
 * list cannot be outrun by the next look-alike (ɐ, ǃ, É beside E, Ж, ٣), where a confusables table
 * must be kept in step with every Unicode release, also in SQL, and its skeletons fold 0 with O and 1
 * with l — characters that are different on a stamp (search still finds them: LOOK_ALIKES).
 */
const KEY_CHARACTERS = /^[A-Z0-9ÆØÅ]+$/;

export type IdentifierShapeProblem =
  | 'required'
  | 'identifier_too_short'
  | 'too_long'
  | 'invalid_characters'
  | 'identifier_not_latin';

/** Whether a typed frame number or plate ID can be an identifier at all (hard rule; SPEC §5). */
export function identifierShapeProblem(input: string): IdentifierShapeProblem | null {
  const trimmed = input.trim();
  if (trimmed === '') return 'required';
  if (!IDENTIFIER_CHARACTERS.test(trimmed)) return 'invalid_characters';
  const key = normaliseIdentifier(trimmed);
  if (!KEY_CHARACTERS.test(key)) return 'identifier_not_latin';
  if (key.length < IDENTIFIER_MIN_LENGTH) return 'identifier_too_short';
  if (key.length > IDENTIFIER_MAX_LENGTH) return 'too_long';
  return null;
}
