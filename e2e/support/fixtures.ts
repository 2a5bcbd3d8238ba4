import { test as base, expect } from '@playwright/test';
import type { Language } from './accounts.ts';
import { APP_STORAGE_KEYS } from './storage-keys.ts';

/** The browser locale that goes with each UI language, so Accept-Language agrees with the choice. */
const BROWSER_LOCALES: Record<Language, string> = { da: 'da-DK', en: 'en-GB', no: 'nb-NO' };

export interface LanguageOptions {
  /**
   * The UI language of the test: stored the way the app stores a user's choice and sent as the
   * browser's Accept-Language. Set it per file or per describe: `test.use({ language: 'no' })`.
   */
  language: Language;
}

/**
 * `test` with a language option. The stored choice is only written when none exists, so a test that
 * changes the language in the app keeps its change across reloads.
 */
export const test = base.extend<LanguageOptions>({
  language: ['da', { option: true }],
  locale: async ({ language }, use) => {
    await use(BROWSER_LOCALES[language]);
  },
  context: async ({ context, language }, use) => {
    await context.addInitScript(
      ([key, value]) => {
        try {
          if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
        } catch {
          // Opaque origins (about:blank, data:) have no storage.
        }
      },
      [APP_STORAGE_KEYS.language, language] as const,
    );
    await use(context);
  },
});

export { expect };
