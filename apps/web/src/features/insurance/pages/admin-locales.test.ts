import { INSURED_ITEM_STATUSES, POLICY_STATUSES } from '@nbr/domain/insurance';
import { describe, expect, it } from 'vitest';
import {
  completenessProblems,
  COMPLETE_LANGUAGES as LANGUAGES,
  localeTree,
  lookup,
  missingLiteralKeys,
} from '../../../test/locale-tree.ts';

/*
 * The texts of the insurer's admin (insurer-admin.json): complete in da, en and no with the same
 * placeholders, a name for every policy and check status the API answers, and every literal key the
 * admin screens ask for.
 */

const sources = import.meta.glob<string>('./admin-*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('insurer-admin.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('insurer-admin')).toEqual([]);
  });

  it('names every policy status and every state of a bike’s check', () => {
    for (const language of LANGUAGES) {
      const tree = localeTree(language, 'insurer-admin');
      for (const status of POLICY_STATUSES) expect(lookup(tree, `policies.status.${status}`)).toBeTruthy();
      for (const status of INSURED_ITEM_STATUSES) {
        expect(lookup(tree, `bike.verificationStatus.${status}`)).toBeTruthy();
      }
    }
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'insurer-admin');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });
});
