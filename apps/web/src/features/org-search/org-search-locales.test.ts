import { ORG_BIKE_HISTORY_EVENTS } from '@nbr/domain/org-search';
import { describe, expect, it } from 'vitest';
import {
  completenessProblems,
  hasText,
  COMPLETE_LANGUAGES as LANGUAGES,
  missingLiteralKeys,
} from '../../test/locale-tree.ts';

/*
 * The texts of the organisation search (issue 17 §3): complete in da, en and no with the same
 * placeholders, a text for every history event the API answers, every literal key present.
 */

const sources = import.meta.glob<string>(['./**/*.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('org-search.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('org-search')).toEqual([]);
  });

  it('tells every history event', () => {
    for (const language of LANGUAGES) {
      for (const event of ORG_BIKE_HISTORY_EVENTS) {
        expect(hasText(language, 'org-search', `history.events.${event}`), `${language}:${event}`).toBe(true);
      }
    }
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'org-search');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
