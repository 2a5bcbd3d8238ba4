import { describe, expect, it } from 'vitest';
import { completenessProblems, localeTree, lookup, missingLiteralKeys } from '../../test/locale-tree.ts';

/*
 * The texts of the webshop, checkout, return and registration-purchase screens (namespace webshop):
 * complete in da, en and no with the same placeholders, and every literal key the screens ask for
 * present.
 */

const sources = import.meta.glob<string>(['./**/*.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const tree = (language: string) => localeTree(language, 'webshop');

describe('webshop.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('webshop')).toEqual([]);
  });

  it('states the 14-day right of withdrawal and the consent that ends it (payments.md §4.3)', () => {
    expect(lookup(tree('da'), 'terms.withdrawalTitle')).toMatch(/14 dages fortrydelsesret/);
    expect(lookup(tree('no'), 'terms.withdrawalTitle')).toMatch(/14 dagers angrerett/);
    expect(lookup(tree('da'), 'terms.consent')).toMatch(/fortrydelsesret ophører/);
    expect(lookup(tree('no'), 'terms.consent')).toMatch(/angreretten min faller bort/);
  });

  it('says that cancelling is possible on the web, to the end of the paid period (payments.md §4.4)', () => {
    expect(lookup(tree('da'), 'terms.subscriptionCancel')).toMatch(/opsige det her på nettet/);
    expect(lookup(tree('no'), 'terms.subscriptionCancel')).toMatch(/si det opp her på nettet/);
  });

  it('calls the sticker by its local name and gives the delivery time (SPEC §9)', () => {
    expect(lookup(tree('da'), 'plates.title')).toMatch(/oblat/i);
    expect(lookup(tree('no'), 'plates.title')).toMatch(/oblat/i);
    expect(lookup(tree('da'), 'product.delivery')).toBe('Leveres inden for {{min}}–{{max}} hverdage');
    expect(lookup(tree('no'), 'product.delivery')).toBe('Leveres innen {{min}}–{{max}} virkedager');
  });

  it('names each button after its visible label first (WCAG 2.5.3 label in name; issue 27)', () => {
    for (const language of ['da', 'en', 'no']) {
      for (const [label, named] of [
        ['catalogue.add', 'catalogue.addNamed'],
        ['catalogue.choosePlan', 'catalogue.choosePlanNamed'],
      ] as const) {
        const visible = lookup(tree(language), label) ?? '';
        expect(visible, `${language} ${label}`).not.toBe('');
        expect(lookup(tree(language), named)?.startsWith(visible), `${language} ${named}`).toBe(true);
      }
    }
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'webshop');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
