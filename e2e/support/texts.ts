import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from './accounts.ts';

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');
const cache = new Map<string, unknown>();

/**
 * The web app's translations (apps/web/src/locales/<language>/<namespace>.json), so a test can look
 * for exactly the text a person sees in that language without copying it.
 */
export function texts<T = Record<string, unknown>>(language: Language, namespace: string): T {
  const file = join(localesDir, language, `${namespace}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, 'utf8')));
  return cache.get(file) as T;
}

/** One text by its dotted key, e.g. text('da', 'auth', 'login.submit'); throws if the key is missing. */
export function text(language: Language, namespace: string, key: string): string {
  let value: unknown = texts(language, namespace);
  for (const part of key.split('.')) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (typeof value !== 'string') throw new Error(`No text ${language}/${namespace}.json: ${key}`);
  return value;
}

export const LANGUAGES: readonly Language[] = ['da', 'en', 'no'];

/** The html lang attribute the app sets for each UI language (bokmål is nb). */
export const HTML_LANG: Record<Language, string> = { da: 'da', en: 'en-GB', no: 'nb' };

/** Fills i18next placeholders ({{name}}) of a text, as the app does. */
export function fillText(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A text used inside a regular expression, matched literally. */
export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
