import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lookAlikeKey, normaliseIdentifier } from './identifiers.ts';
import {
  DEFAULT_STICKER_GTIN,
  gs1CheckDigit,
  isValidGtin14,
  STICKER_CODE_ALPHABET,
  STICKER_CODE_LENGTH,
  stickerDigitalLink,
  stickerIdFromScan,
} from './plates.ts';

const stickerCode = fc
  .array(fc.constantFrom(...STICKER_CODE_ALPHABET.split('')), {
    minLength: STICKER_CODE_LENGTH,
    maxLength: STICKER_CODE_LENGTH,
  })
  .map((chars) => chars.join(''));

describe('GTIN', () => {
  it('computes GS1 check digits (a published example)', () => {
    // GTIN-13 4006381333931 → body 400638133393, check digit 1.
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(isValidGtin14('04006381333931')).toBe(true);
    expect(isValidGtin14('04006381333932')).toBe(false);
  });

  it('ships a valid default GTIN', () => {
    expect(isValidGtin14(DEFAULT_STICKER_GTIN)).toBe(true);
  });
});

describe('sticker codes', () => {
  it('use no character that is a look-alike of another', () => {
    for (const character of STICKER_CODE_ALPHABET) expect(lookAlikeKey(character)).toBe(character);
    expect(new Set(STICKER_CODE_ALPHABET).size).toBe(STICKER_CODE_ALPHABET.length);
  });

  it('are their own normalised key', () => {
    fc.assert(fc.property(stickerCode, (code) => normaliseIdentifier(code) === code));
  });
});

describe('stickerIdFromScan', () => {
  it('reads the code back from the Digital Link of any code', () => {
    fc.assert(
      fc.property(
        stickerCode,
        (code) =>
          stickerIdFromScan(stickerDigitalLink('https://cykelregister.dk/', DEFAULT_STICKER_GTIN, code)) ===
          code,
      ),
    );
  });

  it('reads the short form, a path and a bare typed code', () => {
    expect(stickerIdFromScan('https://cykelregister.dk/sticker-id/ab-c123')).toBe('ABC123');
    expect(stickerIdFromScan('/sticker-id/01/05790002290008/21/K7M4QXTA')).toBe('K7M4QXTA');
    expect(stickerIdFromScan(' k7m4 qxta ')).toBe('K7M4QXTA');
  });

  it('refuses other addresses', () => {
    expect(stickerIdFromScan('https://example.org/some/other/path')).toBeNull();
    expect(stickerIdFromScan('')).toBeNull();
  });

  it('builds the link of ARCHITECTURE §5', () => {
    expect(stickerDigitalLink('https://cykelregister.dk', '05790002290008', 'K7M4QXTA')).toBe(
      'https://cykelregister.dk/sticker-id/01/05790002290008/21/K7M4QXTA',
    );
  });
});
