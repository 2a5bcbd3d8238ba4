import {
  BIKE_CATEGORIES,
  BIKE_COLORS,
  BIKE_STATUSES,
  BIKE_TYPES,
  BIKE_VISIBILITIES,
  DOCUMENT_KINDS,
  EQUIPMENT_TYPES,
  FrameNumberWarningSchema,
  LOCK_TYPES,
  PICTURE_KINDS,
} from '@nbr/domain/bikes';
import { describe, expect, it } from 'vitest';
import {
  keys,
  COMPLETE_LANGUAGES as LANGUAGES,
  lookup,
  placeholders,
  type LocaleTree as Tree,
} from '../../locales/locale-tree.ts';

/*
 * The texts of the bike screens: complete in da, en and no with the same placeholders, a name for
 * every value the API answers (categories, colours, kinds, warnings…), and every literal key the
 * screens ask for present (a counted text may exist only as its plural forms).
 */

const locales = import.meta.glob<Tree>('../../locales/*/bikes.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

function tree(language: string): Tree {
  const found = locales[`../../locales/${language}/bikes.json`];
  if (!found) throw new Error(`missing ${language}/bikes.json`);
  return found;
}

const has = (language: string, key: string) =>
  lookup(tree(language), key) !== undefined || lookup(tree(language), `${key}_other`) !== undefined;

describe('bikes.json', () => {
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

  it('names every value of the bike contract', () => {
    const groups: [string, readonly string[]][] = [
      ['categories', BIKE_CATEGORIES],
      ['colors', BIKE_COLORS],
      ['types', BIKE_TYPES],
      ['visibility', BIKE_VISIBILITIES],
      ['visibilityDescriptions', BIKE_VISIBILITIES],
      ['status', BIKE_STATUSES],
      ['pictureKinds', PICTURE_KINDS],
      ['documentKinds', DOCUMENT_KINDS],
      ['equipmentTypes', EQUIPMENT_TYPES],
      ['equipment.add', EQUIPMENT_TYPES],
      ['equipment.addTitle', EQUIPMENT_TYPES],
      ['lockTypes', LOCK_TYPES],
      ['frameWarnings', FrameNumberWarningSchema.options],
      ['detail.tabs', ['data', 'documents', 'equipment', 'public']],
      ['publicTab.level', ['full', 'limited', 'none']],
      ['nextSteps', ['frameNumber', 'plate', 'picture', 'receipt', 'equipment']],
    ];
    for (const language of LANGUAGES) {
      for (const [group, values] of groups) {
        for (const value of values)
          expect(has(language, `${group}.${value}`), `${language}:${group}.${value}`).toBe(true);
      }
    }
  });

  it('holds every literal key the screens ask for', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, source] of Object.entries(sources)) {
      if (file.includes('.test.')) continue;
      const literal = [...source.matchAll(/\bt\(\s*'([^':]+)'/g)].map((match) => match[1] ?? '');
      const qualified = [...source.matchAll(/'bikes:([^']+)'/g)].map((match) => match[1] ?? '');
      for (const key of [...literal, ...qualified]) {
        checked += 1;
        for (const language of LANGUAGES)
          if (!has(language, key)) missing.push(`${file}: ${language}:${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });
});
