import type { Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { freeCredits, subscribedViaApi } from './support/payments.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { escapeRegExp, fillText, text } from './support/texts.ts';

/*
 * Issue 30 §3: adding bikes to a running subscription (POST /webshop/subscriptions/bikes) from the
 * orders page, where the subscription is managed without a bike. A SINGLE subscriber (bought through
 * the API) adds two bikes at the price for the rest of the period, pays in the card window, and has
 * two more free registrations.
 */

const w = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'webshop', key), values);
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a subscriber adds two bikes to the running subscription and pays the rest of the period', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const person = await signedInUser(page);
  await subscribedViaApi(page.request, person.token, 'SINGLE');
  expect(await freeCredits(page.request, person.token)).toBe(1);

  await page.goto('/app/orders');
  await expect(heading(page)).toHaveText(w('orders.title'));
  const section = page.getByTestId('add-subscription-bikes');
  await expect(section.getByRole('heading', { name: w('addBikes.title') })).toBeVisible();
  await expect(section).toContainText(/pr\. cykel for resten af perioden/);
  await section.getByRole('button', { name: new RegExp(escapeRegExp(w('addBikes.quantity'))) }).click();
  await page.getByRole('option', { name: '2', exact: true }).click();
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'add-subscription-bikes');
  await section.getByRole('button', { name: w('addBikes.submit_other', { count: 2 }) }).click();

  await expect(page).toHaveURL(/\/dev\/reepay\//);
  await page.locator('#card').fill('4111111111111111');
  await page.locator('#expiry').fill(`12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`);
  await page.locator('#cvv').fill('123');
  await page.locator('form button.primary').click();
  await expect(page).toHaveURL(/\/purchase-complete-redirect\?order_id=/);
  await expect(heading(page)).toHaveText(w('return.confirmedTitle'), { timeout: 30_000 });

  // The two bikes joined the subscription: three free registrations now.
  await expect.poll(() => freeCredits(page.request, person.token)).toBe(3);
});
