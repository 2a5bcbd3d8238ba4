import { ORGANISATION_ROLES, ORGANISATION_TYPES } from '@nbr/domain/organisations';
import { describe, expect, it } from 'vitest';
import {
  keys,
  COMPLETE_LANGUAGES as LANGUAGES,
  lookup,
  placeholders,
  type LocaleTree as Tree,
} from '../../locales/locale-tree.ts';

/*
 * The texts of the organisation screens: complete in da, en and no with the same placeholders,
 * every literal key the screens ask for present, and a name for every type and role the API answers.
 */

const locales = import.meta.glob<Tree>('../../locales/*/organisations.json', {
  eager: true,
  import: 'default',
});
const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

function tree(language: string): Tree {
  const found = locales[`../../locales/${language}/organisations.json`];
  if (!found) throw new Error(`missing ${language}/organisations.json`);
  return found;
}

describe('organisations.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    const da = tree('da');
    const reference = keys(da).sort();
    for (const language of LANGUAGES) {
      expect(keys(tree(language)).sort(), language).toEqual(reference);
      for (const key of reference) {
        const text = lookup(tree(language), key);
        expect(text?.trim(), `${language}:${key}`).toBeTruthy();
        expect(placeholders(text ?? ''), `${language}:${key}`).toEqual(placeholders(lookup(da, key) ?? ''));
      }
    }
  });

  it('names every organisation type and role, and both registers', () => {
    for (const language of LANGUAGES) {
      for (const type of ORGANISATION_TYPES) expect(lookup(tree(language), `types.${type}`)).toBeTruthy();
      for (const role of ORGANISATION_ROLES) expect(lookup(tree(language), `roles.${role}`)).toBeTruthy();
    }
    expect(lookup(tree('da'), 'create.registrationNumber.dk')).toBe('CVR-nummer');
    expect(lookup(tree('no'), 'create.registrationNumber.no')).toBe('Organisasjonsnummer');
  });

  it('holds every literal key the screens ask for', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, source] of Object.entries(sources)) {
      if (file.includes('.test.')) continue;
      for (const match of source.matchAll(/\bt\(\s*'([^':]+)'/g)) {
        checked += 1;
        for (const language of LANGUAGES) {
          if (lookup(tree(language), match[1] ?? '') === undefined)
            missing.push(`${file}: ${language}:${match[1]}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
