import { describe, expect, it } from 'vitest';
import { completenessProblems, missingLiteralKeys } from '../../test/locale-tree.ts';

/* The texts of resale certificates (namespace certificates): complete in da, en and no, every key present. */

const sources = import.meta.glob<string>(['./**/*.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('certificates.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('certificates')).toEqual([]);
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'certificates');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
