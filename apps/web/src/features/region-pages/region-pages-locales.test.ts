import { parseContentBody } from '@nbr/domain/content-markup';
import { REGIONS } from '@nbr/domain/locale-values';
import { REGION_PAGE_LANGUAGES } from '@nbr/domain/region-pages';
import { describe, expect, it } from 'vitest';
import {
  keys,
  COMPLETE_LANGUAGES as LANGUAGES,
  lookup,
  placeholders,
  type LocaleTree as Tree,
} from '../../test/locale-tree.ts';
import type { textState } from './lib/text-state.ts';

/*
 * The region pages' texts (namespace region-pages): the built-in landing pages of /dk and /no and
 * the backoffice's screens, complete in da, en and no with the same placeholders; every key the
 * screens ask for present, including the names built from the domain's lists.
 */

const locales = import.meta.glob<Tree>('../../locales/*/region-pages.json', {
  eager: true,
  import: 'default',
});
const sources = import.meta.glob<string>(['./**/*.tsx'], { eager: true, query: '?raw', import: 'default' });

function tree(language: string): Tree {
  const found = locales[`../../locales/${language}/region-pages.json`];
  if (!found) throw new Error(`missing ${language}/region-pages.json`);
  return found;
}

describe('region-pages.json', () => {
  it('has the same keys and placeholders in da, en and no, and no empty text', () => {
    const reference = keys(tree('da')).sort();
    for (const language of LANGUAGES) {
      expect(keys(tree(language)).sort(), language).toEqual(reference);
      for (const key of reference) {
        const text = lookup(tree(language), key);
        expect(text?.trim(), `${language}:${key}`).toBeTruthy();
        expect(placeholders(text!), `${language}:${key}`).toEqual(placeholders(lookup(tree('da'), key)!));
      }
    }
  });

  it('names every region, language and state, and has a landing text for every region that links to the shop in its currency', () => {
    const states = ['published', 'changed', 'draft', 'none'] satisfies ReturnType<typeof textState>[];
    for (const language of LANGUAGES) {
      const texts = tree(language);
      for (const key of [
        ...REGIONS.map((region) => `staff.regions.${region}`),
        ...REGION_PAGE_LANGUAGES.map((name) => `staff.languages.${name}`),
        ...states.map((state) => `staff.status.${state}`),
      ])
        expect(lookup(texts, key), `${language}:${key}`).toBeTruthy();
      for (const region of REGIONS) {
        const body = lookup(texts, `landing.${region}.body`) ?? '';
        expect(parseContentBody(body).length, `${language}:${region}`).toBeGreaterThan(0);
        expect(body, `${language}:${region}`).toContain(`](/webshop?region=${region})`);
        expect(body, `${language}:${region}`).toContain('](/find-distributor)');
      }
    }
  });
});

describe('the region pages’ screens', () => {
  it('only ask for keys that exist', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, source] of Object.entries(sources)) {
      for (const match of source.matchAll(/\bt\(\s*'([^']+)'/g)) {
        checked += 1;
        for (const language of LANGUAGES) {
          if (lookup(tree(language), match[1]!) === undefined)
            missing.push(`${file}: ${language}:${match[1]}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });
});
