import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
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
});
