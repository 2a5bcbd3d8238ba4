import { SearchHitSchema } from '@nbr/domain/search';
import { describe, expect, it } from 'vitest';
import {
  completenessProblems,
  COMPLETE_LANGUAGES as LANGUAGES,
  localeTree,
  lookup,
  missingLiteralKeys,
} from '../../test/locale-tree.ts';

/*
 * The texts of the search screens and the public bike page (namespace search): complete in da, en
 * and no with the same placeholders, a name for every status, category, colour and identifier the
 * API answers, and every literal key the screens ask for present.
 */

// Shared components that speak this namespace are checked with the screens.
const sources = import.meta.glob<string>(
  [
    './**/*.{ts,tsx}',
    '../../components/bike/public-bike-facts.tsx',
    '../../components/bike/public-bike-view.tsx',
  ],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);

const tree = (language: string, namespace = 'search') => localeTree(language, namespace);

/** A key exists as written or as the plural forms i18next looks up. */

describe('search.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('search')).toEqual([]);
  });

  it('names every identifier kind', () => {
    for (const language of LANGUAGES) {
      const texts = tree(language);
      for (const identifier of SearchHitSchema.shape.identifier.options)
        expect(lookup(texts, `identifier.${identifier}`), identifier).toBeTruthy();
    }
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'search');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
