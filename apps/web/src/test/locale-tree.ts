/*
 * Reading translation files as trees, for the tests that check every namespace is complete in
 * da, en and no with the same placeholders, and that every key the screens use exists.
 */

export type LocaleTree = { [key: string]: string | LocaleTree };

/** The languages that must be complete (Icelandic is a partial translation). */
export const COMPLETE_LANGUAGES = ['da', 'en', 'no'] as const;

/** Every key of a tree, dotted (`errors.invalid_token`). */
export function keys(tree: LocaleTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

/** The text at a dotted path, or undefined when there is none (or a subtree is there). */
export function lookup(tree: LocaleTree, path: string): string | undefined {
  let at: string | LocaleTree | undefined = tree;
  for (const part of path.split('.')) at = at && typeof at === 'object' ? at[part] : undefined;
  return typeof at === 'string' ? at : undefined;
}

/** The i18next placeholders of a text (`{{email}}` → `email`), sorted. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
}

const TREES = import.meta.glob<LocaleTree>('../locales/*/*.json', { eager: true, import: 'default' });

/** The namespaces there are files for (bikes, common, …). */
export const NAMESPACES: ReadonlySet<string> = new Set(
  Object.keys(TREES).map((file) => file.replace(/^\.\.\/locales\/[^/]+\/(.+)\.json$/, '$1')),
);

/** One language's texts of a namespace; throws when the file is missing. */
export function localeTree(language: string, namespace: string): LocaleTree {
  const found = TREES[`../locales/${language}/${namespace}.json`];
  if (!found) throw new Error(`missing ${language}/${namespace}.json`);
  return found;
}

/** Whether a key has a text, itself or as plural forms (`key_one`/`key_other`). */
export function hasText(language: string, namespace: string, key: string): boolean {
  const tree = localeTree(language, namespace);
  return lookup(tree, key) !== undefined || lookup(tree, `${key}_other`) !== undefined;
}

/**
 * What keeps a namespace from being complete: a key missing in a language, an empty text, or
 * placeholders that differ from the Danish text. Empty when all is well.
 */
export function completenessProblems(namespace: string): string[] {
  const da = localeTree('da', namespace);
  const reference = keys(da).sort();
  const problems: string[] = [];
  for (const language of COMPLETE_LANGUAGES) {
    const tree = localeTree(language, namespace);
    const present = new Set(keys(tree));
    for (const key of reference) if (!present.has(key)) problems.push(`${language}: missing ${key}`);
    for (const key of present) if (!reference.includes(key)) problems.push(`${language}: extra ${key}`);
    for (const key of reference) {
      const text = lookup(tree, key);
      if (text === undefined) continue;
      if (!text.trim()) problems.push(`${language}: empty ${key}`);
      if (placeholders(text).join() !== placeholders(lookup(da, key) ?? '').join()) {
        problems.push(`${language}: placeholders of ${key}`);
      }
    }
  }
  return problems;
}

/**
 * The literal keys screens ask for that some language lacks: `t('key')` (in the screen's own
 * namespace unless it says `ns:key`) and any `'ns:key'` string naming a known namespace.
 */
export function missingLiteralKeys(
  sources: Record<string, string>,
  ownNamespace: string,
): { missing: string[]; checked: number } {
  const missing: string[] = [];
  let checked = 0;
  for (const [file, source] of Object.entries(sources)) {
    if (file.includes('.test.')) continue;
    const wanted = new Set<string>();
    for (const match of source.matchAll(/\bt\(\s*'([^']+)'/g)) {
      const raw = match[1] ?? '';
      wanted.add(raw.includes(':') ? raw : `${ownNamespace}:${raw}`);
    }
    for (const match of source.matchAll(/'(\w+):([\w.]+)'/g)) {
      if (NAMESPACES.has(match[1] ?? '')) wanted.add(`${match[1]}:${match[2]}`);
    }
    for (const qualified of wanted) {
      checked += 1;
      const [namespace = '', key = ''] = qualified.split(':');
      for (const language of COMPLETE_LANGUAGES) {
        if (!NAMESPACES.has(namespace) || !hasText(language, namespace, key)) {
          missing.push(`${file}: ${language}/${qualified}`);
        }
      }
    }
  }
  return { missing, checked };
}
