import { SUPPORT_SUBJECT_KINDS, TICKET_STATUSES } from '@nbr/domain/support';
import { describe, expect, it } from 'vitest';
import {
  completenessProblems,
  hasText,
  COMPLETE_LANGUAGES as LANGUAGES,
  missingLiteralKeys,
} from '../../test/locale-tree.ts';

/*
 * The texts of the support screens (/support/chat and the backoffice's tickets): complete in da, en
 * and no with the same placeholders, a text for every status and subject the API answers, and every
 * literal key the screens ask for.
 */

const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('support.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('support')).toEqual([]);
  });

  it('names every status and subject of the support contract', () => {
    for (const language of LANGUAGES) {
      for (const status of TICKET_STATUSES) {
        for (const group of ['status', 'statusNote', 'staff.setStatus'])
          expect(hasText(language, 'support', `${group}.${status}`), `${language}:${group}.${status}`).toBe(
            true,
          );
      }
      for (const kind of SUPPORT_SUBJECT_KINDS)
        expect(hasText(language, 'support', `subjects.${kind}`), `${language}:subjects.${kind}`).toBe(true);
      expect(hasText(language, 'common', 'errors.support_link_invalid'), language).toBe(true);
      expect(hasText(language, 'backoffice', 'layout.tickets'), language).toBe(true);
    }
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'support');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
