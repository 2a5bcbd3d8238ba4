import type { Page } from '@playwright/test';

/**
 * Waits until the app has taken over a page the server painted (main.tsx's hydrateRoot): before
 * that, the painted controls are HTML without their handlers, and a press on a react-aria button
 * (a select, a dialog's trigger) does nothing. React marks the root element it hydrates; from then
 * on it answers presses itself, replaying one made while it is still hydrating.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer$')));
  });
}

/**
 * Makes page.goto and page.reload wait for the app to take over a page the server painted (a journey
 * is about what the app does; a press before that does nothing). A navigation with waitUntil 'commit'
 * is left as it is: a journey about the moments before the script runs opens its page that way.
 */
export function awaitHydrationOnNavigation(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const settle = async (waitUntil: string | undefined) => {
    if (waitUntil === 'commit') return;
    if ((await page.locator('#nbr-page-state').count()) === 0) return;
    await waitForHydration(page);
  };
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await settle(options?.waitUntil);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await settle(options?.waitUntil);
    return response;
  };
  return page;
}
