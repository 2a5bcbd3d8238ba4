import type { ErrorCode } from '@nbr/domain/errors';
import type { ValidationMessage } from '@nbr/domain/identity';
import type { Language } from '@nbr/domain/locale';
import { da } from './catalogues/da.ts';
import { type Catalogue, en, type MessageKey } from './catalogues/en.ts';
import { no } from './catalogues/no.ts';

export type { MessageKey };
export type TranslationParams = Record<string, string | number>;
/** Translates one key in a language fixed beforehand (a request's, or a mail recipient's). */
export type Translator = (key: MessageKey, params?: TranslationParams) => string;

// A new error code or validation message fails the typecheck until it has a text.
type Keys<Prefix extends string, T extends string> = `${Prefix}.${T}`;
const everyCodeHasAText: Record<Keys<'errors', ErrorCode> | Keys<'validation', ValidationMessage>, string> =
  en;
void everyCodeHasAText;

/** Icelandic is partial: until it has a catalogue, it reads English. */
const CATALOGUES: Record<Language, Catalogue> = { da, en, no, is: en };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

export function translate(language: Language, key: MessageKey, params: TranslationParams = {}): string {
  const text = CATALOGUES[language]?.[key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

export function createTranslator(language: Language): Translator {
  return (key, params) => translate(language, key, params);
}
