import { ERROR_CODES } from '@nbr/domain/errors';
import { VALIDATION_MESSAGES } from '@nbr/domain/identity';
import { describe, expect, it } from 'vitest';
import { da } from './catalogues/da.ts';
import { en } from './catalogues/en.ts';
import { no } from './catalogues/no.ts';
import { createTranslator, translate } from './translate.ts';

describe('server texts', () => {
  it('have a text for every error code and validation code in da, en and no', () => {
    for (const catalogue of [da, en, no]) {
      for (const code of ERROR_CODES) expect(catalogue[`errors.${code}`], code).toMatch(/\S/);
      for (const code of VALIDATION_MESSAGES) expect(catalogue[`validation.${code}`], code).toMatch(/\S/);
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    }
  });

  it('are really translated, not copied from English', () => {
    const untranslated = (Object.keys(en) as Array<keyof typeof en>).filter(
      (key) => da[key] === en[key] || no[key] === en[key],
    );
    expect(untranslated).toEqual([]);
  });

  it('write placeholders as {name}, the way translate fills them (never the web app’s {{name}})', () => {
    for (const catalogue of [da, en, no]) {
      expect(Object.entries(catalogue).filter(([, text]) => /\{\{|\}\}/.test(text))).toEqual([]);
    }
  });

  it("use the register's own Danish failure text for a password reset", () => {
    expect(translate('da', 'errors.password_reset_failed')).toBe('Kunne ikke nulstille adgangskoden');
  });

  it('fill in placeholders and fall back to English for Icelandic', () => {
    expect(translate('da', 'validation.password_too_short', { minimum: 8 })).toBe(
      'Adgangskoden skal være på mindst 8 tegn.',
    );
    expect(createTranslator('is')('errors.not_found')).toBe('Not found.');
    expect(translate('no', 'validation.too_long', {})).toBe('Kan være høyst {maximum} tegn.');
  });
});
