import { describe, expect, it } from 'vitest';
import { completenessProblems, NAMESPACES } from '../test/locale-tree.ts';

/*
 * da, en and no are complete in every namespace, so the app loads no fallback language for them
 * (lib/i18n.ts): a key missing in one of them would show as the key itself. This keeps it so.
 */
describe('every namespace', () => {
  it.each([...NAMESPACES])(
    '%s has the same keys, placeholders and no empty text in da, en and no',
    (namespace) => {
      expect(completenessProblems(namespace)).toEqual([]);
    },
  );
});
