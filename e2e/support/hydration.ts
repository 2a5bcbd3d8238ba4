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
