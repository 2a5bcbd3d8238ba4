import { PICKUP_STATUSES } from '@nbr/domain/finds';
import { FOUND_ITEM_SOURCES, FOUND_MATCH_REASON_KINDS } from '@nbr/domain/found-matching';
import { describe, expect, it } from 'vitest';
import {
  completenessProblems,
  hasText,
  COMPLETE_LANGUAGES as LANGUAGES,
  missingLiteralKeys,
} from '../../test/locale-tree.ts';

/*
 * The texts of contacting an owner and of bikes for pickup: complete in da, en and no with the same
 * placeholders, a text for every closed state and urgency a pickup shows, every literal key present.
 */

// Shared components that speak this namespace are checked with the screens.
const sources = import.meta.glob<string>(
  ['./**/*.{ts,tsx}', '../../components/bike/stolen-bike-actions.tsx'],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);

describe('finds.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('finds')).toEqual([]);
  });

  it('names every state and urgency of a pickup', () => {
    for (const language of LANGUAGES) {
      for (const status of PICKUP_STATUSES.filter((value) => value !== 'waiting')) {
        expect(hasText(language, 'finds', `pickups.status.${status}`), `${language}:${status}`).toBe(true);
      }
      for (const urgency of ['past', 'soon', 'later']) {
        expect(hasText(language, 'finds', `pickups.urgency.${urgency}`), `${language}:${urgency}`).toBe(true);
      }
    }
  });

  it('tells how every found bike came in, and every reason it may be the owner’s (issue 32 §2)', () => {
    for (const language of LANGUAGES) {
      for (const source of FOUND_ITEM_SOURCES) {
        expect(hasText(language, 'finds', `possiblyYours.by.${source}`), `${language}:${source}`).toBe(true);
      }
      for (const kind of FOUND_MATCH_REASON_KINDS) {
        // Reasons with a count are said in the singular and the plural (lib/found-match-reasons.ts).
        const counted = kind === 'frame_close_serial' || kind === 'after_theft';
        for (const key of counted ? [`${kind}_one`, `${kind}_other`] : [kind]) {
          expect(hasText(language, 'common', `foundMatchReasons.${key}`), `${language}:${key}`).toBe(true);
        }
      }
    }
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'finds');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });
});
