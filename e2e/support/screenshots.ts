import { type Page, test } from '@playwright/test';

/**
 * A screenshot to look at while building a screen (`E2E_SCREENSHOTS=1 npm run test:e2e -- …`), saved
 * in the test's output folder; nothing is compared. Without the variable nothing is taken: a
 * full-page PNG costs up to a second and a half of the CPU the suite shares with its browsers.
 */
export async function reviewScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: options.fullPage ?? true });
}
