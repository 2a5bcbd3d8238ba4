import { describe, expect, it } from 'vitest';
import { completenessProblems, localeTree, lookup, missingLiteralKeys } from '../../test/locale-tree.ts';

/*
 * The texts of the insurance sign-up and purchase screens (issue 16 §2, namespace insurance):
 * complete in da, en and no with the same placeholders, and every literal key the screens ask for
 * present. Only this part's files are read: other parts of the feature keep their own namespaces.
 */

const sources = import.meta.glob<string>(
  ['./pages/{signup,onboarding,policy}-*.{ts,tsx}', './api/{policies,onboarding}-*.ts'],
  { eager: true, query: '?raw', import: 'default' },
);

const tree = (language: string) => localeTree(language, 'insurance');

describe('insurance.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('insurance')).toEqual([]);
  });

  it('says the optional consents can be withdrawn and are never pre-ticked (insurance.md §6)', () => {
    expect(lookup(tree('da'), 'consent.withdraw')).toMatch(
      /når som helst trække samtykkerne tilbage på siden Forsikringer/,
    );
    expect(lookup(tree('no'), 'consent.withdraw')).toMatch(
      /når som helst trekke samtykkene tilbake på siden Forsikringer/,
    );
    expect(lookup(tree('da'), 'consent.dataShare')).toMatch(/frivilligt/);
  });

  it('gives SPEC §9’s default bike where the register knows nothing', () => {
    expect(lookup(tree('da'), 'basket.defaulted')).toMatch(/15\.000 kr\., racercykel, ikke el, købt i dag/);
    expect(lookup(tree('no'), 'basket.defaulted')).toMatch(/15 000 kr, racersykkel/);
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'insurance');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
