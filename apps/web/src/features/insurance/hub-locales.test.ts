import { describe, expect, it } from 'vitest';
import {
  keys,
  COMPLETE_LANGUAGES as LANGUAGES,
  lookup,
  placeholders,
  type LocaleTree as Tree,
} from '../../test/locale-tree.ts';

/*
 * The texts of the holder's insurance hub and proof of possession (namespace insurance-hub):
 * complete in da, en and no with the same placeholders, and every key the screens ask for present
 * (the keys built from a status or an upload kind are checked for every value).
 */

const locales = import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['./pages/hub-*.tsx', './pages/possession-*.tsx'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function tree(language: string, namespace: string): Tree {
  const found = locales[`../../locales/${language}/${namespace}.json`];
  if (!found) throw new Error(`missing ${language}/${namespace}.json`);
  return found;
}

describe('insurance-hub.json', () => {
  it('has the same keys and placeholders in da, en and no, and no empty text', () => {
    const da = tree('da', 'insurance-hub');
    const reference = keys(da).sort();
    for (const language of LANGUAGES) {
      const translated = tree(language, 'insurance-hub');
      expect(keys(translated).sort(), language).toEqual(reference);
      for (const key of reference) {
        const text = lookup(translated, key);
        expect(text?.trim(), `${language}:${key}`).toBeTruthy();
        expect(placeholders(text!), `${language}:${key}`).toEqual(placeholders(lookup(da, key)!));
      }
    }
  });

  it('names every status, upload kind and detail', () => {
    const built = [
      ...['needs_uploads', 'pending', 'verified', 'rejected'].map((status) => `status.${status}`),
      ...['application', 'active', 'cancelled', 'expired'].map((status) => `policyStatus.${status}`),
      ...['main_image', 'other_images', 'frame_number', 'receipt', 'lock_proof'].flatMap((kind) => [
        `uploadKinds.${kind}`,
        `intro.why.${kind}`,
      ]),
      'details.category',
      'details.type',
      ...['unsupported', 'tooLarge', 'empty'].map((problem) => `possession.fileProblem.${problem}`),
      ...['prove', 'proveAgain', 'seeProof', 'proveLabel', 'seeProofLabel'].map((key) => `hub.${key}`),
    ];
    for (const language of LANGUAGES) {
      for (const key of built)
        expect(lookup(tree(language, 'insurance-hub'), key), `${language}:${key}`).toBeTruthy();
    }
  });
});

describe('the hub screens', () => {
  it('only ask for keys that exist', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, source] of Object.entries(sources)) {
      for (const match of source.matchAll(/\bt\(\s*'([^']+)'/g)) {
        checked += 1;
        const raw = match[1]!;
        const [namespace, key] = raw.includes(':')
          ? (raw.split(':') as [string, string])
          : ['insurance-hub', raw];
        for (const language of LANGUAGES) {
          if (lookup(tree(language, namespace), key) === undefined)
            missing.push(`${file}: ${language}/${namespace}:${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
