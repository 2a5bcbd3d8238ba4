import { describe, expect, it } from 'vitest';
import {
  keys,
  COMPLETE_LANGUAGES as LANGUAGES,
  lookup,
  placeholders,
  type LocaleTree as Tree,
} from '../../test/locale-tree.ts';

/*
 * The texts of the backoffice (namespace backoffice, plus the switch banner's common:switchUser):
 * complete in da, en and no with the same placeholders, and every key the screens ask for present.
 */

const locales = import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(
  ['./**/*.tsx', '../../app/backoffice-layout.tsx', '../../app/switch-user-banner.tsx'],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);

function tree(language: string, namespace: string): Tree {
  const found = locales[`../../locales/${language}/${namespace}.json`];
  if (!found) throw new Error(`missing ${language}/${namespace}.json`);
  return found;
}

describe('backoffice.json', () => {
  it('has the same keys and placeholders in da, en and no, and no empty text', () => {
    const da = tree('da', 'backoffice');
    const reference = keys(da).sort();
    for (const language of LANGUAGES) {
      const translated = tree(language, 'backoffice');
      expect(keys(translated).sort(), language).toEqual(reference);
      for (const key of reference) {
        const text = lookup(translated, key);
        expect(text?.trim(), `${language}:${key}`).toBeTruthy();
        expect(placeholders(text!), `${language}:${key}`).toEqual(placeholders(lookup(da, key)!));
      }
    }
  });

  it('names every queue the dashboard counts, in every language', () => {
    const queues = [
      'orders_to_pack',
      'open_tickets',
      'stolen_reports_to_review',
      'ownership_verifications',
      'insurance_verifications',
    ];
    for (const language of LANGUAGES) {
      for (const queue of queues) {
        expect(
          lookup(tree(language, 'backoffice'), `dashboard.queues.${queue}`),
          `${language}:${queue}`,
        ).toBeTruthy();
      }
    }
  });

  it('names the account in the switch banner in every language', () => {
    for (const language of LANGUAGES) {
      expect(lookup(tree(language, 'common'), 'switchUser.banner'), language).toContain('{{email}}');
      expect(lookup(tree(language, 'common'), 'switchUser.switchBack'), language).toBeTruthy();
    }
  });
});

describe('the backoffice screens', () => {
  it('only ask for keys that exist', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, source] of Object.entries(sources)) {
      const own = source.match(/useTranslation\(\s*\[?\s*'([^']+)'/)?.[1] ?? 'backoffice';
      for (const match of source.matchAll(/\bt\(\s*'([^']+)'/g)) {
        checked += 1;
        const raw = match[1]!;
        const [namespace, key] = raw.includes(':') ? (raw.split(':') as [string, string]) : [own, raw];
        for (const language of LANGUAGES) {
          const texts = tree(language, namespace);
          // A counted text is found by its plural forms (key_one, key_other).
          if (lookup(texts, key) === undefined && lookup(texts, `${key}_other`) === undefined)
            missing.push(`${file}: ${language}/${namespace}:${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });
});
