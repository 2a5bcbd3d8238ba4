import { describe, expect, it } from 'vitest';
import { completenessProblems, missingLiteralKeys } from '../../test/locale-tree.ts';

/*
 * The texts of /find-distributor (namespace distributors): complete in da, en and no with the same
 * placeholders, and every literal key the page asks for present.
 */

const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('distributors.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('distributors')).toEqual([]);
  });

  it('holds every literal key the page asks for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'distributors');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });
});
