import { FLOW_ACTIONS } from '@nbr/domain/flows';
import { describe, expect, it } from 'vitest';
import {
  completenessProblems,
  hasText,
  COMPLETE_LANGUAGES as LANGUAGES,
  missingLiteralKeys,
} from '../../test/locale-tree.ts';

/*
 * The walker's texts (issue 29 §2): complete in da, en and no, a title and a sentence for every action
 * a step may end in, and every literal key the screens ask for.
 */

const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('flows.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('flows')).toEqual([]);
  });

  it('names every action with a title and says what it does', () => {
    for (const language of LANGUAGES) {
      for (const action of FLOW_ACTIONS) {
        expect(hasText(language, 'flows', `action.${action}.title`), `${language}:${action}`).toBe(true);
        expect(hasText(language, 'flows', `action.${action}.body`), `${language}:${action}`).toBe(true);
      }
    }
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'flows');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
