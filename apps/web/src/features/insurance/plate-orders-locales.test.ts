import { describe, expect, it } from 'vitest';
import { completenessProblems, localeTree, lookup, missingLiteralKeys } from '../../test/locale-tree.ts';

/*
 * The texts of the insurer's plate orders by e-mail (namespace plate-orders): complete in da, en and
 * no, every literal key the card asks for present, and the plate called by its one name (issue 14).
 */

const sources = import.meta.glob<string>(['./**/plate-orders*.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const tree = (language: string) => localeTree(language, 'plate-orders');

describe('plate-orders.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('plate-orders')).toEqual([]);
  });

  it('calls the plates oblater in Danish and Norwegian', () => {
    expect(lookup(tree('da'), 'title')).toBe('Oblatbestillinger');
    expect(lookup(tree('no'), 'title')).toBe('Oblatbestillinger');
  });

  it('holds every literal key the card asks for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'plate-orders');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });
});
