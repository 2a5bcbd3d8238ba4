import { REQUEST_STATUSES, TRANSFER_STATUSES, VERIFICATION_STATUSES } from '@nbr/domain/ownership';
import { describe, expect, it } from 'vitest';
import {
  completenessProblems,
  hasText,
  COMPLETE_LANGUAGES as LANGUAGES,
  localeTree,
  lookup,
  missingLiteralKeys,
} from '../../test/locale-tree.ts';
import { TRANSFER_STEPS } from './components/transfer-steps.tsx';

/*
 * The texts of the ownership screens: complete in da, en and no with the same placeholders, a name
 * for every state the API answers, and every literal key the screens ask for present.
 */

// Shared components and app/routes pages that speak this namespace are checked with the screens.
const sources = import.meta.glob<string>(
  [
    './**/*.{ts,tsx}',
    '../../components/bike/request-ownership-action.tsx',
    '../../app/routes/request-ownership-page.tsx',
    '../../app/routes/verify-frame-page.tsx',
    '../../app/routes/verify-owner-page.tsx',
  ],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);

const has = (language: string, key: string) => hasText(language, 'ownership', key);

describe('ownership.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('ownership')).toEqual([]);
  });

  it('names every state and every step the screens show', () => {
    const groups: [string, readonly string[]][] = [
      ['transferStatus', TRANSFER_STATUSES],
      ['requestStatus', REQUEST_STATUSES],
      ['verificationStatus', VERIFICATION_STATUSES],
      ['transfer.steps', TRANSFER_STEPS],
      ['transfer.reasons', ['stolen', 'missingFrameNumber', 'missingPlate', 'missingBoth']],
      ['receive.alreadyAnswered', TRANSFER_STATUSES.filter((status) => status !== 'pending')],
      ['request.identifier', ['frame_number', 'plate_id']],
      ['request.next', ['owner', 'chat', 'offer', 'accept']],
      ['verify.actions', ['start', 'continue', 'correct']],
      ['verify.actionsLabel', ['start', 'continue', 'correct']],
      ['verify.proofKinds', ['receipt', 'form', 'other']],
    ];
    for (const language of LANGUAGES) {
      for (const [group, values] of groups) {
        for (const value of values)
          expect(has(language, `${group}.${value}`), `${language}:${group}.${value}`).toBe(true);
      }
    }
  });

  it('says "Ups – du har ingen sykler som kan overføres!" in Norwegian when no bike qualifies', () => {
    expect(lookup(localeTree('no', 'ownership'), 'transfer.noneTitle')).toBe(
      'Ups – du har ingen sykler som kan overføres!',
    );
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'ownership');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });
});
