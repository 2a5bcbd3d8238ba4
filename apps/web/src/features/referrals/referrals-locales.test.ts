import { describe, expect, it } from 'vitest';
import { completenessProblems, missingLiteralKeys } from '../../test/locale-tree.ts';

/* The texts of /app/referencing (namespace referrals): complete in da, en and no, every key present. */

const sources = import.meta.glob<string>(['./**/*.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('referrals.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('referrals')).toEqual([]);
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'referrals');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(15);
  });
});
