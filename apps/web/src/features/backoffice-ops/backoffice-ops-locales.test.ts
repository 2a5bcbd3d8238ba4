import { describe, expect, it } from 'vitest';
import {
  keys,
  COMPLETE_LANGUAGES as LANGUAGES,
  lookup,
  placeholders,
  type LocaleTree as Tree,
} from '../../test/locale-tree.ts';

/*
 * The texts of the backoffice operations (namespace backoffice-ops; the sidebar's entries are in
 * backoffice): complete in da, en and no with the same placeholders, and every key the screens ask
 * for present, including the names built from the domain's lists (kinds, statuses).
 */

const locales = import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['./**/*.tsx'], { eager: true, query: '?raw', import: 'default' });

function tree(language: string, namespace: string): Tree {
  const found = locales[`../../locales/${language}/${namespace}.json`];
  if (!found) throw new Error(`missing ${language}/${namespace}.json`);
  return found;
}

describe('backoffice-ops.json', () => {
  it('has the same keys and placeholders in da, en and no, and no empty text', () => {
    const da = tree('da', 'backoffice-ops');
    const reference = keys(da).sort();
    for (const language of LANGUAGES) {
      const translated = tree(language, 'backoffice-ops');
      expect(keys(translated).sort(), language).toEqual(reference);
      for (const key of reference) {
        const text = lookup(translated, key);
        expect(text?.trim(), `${language}:${key}`).toBeTruthy();
        expect(placeholders(text!), `${language}:${key}`).toEqual(placeholders(lookup(da, key)!));
      }
    }
  });

  it('names every sticker kind and status, order status and shipment status, and the sidebar entries', async () => {
    const { STICKER_KINDS, STICKER_STATUSES, STICKER_HISTORY_EVENTS } = await import('@nbr/domain/plates');
    const { ORDER_STATUSES, SHIPMENT_STATUSES } = await import('@nbr/domain/webshop');
    const { THEFT_REVIEW_FILTERS } = await import('@nbr/domain/theft');
    const { FOUND_ITEM_SOURCES, FOUND_MATCH_DECISIONS } = await import('@nbr/domain/found-matching');
    for (const language of LANGUAGES) {
      const texts = tree(language, 'backoffice-ops');
      const wanted = [
        ...STICKER_KINDS.map((kind) => `plates.kinds.${kind}`),
        ...STICKER_STATUSES.map((status) => `plates.statuses.${status}`),
        ...STICKER_HISTORY_EVENTS.map((event) => `plates.events.${event}`),
        ...ORDER_STATUSES.map((status) => `orders.statuses.${status}`),
        ...SHIPMENT_STATUSES.map((status) => `orders.shipments.${status}`),
        ...THEFT_REVIEW_FILTERS.map((filter) => `stolen.filters.${filter}`),
        ...FOUND_ITEM_SOURCES.map((source) => `found.sources.${source}`),
        ...[...FOUND_MATCH_DECISIONS, 'open'].map((decision) => `found.decisions.${decision}`),
        ...[
          'orders',
          'stolenBikes',
          'foundBikes',
          'diverse',
          'regionPages',
          'plates',
          'insuranceVerification',
        ].flatMap((area) => ['title', 'body', 'link'].map((part) => `v2.${area}.${part}`)),
      ];
      for (const key of wanted) expect(lookup(texts, key), `${language}:${key}`).toBeTruthy();
      for (const key of ['layout.v2', 'layout.plates'])
        expect(lookup(tree(language, 'backoffice'), key), `${language}:${key}`).toBeTruthy();
    }
  });
});

describe('the backoffice operations screens', () => {
  it('only ask for keys that exist', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, source] of Object.entries(sources)) {
      const own = source.match(/useTranslation\(\s*\[?\s*'([^']+)'/)?.[1] ?? 'backoffice-ops';
      for (const match of source.matchAll(/\bt\(\s*'([^']+)'/g)) {
        checked += 1;
        const raw = match[1]!;
        const [namespace, key] = raw.includes(':') ? (raw.split(':') as [string, string]) : [own, raw];
        for (const language of LANGUAGES) {
          if (lookup(tree(language, namespace), key) === undefined)
            missing.push(`${file}: ${language}/${namespace}:${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });
});
