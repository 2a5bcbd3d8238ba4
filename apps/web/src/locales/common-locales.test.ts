import { BIKE_CATEGORIES, BIKE_COLORS, BIKE_STATUSES } from '@nbr/domain/bikes';
import { ERROR_CODES } from '@nbr/domain/errors';
import { VALIDATION_MESSAGES } from '@nbr/domain/identity';
import { describe, expect, it } from 'vitest';
import { keys, lookup, placeholders, type LocaleTree as Tree } from '../test/locale-tree.ts';

const files = import.meta.glob<Tree>('./*/common.json', { eager: true, import: 'default' });
const da = files['./da/common.json']!;
const en = files['./en/common.json']!;
const no = files['./no/common.json']!;

describe('common.json', () => {
  const languages: Record<string, Tree> = { da, en, no };

  it('has the same keys in da, en and no', () => {
    const reference = keys(languages.da!).sort();
    for (const [language, tree] of Object.entries(languages)) {
      expect(keys(tree).sort(), language).toEqual(reference);
    }
  });

  it('translates every validation code and every error code', () => {
    for (const tree of Object.values(languages)) {
      for (const code of VALIDATION_MESSAGES) expect(lookup(tree, `validation.${code}`)).toBeTruthy();
      for (const code of ERROR_CODES) expect(lookup(tree, `errors.${code}`)).toBeTruthy();
    }
  });

  it('uses the same placeholders in every language, and no empty texts', () => {
    for (const key of keys(languages.da!)) {
      const expected = placeholders(lookup(languages.da!, key)!);
      for (const [language, tree] of Object.entries(languages)) {
        const text = lookup(tree, key);
        expect(text?.trim(), `${language}:${key}`).toBeTruthy();
        expect(placeholders(text!), `${language}:${key}`).toEqual(expected);
      }
    }
  });

  it('names every status, category and colour of a bike, once for every screen', () => {
    for (const tree of Object.values(languages)) {
      for (const status of BIKE_STATUSES) expect(lookup(tree, `bike.status.${status}`), status).toBeTruthy();
      for (const category of BIKE_CATEGORIES)
        expect(lookup(tree, `bike.categories.${category}`), category).toBeTruthy();
      for (const color of BIKE_COLORS) expect(lookup(tree, `bike.colors.${color}`), color).toBeTruthy();
    }
  });

  it('keeps the texts the spec fixes', () => {
    // SPEC §8 writes 'Kunne ikke nulstille password'; issue 27 asks for one Danish word, adgangskode.
    expect(lookup(languages.da!, 'errors.password_reset_failed')).toBe('Kunne ikke nulstille adgangskoden');
    expect(lookup(languages.no!, 'messages.somethingWrong')).toBe('Ups – noe ser feil ut!');
    expect(lookup(languages.no!, 'messages.missingSomething')).toBe('Ups – du mangler noe!');
    expect(lookup(languages.no!, 'messages.emailsMustMatch')).toBe('De to e-postadressene må være like');
  });
});
