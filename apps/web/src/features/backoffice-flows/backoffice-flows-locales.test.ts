import { FLOW_ACTIONS, FLOW_QUESTION_KINDS } from '@nbr/domain/flows';
import { describe, expect, it } from 'vitest';
import {
  keys,
  COMPLETE_LANGUAGES as LANGUAGES,
  lookup,
  placeholders,
  type LocaleTree as Tree,
} from '../../test/locale-tree.ts';
import { PLACE_FIELDS } from './components/place-names.ts';

/*
 * The flow editor's texts (namespace backoffice-flows; the sidebar's entry is in backoffice): complete
 * in da, en and no with the same placeholders, and every key the screens ask for present, including
 * the names built from the domain's lists (actions, question kinds, condition tests).
 */

const locales = import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['./**/*.tsx', './components/*.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function tree(language: string, namespace: string): Tree {
  const found = locales[`../../locales/${language}/${namespace}.json`];
  if (!found) throw new Error(`missing ${language}/${namespace}.json`);
  return found;
}

describe('backoffice-flows.json', () => {
  it('has the same keys and placeholders in da, en and no, and no empty text', () => {
    const da = tree('da', 'backoffice-flows');
    const reference = keys(da).sort();
    for (const language of LANGUAGES) {
      const translated = tree(language, 'backoffice-flows');
      expect(keys(translated).sort(), language).toEqual(reference);
      for (const key of reference) {
        const text = lookup(translated, key);
        expect(text?.trim(), `${language}:${key}`).toBeTruthy();
        expect(placeholders(text!), `${language}:${key}`).toEqual(placeholders(lookup(da, key)!));
      }
    }
  });

  it('names every action, question kind, test, language, block kind and place, and the sidebar entry', () => {
    for (const language of LANGUAGES) {
      const texts = tree(language, 'backoffice-flows');
      const wanted = [
        'actions.none',
        ...FLOW_ACTIONS.map((action) => `actions.${action}`),
        ...FLOW_QUESTION_KINDS.map((kind) => `questionKinds.${kind}`),
        ...['equals', 'one_of', 'answered'].map((test) => `tests.${test}`),
        ...['da', 'en', 'no'].map((code) => `languages.${code}`),
        ...['text', 'image'].map((kind) => `editor.blockKinds.${kind}`),
        ...PLACE_FIELDS.map((field) => `place.fields.${field}`),
      ];
      for (const key of wanted) expect(lookup(texts, key), `${language}:${key}`).toBeTruthy();
      expect(lookup(tree(language, 'backoffice'), 'layout.flows'), language).toBeTruthy();
    }
  });
});

describe('the flow editor’s screens', () => {
  it('only ask for keys that exist', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, source] of Object.entries(sources)) {
      for (const match of source.matchAll(/\bt\(\s*'([^']+)'/g)) {
        checked += 1;
        const raw = match[1]!;
        const [namespace, key] = raw.includes(':')
          ? (raw.split(':') as [string, string])
          : ['backoffice-flows', raw];
        for (const language of LANGUAGES) {
          if (lookup(tree(language, namespace), key) === undefined)
            missing.push(`${file}: ${language}/${namespace}:${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
