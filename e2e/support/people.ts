import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import type { Language, TestAccount } from './accounts.ts';
import { expect } from './fixtures.ts';
import { awaitHydrationOnNavigation } from './hydration.ts';
import { APP_STORAGE_KEYS } from './storage-keys.ts';

/** Gives the account a name (chats and offers show it to the other side). */
export async function setName(
  request: APIRequestContext,
  account: TestAccount,
  first: string,
  last: string,
): Promise<void> {
  const response = await request.put('/api/identities/me', {
    headers: { Authorization: `Bearer ${account.token}` },
    data: { first_name: first, last_name: last },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A second person's browser, like the test's own (same viewport and options) in `language`. */
export async function secondBrowser(
  browser: Browser,
  options: BrowserContextOptions,
  language: Language = 'da',
): Promise<Page> {
  const context = await browser.newContext(options);
  await context.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [APP_STORAGE_KEYS.language, language] as const,
  );
  return awaitHydrationOnNavigation(await context.newPage());
}
