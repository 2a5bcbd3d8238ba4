import { describe, expect, it } from 'vitest';
import { completenessProblems, localeTree, lookup, missingLiteralKeys } from '../../test/locale-tree.ts';

/*
 * The texts of the lock-test portal and a lock test (namespace lock-tests): complete in da, en and
 * no with the same placeholders, every literal key the screens ask for present, and the approvals
 * named as insurers name them (insurance.md §2.1, §3.1).
 */

const sources = import.meta.glob<string>(['./**/lock-test*.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const tree = (language: string) => localeTree(language, 'lock-tests');

describe('lock-tests.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('lock-tests')).toEqual([]);
  });

  it('asks for the Varefakta VK number in Denmark and the FG approval in Norway', () => {
    expect(lookup(tree('da'), 'answer.certificateNumberHint.varefakta')).toMatch(/VK-nummeret/);
    expect(lookup(tree('no'), 'answer.certificateNumberHint.fg')).toMatch(/FG-godkjenningsnummeret/);
    expect(lookup(tree('da'), 'answer.lead.varefakta')).toMatch(/låsebevis/);
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'lock-tests');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
