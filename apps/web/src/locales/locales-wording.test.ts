import { describe, expect, it } from 'vitest';
import { keys, type LocaleTree, lookup } from '../test/locale-tree.ts';

/*
 * What the texts say across every namespace: each language names its own things (the Norwegian pages
 * give the Norwegian support address).
 */

const TREES = import.meta.glob<LocaleTree>('./*/*.json', { eager: true, import: 'default' });

/** Every text of a language, with where it is (`no/common.json footer.contactEmail`). */
function textsOf(language: string): { where: string; text: string }[] {
  return Object.entries(TREES)
    .filter(([file]) => file.startsWith(`./${language}/`))
    .flatMap(([file, tree]) =>
      keys(tree).map((key) => ({ where: `${file.slice(2)} ${key}`, text: lookup(tree, key) ?? '' })),
    );
}

describe('the support address', () => {
  it('is the Norwegian one in every Norwegian text, the footer first', () => {
    const norwegian = textsOf('no');
    expect(norwegian.find(({ where }) => where === 'no/common.json footer.contactEmail')?.text).toBe(
      'support@sykkelregister.no',
    );
    expect(
      norwegian.filter(({ text }) => text.includes('support@cykelregister.dk')).map(({ where }) => where),
    ).toEqual([]);
  });

  it('is the Danish one in the Danish texts', () => {
    const danish = textsOf('da');
    expect(danish.find(({ where }) => where === 'da/common.json footer.contactEmail')?.text).toBe(
      'support@cykelregister.dk',
    );
    expect(danish.filter(({ text }) => text.includes('sykkelregister.no')).map(({ where }) => where)).toEqual(
      [],
    );
  });
});
