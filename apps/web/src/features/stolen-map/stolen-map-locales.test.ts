import { STOLEN_PERIODS } from '@nbr/domain/stolen-map';
import { describe, expect, it } from 'vitest';
import {
  completenessProblems,
  COMPLETE_LANGUAGES as LANGUAGES,
  localeTree,
  lookup,
  missingLiteralKeys,
} from '../../test/locale-tree.ts';

/*
 * The texts of the stolen-bike map, its list and a stolen bike's page (namespace stolen-map):
 * complete in da, en and no with the same placeholders, a name for every period filter, and every
 * literal key the screens ask for present.
 */

const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('stolen-map.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('stolen-map')).toEqual([]);
  });

  it('names every period of the filter', () => {
    for (const language of LANGUAGES) {
      const texts = localeTree(language, 'stolen-map');
      for (const period of STOLEN_PERIODS)
        expect(lookup(texts, `filters.periods.${period}`), period).toBeTruthy();
    }
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'stolen-map');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
