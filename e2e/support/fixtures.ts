import { test as base, expect } from '@playwright/test';
import type { Language } from './accounts.ts';
import { awaitHydrationOnNavigation } from './hydration.ts';
import { APP_COOKIES, APP_STORAGE_KEYS } from './storage-keys.ts';

/** What main.tsx logs when a painted page does not match the browser's first render. */
export const HYDRATION_MISMATCH = 'nbr: hydration mismatch';

/** The browser locale that goes with each UI language, so Accept-Language agrees with the choice. */
const BROWSER_LOCALES: Record<Language, string> = { da: 'da-DK', en: 'en-GB', no: 'nb-NO' };

export interface LanguageOptions {
  /**
   * The UI language of the test: stored the way the app stores a user's choice and sent as the
   * browser's Accept-Language. Set it per file or per describe: `test.use({ language: 'no' })`.
   */
  language: Language;
  /**
   * The answer to the measurement question (issue 30 §2) the browser starts with, written the way
   * the app keeps it (localStorage, and the cookie the server paints pages by): 'denied' by default,
   * so journeys neither meet the banner nor send tracking events; null leaves the question open (the
   * consent journeys).
   */
  measurementConsent: 'granted' | 'denied' | null;
}

/**
 * `test` with a language option. The stored choice is only written when none exists, so a test that
 * changes the language in the app keeps its change across reloads.
 */
export const test = base.extend<LanguageOptions>({
  // A page the server painted shows its controls before the app has taken them over (main.tsx's
  // hydrateRoot), and a press then does nothing, as for a person on a slow phone. Journeys are about
  // what the app does, so page.goto and page.reload wait for it to take over a painted page; a journey
  // about the moments before (server-painted-pages.spec.ts) opens with waitUntil 'commit', or runs
  // without JavaScript.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) awaitHydrationOnNavigation(page);
    await use(page);
  },
  language: ['da', { option: true }],
  measurementConsent: ['denied', { option: true }],
  locale: async ({ language }, use) => {
    await use(BROWSER_LOCALES[language]);
  },
  context: async ({ context, language, measurementConsent, baseURL }, use) => {
    if (measurementConsent) {
      // The server paints the question on a page for a browser without this cookie, JavaScript or not.
      if (!baseURL) throw new Error('playwright.config.ts names the suite’s baseURL');
      await context.addCookies([{ name: APP_COOKIES.measurement, value: measurementConsent, url: baseURL }]);
      await context.addInitScript(
        ([key, value]) => {
          try {
            if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
          } catch {
            // Opaque origins (about:blank, data:) have no storage.
          }
        },
        [
          APP_STORAGE_KEYS.measurementConsent,
          JSON.stringify({ choice: measurementConsent, at: '2026-01-01T00:00:00.000Z' }),
        ] as const,
      );
    }
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
    // A page the server painted that the browser's first render does not match (main.tsx reports it
    // on this line): React renders it afresh, so nothing looks wrong, but the journey fails.
    const mismatches: string[] = [];
    context.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith(HYDRATION_MISMATCH)) {
        mismatches.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
      }
    });
    await use(context);
    expect(mismatches, 'painted pages hydrate without a mismatch').toEqual([]);
  },
});

export { expect };
