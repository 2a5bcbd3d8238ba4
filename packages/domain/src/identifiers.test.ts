import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONFUSABLES,
  IDENTIFIER_MIN_LENGTH,
  identifierKeys,
  identifierShapeProblem,
  LOOK_ALIKES,
  lookAlikeKey,
  normaliseIdentifier,
} from './identifiers.ts';

const identifierChar = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''));
const identifier = fc.array(identifierChar, { minLength: 5, maxLength: 20 }).map((chars) => chars.join(''));
const separator = fc.constantFrom(' ', '-', '.', '  ', '_', '/');

/** The same identifier as a person might type it: lower case in places, separators anywhere. */
const typedVariant = (value: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: value.length, maxLength: value.length }),
      fc.array(fc.option(separator, { nil: '' }), { minLength: value.length, maxLength: value.length }),
    )
    .map(([lower, seps]) =>
      [...value]
        .map((char, index) => (lower[index] ? char.toLowerCase() : char) + (seps[index] ?? ''))
        .join(''),
    );

describe('normaliseIdentifier', () => {
  it('upper-cases and removes spaces, dashes and dots', () => {
    expect(normaliseIdentifier(' wda 1234-z ')).toBe('WDA1234Z');
    expect(normaliseIdentifier('W.D.A.1234.Z')).toBe('WDA1234Z');
    expect(normaliseIdentifier('ab_12/34\\5')).toBe('AB12345');
  });

  it('takes every kind of dash as a dash and drops invisible format characters', () => {
    // What a phone's autocorrect, a word processor or a copy out of a web page puts in a number.
    for (const typed of [
      'WDA\u20131234Z', // en dash
      'WDA\u20141234Z', // em dash
      'WDA\u20101234Z', // hyphen
      'WDA\u00ad1234Z', // soft hyphen
      'WDA\u200b1234Z', // zero-width space
      'WDA1234Z\ufeff', // byte order mark
      '\u202eWDA1234Z', // right-to-left override
    ]) {
      expect(normaliseIdentifier(typed), JSON.stringify(typed)).toBe('WDA1234Z');
      expect(identifierShapeProblem(typed), JSON.stringify(typed)).toBeNull();
      expect(identifierKeys(typed).display, JSON.stringify(typed)).not.toMatch(/\p{Cf}/u);
    }
  });

  it('maps every typed variant of an identifier to the same key', () => {
    fc.assert(
      fc.property(
        identifier.chain((value) => fc.tuple(fc.constant(value), typedVariant(value))),
        ([value, typed]) => normaliseIdentifier(typed) === normaliseIdentifier(value),
      ),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(
        fc.string(),
        (value) => normaliseIdentifier(normaliseIdentifier(value)) === normaliseIdentifier(value),
      ),
    );
  });

  it('folds full-width characters a phone keyboard may produce', () => {
    expect(normaliseIdentifier('ＷＤＡ１２３４Ｚ')).toBe('WDA1234Z');
  });

  it('folds Cyrillic and Greek look-alikes of Latin letters and digits to them', () => {
    // А В Е К М Н О Р С Т Х У in Cyrillic, capital and small.
    expect(normaliseIdentifier('АВЕКМНОРСТХУ')).toBe('ABEKMHOPCTXY');
    expect(normaliseIdentifier('авекмнорстху')).toBe('ABEKMHOPCTXY');
    // Α Β Ε Ζ Η Ι Κ Μ Ν Ο Ρ Τ Υ Χ in Greek, capital and small.
    expect(normaliseIdentifier('ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ')).toBe('ABEZHIKMNOPTYX');
    expect(normaliseIdentifier('αβεζηικμνορτυχ')).toBe('ABEZHIKMNOPTYX');
    expect(normaliseIdentifier('WDЗ1234')).toBe('WD31234');
    // The frame number of the issue: a Cyrillic Р is the Latin P.
    expect(normaliseIdentifier('WBKР12345')).toBe(normaliseIdentifier('WBKP12345'));
    expect(normaliseIdentifier('ＷＢＫ Р-12345')).toBe('WBKP12345');
  });

  it('folds the Latin-script look-alikes of issue 27 to the letter or digit they stand for', () => {
    // U+01C0 (click letter) for the 1, U+A7AE (capital small I) and U+0299 (small capital B).
    expect(normaliseIdentifier('WDA\u01C02345Z')).toBe('WDA12345Z');
    expect(normaliseIdentifier('WD\uA7AE12345Z')).toBe('WDI12345Z');
    expect(normaliseIdentifier('W\u0299K12345Z')).toBe('WBK12345Z');
    // The small i (ɪ) upper-cases to Ɪ; `|` typed for a worn 1 is the 1.
    expect(normaliseIdentifier('wdɪ12345z')).toBe('WDI12345Z');
    expect(normaliseIdentifier('WDA|2345Z')).toBe('WDA12345Z');
    expect(identifierKeys('wʙk 1ǀ345 z').display).toBe('wBk 11345 z');
  });

  it('maps every look-alike to a Latin capital or a digit', () => {
    for (const [character, latin] of Object.entries(CONFUSABLES)) {
      expect(latin, character).toMatch(/^[A-Z0-9]$/);
      expect(character.toUpperCase(), character).toBe(character);
    }
  });

  it('leaves the same key for any identifier with letters swapped for look-alikes', () => {
    const byLatin = new Map<string, string[]>();
    for (const [character, latin] of Object.entries(CONFUSABLES)) {
      byLatin.set(latin, [...(byLatin.get(latin) ?? []), character]);
    }
    fc.assert(
      fc.property(identifier, fc.array(fc.nat(), { maxLength: 8 }), (value, picks) => {
        const characters = [...value];
        for (const pick of picks) {
          const index = pick % characters.length;
          const options = byLatin.get(characters[index] ?? '') ?? [];
          if (options.length > 0) characters[index] = options[pick % options.length] ?? characters[index]!;
        }
        return normaliseIdentifier(characters.join('')) === normaliseIdentifier(value);
      }),
    );
  });
});

describe('lookAlikeKey', () => {
  it('maps the look-alikes of the issue to their digits', () => {
    expect(lookAlikeKey('O')).toBe('0');
    for (const letter of ['I', 'L', '|']) expect(lookAlikeKey(letter)).toBe('1');
    expect(lookAlikeKey('S')).toBe('5');
    expect(lookAlikeKey('Z')).toBe('2');
    expect(lookAlikeKey('B')).toBe('8');
  });

  it('finds the registered number when a look-alike is typed instead', () => {
    expect(lookAlikeKey('WDA1234Z')).toBe(lookAlikeKey('wda I234 2'));
    expect(lookAlikeKey('SB10')).toBe(lookAlikeKey('58lO'));
  });

  it('gives a key that is its own look-alike key and never longer than the normalised key', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const key = lookAlikeKey(value);
        return lookAlikeKey(key) === key && key.length === normaliseIdentifier(value).length;
      }),
    );
  });

  it('agrees for any identifier whose look-alike characters are swapped', () => {
    const swaps = Object.entries(LOOK_ALIKES);
    fc.assert(
      fc.property(identifier, fc.array(fc.nat(), { maxLength: 5 }), (value, picks) => {
        let typed = value;
        for (const pick of picks) {
          const [letter, digit] = swaps[pick % swaps.length] ?? ['O', '0'];
          typed = typed.includes(digit) ? typed.replace(digit, letter) : typed.replace(letter, digit);
        }
        return lookAlikeKey(typed) === lookAlikeKey(value);
      }),
    );
  });
});

describe('identifierShapeProblem', () => {
  it('needs at least 5 characters after normalising', () => {
    expect(IDENTIFIER_MIN_LENGTH).toBe(5);
    expect(identifierShapeProblem('AB12')).toBe('identifier_too_short');
    expect(identifierShapeProblem('AB 1-2')).toBe('identifier_too_short');
    expect(identifierShapeProblem('AB123')).toBeNull();
  });

  it('refuses empty input, symbols and overly long input', () => {
    expect(identifierShapeProblem('   ')).toBe('required');
    expect(identifierShapeProblem('AB123<script>')).toBe('invalid_characters');
    expect(identifierShapeProblem('A'.repeat(41))).toBe('too_long');
  });

  it('accepts Danish and Norwegian letters (they occur in foreign numbers)', () => {
    expect(identifierShapeProblem('ÆØÅ12345')).toBeNull();
    expect(identifierShapeProblem('æøå12345')).toBeNull();
  });

  it('accepts the look-alikes it folds, and refuses every other letter outside A–Z, Æ, Ø, Å', () => {
    for (const typed of ['WDA\u01C02345Z', 'WD\uA7AE12345Z', 'W\u0299K12345Z', 'WDA|2345Z']) {
      expect(identifierShapeProblem(typed), typed).toBeNull();
    }
    // Latin letters no frame number has: accented, IPA and other click letters, a Latin alpha.
    for (const typed of ['WDÁ12345Z', 'WDÜ12345Z', 'WD\u025012345Z', 'WDA\u01C32345Z', 'WD\u2C6D12345Z']) {
      expect(identifierShapeProblem(typed), typed).toBe('identifier_not_latin');
    }
  });

  it('lets through only keys of A–Z, Æ, Ø, Å and 0–9, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (typed) => {
        return identifierShapeProblem(typed) !== null || /^[A-Z0-9ÆØÅ]+$/.test(normaliseIdentifier(typed));
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts look-alikes of other scripts, which fold to Latin letters', () => {
    expect(identifierShapeProblem('WBKР12345')).toBeNull();
    expect(identifierShapeProblem('ΑΒΕ12345')).toBeNull();
  });

  it('refuses letters and digits of other scripts that are no look-alike of a Latin one', () => {
    for (const typed of ['WBKЖ12345', 'ΩΔΘ12345', '中文12345', 'WBK١٢٣٤٥', 'WBKΣ12345', 'ЁЛКА12345']) {
      expect(identifierShapeProblem(typed), typed).toBe('identifier_not_latin');
    }
  });
});

describe('identifierKeys', () => {
  it('keeps what was typed (trimmed, single spaces) beside both keys', () => {
    expect(identifierKeys('  wda  1234 z ')).toEqual({
      display: 'wda 1234 z',
      key: 'WDA1234Z',
      lookAlike: 'WDA12342',
    });
  });

  it('keeps look-alikes of other scripts out of what is shown, in the case they were typed in', () => {
    expect(identifierKeys('wbkр 12345 Р')).toEqual({
      display: 'wbkp 12345 P',
      key: 'WBKP12345P',
      lookAlike: 'W8KP12345P',
    });
  });
});
