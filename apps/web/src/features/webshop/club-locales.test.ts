import { describe, expect, it } from 'vitest';
import { completenessProblems, localeTree, lookup, missingLiteralKeys } from '../../test/locale-tree.ts';

/*
 * The texts of the club purchase page (namespace club): complete in da, en and no with the same
 * placeholders, every key the page asks for present, and the invalid membership number in the
 * club's own wording (SPEC §5, §8: 'Ugyldig NAF-nummer').
 */

const sources = import.meta.glob<string>(['./pages/purchase-naf-page.tsx'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('club.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('club')).toEqual([]);
  });

  it('holds every literal key the page asks for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'club');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it('says an invalid membership number in the club’s wording', () => {
    expect(lookup(localeTree('no', 'common'), 'validation.invalid_club_membership_number')).toMatch(
      /^Ugyldig NAF-nummer/,
    );
    expect(lookup(localeTree('da', 'common'), 'validation.invalid_club_membership_number')).toMatch(
      /NAF-nummer/,
    );
    expect(lookup(localeTree('en', 'common'), 'validation.invalid_club_membership_number')).toMatch(
      /NAF number/,
    );
  });
});
