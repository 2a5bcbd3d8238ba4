import { BIKE_CATEGORIES, BIKE_COLORS, BIKE_STATUSES } from '@nbr/domain/bikes';
import { SearchHitSchema } from '@nbr/domain/search';
import { describe, expect, it } from 'vitest';
import {
  keys,
  COMPLETE_LANGUAGES as LANGUAGES,
  lookup,
  placeholders,
  type LocaleTree as Tree,
} from '../../locales/locale-tree.ts';

/*
 * The texts of the search screens and the public bike page (namespace search): complete in da, en
 * and no with the same placeholders, a name for every status, category, colour and identifier the
 * API answers, and every literal key the screens ask for present.
 */

const locales = import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

function tree(language: string, namespace = 'search'): Tree {
  const found = locales[`../../locales/${language}/${namespace}.json`];
  if (!found) throw new Error(`missing ${language}/${namespace}.json`);
  return found;
}

/** A key exists as written or as the plural forms i18next looks up. */
function hasKey(node: Tree, key: string): boolean {
  return lookup(node, key) !== undefined || lookup(node, `${key}_other`) !== undefined;
}

describe('search.json', () => {
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

  it('names every status, category, colour and identifier kind', () => {
    for (const language of LANGUAGES) {
      const texts = tree(language);
      for (const status of BIKE_STATUSES) expect(lookup(texts, `status.${status}`), status).toBeTruthy();
      for (const category of BIKE_CATEGORIES)
        expect(lookup(texts, `categories.${category}`), category).toBeTruthy();
      for (const color of BIKE_COLORS) expect(lookup(texts, `colors.${color}`), color).toBeTruthy();
      for (const identifier of SearchHitSchema.shape.identifier.options)
        expect(lookup(texts, `identifier.${identifier}`), identifier).toBeTruthy();
    }
  });

  it('holds every literal key the screens ask for', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, source] of Object.entries(sources)) {
      if (file.includes('.test.')) continue;
      for (const match of source.matchAll(/\bt\(\s*'([^']+)'/g)) {
        checked += 1;
        const raw = match[1] ?? '';
        const [namespace, key] = raw.includes(':') ? (raw.split(':') as [string, string]) : ['search', raw];
        for (const language of LANGUAGES) {
          if (!hasKey(tree(language, namespace), key))
            missing.push(`${file}: ${language}/${namespace}:${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
