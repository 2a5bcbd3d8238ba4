import { signInBrowser } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { DEMO_STAFF_ADMIN, demoSessionToken } from './support/organisations.ts';

// Temporary: screenshots of the new screens (not committed).
for (const language of ['da', 'no'] as const) {
  for (const width of [360, 1280]) {
    test.describe(`${language} ${width}`, () => {
      test.use({ language, measurementConsent: null, viewport: { width, height: 800 } });
      test(`screens ${language} ${width}`, async ({ page }) => {
        await page.goto('/');
        await expect(page.locator('[data-consent-banner]')).toBeVisible();
        await page.screenshot({ path: `/tmp/measure-shots/banner-${language}-${width}.png` });
        await page.goto('/privacy/settings');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.screenshot({ path: `/tmp/measure-shots/settings-${language}-${width}.png`, fullPage: true });
        const token = await demoSessionToken(page.request, DEMO_STAFF_ADMIN);
        await signInBrowser(page, token);
        await page.goto('/backoffice/v2/measurement');
        await expect(page.locator('#funnel')).toBeVisible();
        await page.screenshot({ path: `/tmp/measure-shots/backoffice-${language}-${width}.png`, fullPage: true });
      });
    });
  }
}
