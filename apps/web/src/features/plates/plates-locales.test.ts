import { describe, expect, it } from 'vitest';
import { completenessProblems, localeTree, lookup, missingLiteralKeys } from '../../test/locale-tree.ts';

/*
 * The texts of the sticker, QR-ID and sign-up-from-scan screens (namespace plates): complete in da,
 * en and no with the same placeholders, and every literal key the screens ask for present.
 */

// Pages in app/routes that speak this namespace are checked with the screens.
const sources = import.meta.glob<string>(
  [
    './**/*.{ts,tsx}',
    '../../app/routes/add-photos-page.tsx',
    '../../app/routes/create-bikes-loop-page.tsx',
    '../../app/routes/signup-from-scan-page.tsx',
  ],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);

const tree = (language: string, namespace = 'plates') => localeTree(language, namespace);

describe('plates.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('plates')).toEqual([]);
  });

  it('calls the sticker by its local name', () => {
    expect(lookup(tree('da'), 'noRegistration.title')).toMatch(/oblat/i);
    expect(lookup(tree('no'), 'noRegistration.title')).toMatch(/oblat/i);
  });

  it('the scan landing says honestly that registering costs a subscription or a code (issue 27)', () => {
    expect(lookup(tree('da'), 'fromScan.next')).toMatch(/ikke gratis.*abonnement.*kode/);
    expect(lookup(tree('no'), 'fromScan.next')).toMatch(/ikke gratis.*abonnement.*kode/);
    expect(lookup(tree('en'), 'fromScan.next')).toMatch(/not free.*subscription.*code/);
    for (const language of ['da', 'no', 'en']) {
      expect(lookup(tree(language), 'fromScan.next')).not.toMatch(
        /kun skal give|bare trenger å gi|only need to name/,
      );
    }
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'plates');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });
});
