import {
  CHOOSABLE_LANGUAGES,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  resolveLanguage,
} from '@nbr/domain/locale-values';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { api } from './api-client.ts';
import { BUILD_ID } from './build-info.ts';
import { sessionStore } from './session-store.ts';
import { readStorage, STORAGE_KEYS, writeChoiceCookie, writeStorage } from './storage.ts';

/*
 * i18next with one JSON file per language and namespace (src/locales/<lang>/<ns>.json), each loaded
 * only when a screen needs it. da is the default and complete, as are en and no (which therefore
 * load no fallback); is is partial and falls back to en, everything else to da.
 */

export const DEFAULT_NAMESPACE = 'common';

/**
 * Where the texts of a language's namespace are: a file the build writes under its own id
 * (vite.config.ts, localeFiles), so it is cached for good and a new build's texts have a new address.
 * Fetched, not imported: a table of every file would otherwise sit in the first download.
 */
export function localeFileUrl(language: string, namespace: string): string {
  return `/assets/locales/${BUILD_ID}/${language}/${namespace}.json`;
}

/** One download per file, shared by startDownloads and i18next's backend. */
const downloads = new Map<string, Promise<ResourceKey>>();

function downloadTexts(language: string, namespace: string): Promise<ResourceKey> {
  const url = localeFileUrl(language, namespace);
  let download = downloads.get(url);
  if (!download) {
    download = fetch(url).then(async (response) => {
      // A language may lack a namespace (Icelandic is partial): it falls back without an error.
      if (response.status === 404) return {};
      if (!response.ok)
        throw new Error(`The texts ${language}/${namespace} could not be loaded (${response.status})`);
      return (await response.json()) as ResourceKey;
    });
    // A failed download may be tried again (the next page, or i18next's own retry).
    download.catch(() => downloads.delete(url));
    downloads.set(url, download);
  }
  return download;
}

const lazyJsonBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    downloadTexts(language, namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * The language tag for the html lang attribute and every Intl format (bokmål is written nb). English
 * is British English, as its texts are: dates read "6 December 2026", not the US "December 6, 2026".
 */
export function htmlLang(language: string): string {
  if (language === 'no') return 'nb';
  if (language === 'en') return 'en-GB';
  return language;
}

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(language);
}

/**
 * The cookie that tells the server which language to paint a page in (entry-server.tsx); the same
 * choice as localStorage's, written together with it.
 */
export const LANGUAGE_COOKIE = 'nbr_lang';

/** Remembers the language on this device: for the app (localStorage) and for the server (cookie). */
function rememberLanguage(language: Language): void {
  writeStorage(STORAGE_KEYS.language, language);
  writeChoiceCookie(LANGUAGE_COOKIE, language);
}

/**
 * ?lang= (a shared link), then the stored choice, then the browser's languages, then da. A ?lang=
 * is stored as the choice: the link's address loses it on the next page, the language must not.
 */
export function detectLanguage(): Language {
  if (typeof window === 'undefined') return DEFAULT_LANGUAGE;
  const fromQuery = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(fromQuery)) {
    rememberLanguage(fromQuery);
    return fromQuery;
  }
  const stored = readStorage(STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  return resolveLanguage(window.navigator.languages?.join(',') ?? window.navigator.language);
}

let initialising: Promise<unknown> | null = null;

/** Starts i18next and loads the common namespace of the detected language. Safe to call twice. */
export function initI18n(language: Language = detectLanguage()): Promise<unknown> {
  if (!initialising) {
    i18next.on('languageChanged', applyDocumentLanguage);
    initialising = i18next
      .use(lazyJsonBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        supportedLngs: [...LANGUAGES],
        // da, en and no are complete (locales/complete-languages.test.ts): loading Danish beside
        // English or Norwegian would only add a download to every page.
        fallbackLng: { is: ['en'], en: [], no: [], default: [DEFAULT_LANGUAGE] },
        ns: [DEFAULT_NAMESPACE],
        defaultNS: DEFAULT_NAMESPACE,
        fallbackNS: DEFAULT_NAMESPACE,
        load: 'currentOnly',
        interpolation: { escapeValue: false },
        returnNull: false,
        react: { useSuspense: true },
      });
    applyDocumentLanguage(language);
  }
  return initialising;
}

/**
 * Starts downloading the namespaces' files of `language` (and of the language it falls back to)
 * without waiting for i18next: on the first page, its namespaces then download beside `common`
 * instead of after it, one round trip less before the page shows. i18next's own load later gets the
 * same module; a failed download is reported there, not here.
 */
function startDownloads(language: string, namespaces: readonly string[]): void {
  const languages = language === 'is' ? ['is', 'en'] : [language];
  for (const lng of languages) {
    for (const namespace of namespaces) {
      if (i18next.isInitialized && i18next.hasResourceBundle(lng, namespace)) continue;
      downloadTexts(lng, namespace).catch(() => {});
    }
  }
}

/**
 * Loads namespaces before a screen renders, so it does not flash untranslated keys. The router
 * opens the first page while main.tsx is still starting i18next; before start-up this would load
 * nothing, and a partial language (is) would then show keys it lacks instead of falling back.
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  startDownloads(i18next.isInitialized ? i18next.language : detectLanguage(), namespaces);
  await initI18n();
  await i18next.loadNamespaces([...namespaces]);
}

/**
 * After hydrating a page the server painted in `painted`: the language this device chose wins (the
 * page turns to it, and the cookie learns it for the next page), unless the address named one.
 */
export async function adoptPaintedLanguage(painted: Language): Promise<void> {
  if (isLanguage(new URLSearchParams(window.location.search).get('lang'))) return;
  const stored = readStorage(STORAGE_KEYS.language);
  if (!isLanguage(stored)) return;
  if (stored === painted) writeChoiceCookie(LANGUAGE_COOKIE, stored);
  else await changeLanguage(stored, { remote: false });
}

export function currentAppLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * Switches the UI language and remembers the choice on this device. `remote` also stores it on the
 * signed-in user's account (PUT /api/identities/language/), so mails and other devices follow.
 */
export async function changeLanguage(language: Language, options: { remote?: boolean } = {}): Promise<void> {
  rememberLanguage(language);
  await i18next.changeLanguage(language);
  const remote = options.remote ?? true;
  if (remote && sessionStore.getToken() && (CHOOSABLE_LANGUAGES as readonly string[]).includes(language)) {
    await api.put('/identities/language/', { language });
  }
}

export function useLanguage(): {
  language: Language;
  choosable: readonly Language[];
  setLanguage: (language: Language) => Promise<void>;
} {
  const { i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const setLanguage = useCallback((language: Language) => changeLanguage(language), []);
  return {
    language: isLanguage(current) ? current : DEFAULT_LANGUAGE,
    choosable: CHOOSABLE_LANGUAGES,
    setLanguage,
  };
}

export { i18next as i18n };
