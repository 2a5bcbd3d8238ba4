import { describe, expect, it } from 'vitest';
import { completenessProblems, missingLiteralKeys } from '../../test/locale-tree.ts';

/*
 * The texts of the webshop's screens (namespace webshop): complete in da, en and no with the same
 * placeholders, and every literal key the screens ask for present.
 */

const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('webshop.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('webshop')).toEqual([]);
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'webshop');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(8);
  });
});
