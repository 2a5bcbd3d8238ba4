import { DEFAULT_LANGUAGE, type Language, LanguageSchema, resolveLanguage } from '@nbr/domain/locale';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type MessageKey, type TranslationParams, translate } from './translate.ts';

/** Where the request's language came from, strongest first. */
export type LanguageSource = 'query' | 'header' | 'user' | 'default';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language: ?lang > Accept-Language > the signed-in user's stored language > da. */
    language: Language;
    languageSource: LanguageSource;
    /** Translates into the caller's language. */
    t(key: MessageKey, params?: TranslationParams): string;
  }
}

const LANGUAGE_TAG = /^\s*([a-z]{2,3})(?:-[a-z0-9]+)*\s*$/i;

/** The supported language an Accept-Language header asks for, or null when it names none of ours. */
function fromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const mentionsOurs = header.split(',').some((part) => {
    const primary = LANGUAGE_TAG.exec(part.split(';')[0] ?? '')?.[1]?.toLowerCase();
    return primary !== undefined && ['da', 'en', 'is', 'no', 'nb', 'nn'].includes(primary);
  });
  return mentionsOurs ? resolveLanguage(header) : null;
}

function fromQuery(query: unknown): Language | null {
  if (!query || typeof query !== 'object') return null;
  const lang = (query as Record<string, unknown>).lang;
  if (typeof lang !== 'string') return null;
  const parsed = LanguageSchema.safeParse(lang.toLowerCase());
  if (parsed.success) return parsed.data;
  return ['nb', 'nn'].includes(lang.toLowerCase()) ? 'no' : null;
}

/**
 * Lets the signed-in user's stored language decide when the request itself named none. Call it
 * after authenticating.
 */
export function useStoredLanguage(request: FastifyRequest, stored: string | null | undefined): void {
  if (request.languageSource !== 'default' || !stored) return;
  const parsed = LanguageSchema.safeParse(stored);
  if (!parsed.success) return;
  request.language = parsed.data;
  request.languageSource = 'user';
}

export const requestLanguagePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('language', DEFAULT_LANGUAGE);
    app.decorateRequest('languageSource', 'default');
    app.decorateRequest('t', function (this: FastifyRequest, key: MessageKey, params?: TranslationParams) {
      return translate(this.language, key, params);
    });
    app.addHook('onRequest', async (request) => {
      const query = fromQuery(request.query);
      const header = query ? null : fromAcceptLanguage(request.headers['accept-language']);
      request.language = query ?? header ?? DEFAULT_LANGUAGE;
      request.languageSource = query ? 'query' : header ? 'header' : 'default';
    });
  },
  { name: 'request-language' },
);
