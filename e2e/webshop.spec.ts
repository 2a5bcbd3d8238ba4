import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { text } from './support/texts.ts';

/*
 * Issue 15 §1: the catalogue a visitor sees at /webshop (reached from /go-to-webshop), with prices
 * in whole kroner including VAT, the plates' delivery time, and the Norwegian prices a link away.
 */

const da = (key: string) => text('da', 'webshop', key);

test.describe('the webshop catalogue', () => {
  test('a visitor reaches it from /go-to-webshop and sees Danish prices incl. VAT @phone', async ({
    page,
  }) => {
    await page.goto('/go-to-webshop');
    await expect(page).toHaveURL(/\/webshop$/);
    await expect(page.getByRole('heading', { level: 1, name: da('title') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: da('sections.subscriptions') })).toBeVisible();
    const registration = page.locator('#product-dk-registration');
    await expect(registration.getByRole('heading', { name: 'Ekstra cykelregistrering' })).toBeVisible();
    await expect(registration).toContainText(/100\s*kr/);
    await expect(registration).toContainText(da('price.once'));
    await expect(page.locator('#product-dk-plates')).toContainText('Leveres inden for 7–10 hverdage.');
    await expectNoA11yViolations(page);
  });

  test('switches to the Norwegian prices in NOK', async ({ page }) => {
    await page.goto('/webshop');
    await page.getByRole('link', { name: da('region.switch').replace('{{region}}', 'Norge') }).click();
    await expect(page).toHaveURL(/region=no/);
    await expect(page.locator('#product-no-single')).toContainText(/199/);
    await expect(page.locator('#product-no-single')).toContainText(/kr|NOK/);
  });
});
