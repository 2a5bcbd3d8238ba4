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
