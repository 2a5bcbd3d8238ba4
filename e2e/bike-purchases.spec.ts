import type { Locator, Page } from '@playwright/test';
import { signedInUser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { creditBikeIds, grantCredits, receivedBikeViaApi, registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { tick } from './support/forms.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { escapeRegExp, fillText, text } from './support/texts.ts';

/*
 * Issue 30 §3: the purchase pages of one bike, each reached from the bike's page as a person does.
 * A bike received from someone else has no registration of its owner's (it stayed with the giver):
 * it gets one bought by card, one of the owner's free registrations, or a voucher's. A registered
 * bike gets plates. The preconditions (people, the bike, the transfer, credits) go through the API.
 */

const w = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'webshop', key), values);
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const field = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}`) });
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

/** Fills the card on the provider's stand-in page with the accepted test card (payments.md). */
async function payOnStandIn(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dev\/reepay\//);
  await page.locator('#card').fill('4111111111111111');
  await page.locator('#expiry').fill(`12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`);
  await page.locator('#cvv').fill('123');
  await page.locator('form button.primary').click();
}

/** A signed-in person with a bike given to them by someone else (no registration of theirs yet). */
async function personWithReceivedBike(page: Page) {
  const person = await signedInUser(page);
  const giver = await signUpViaApi(page.request);
  const bike = await receivedBikeViaApi(page.request, giver, person, unique('Gave'));
  return { person, bike };
}

test('a received bike gets a registration bought by card on its registration page', async ({ page }) => {
  test.setTimeout(90_000);
  const { person, bike } = await personWithReceivedBike(page);

  await page.goto(`/app/my-bikes/${bike.bikeId}`);
  await page.getByRole('link', { name: w('bikeNotice.get') }).click();
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bike.bikeId}/registration-purchase$`));
  await expect(heading(page)).toHaveText(w('bikePurchase.title'));
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'registration-purchase');

  // A registration starts at once only when asked to (payments.md §4.3), then the card window.
  await tick(page.getByRole('checkbox', { name: w('terms.consent') }));
  await page
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(w('checkout.pay', { amount: '' }).trim())}`) })
    .click();
  await payOnStandIn(page);
  await expect(page).toHaveURL(/\/purchase-complete-redirect\?order_id=/);
  await expect(heading(page)).toHaveText(w('return.confirmedTitle'), { timeout: 30_000 });
  await expect(page.getByText(w('return.bikeRegistered'))).toBeVisible();

  // The bought registration is on this bike.
  expect(await creditBikeIds(page.request, person)).toContain(bike.bikeId);
});

test('a free registration of mine goes onto a received bike', async ({ page }) => {
  const { person, bike } = await personWithReceivedBike(page);
  await grantCredits(page.request, person.email, 1);

  await page.goto(`/app/my-bikes/${bike.bikeId}`);
  await page.getByRole('link', { name: w('bikeNotice.useFree_one', { count: 1 }) }).click();
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bike.bikeId}/attach-existing-credit$`));
  await expect(heading(page)).toHaveText(w('attach.title'));
  await expect(page.getByText(w('bikePurchase.freeCredit_one', { count: 1 }))).toBeVisible();
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'attach-existing-credit');

  await page.getByRole('button', { name: w('attach.submit') }).click();
  await expect(page.getByText(w('bikePurchase.hasCredit'))).toBeVisible();
  expect(await creditBikeIds(page.request, person)).toEqual([bike.bikeId]);
});

test('a voucher puts a registration straight onto a received bike, without a card', async ({ page }) => {
  const { person, bike } = await personWithReceivedBike(page);

  await page.goto(`/app/my-bikes/${bike.bikeId}/registration-purchase`);
  await page.getByRole('link', { name: w('voucher.title') }).click();
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bike.bikeId}/redeem-voucher$`));
  await expect(heading(page)).toHaveText(w('voucher.title'));
  await expectNoA11yViolations(page);

  // A wrong code changes nothing; the demo seed's registration code (once per person) does.
  await field(page, w('voucher.code')).fill('WRONG-CODE-1234');
  await page.getByRole('button', { name: w('voucher.redeem') }).click();
  await expect(page.getByText(text('da', 'common', 'errors.voucher_invalid'))).toBeVisible();
  await field(page, w('voucher.code')).fill('demo-cykel-dk');
  await page.getByRole('button', { name: w('voucher.redeem') }).click();
  await expect(page.getByText(w('voucher.redeemed'))).toBeVisible();
  await reviewScreenshot(page, 'redeem-voucher');
  expect(await creditBikeIds(page.request, person)).toEqual([bike.bikeId]);
});

test('plates for a registered bike are ordered from its page and paid by card', async ({ page }) => {
  test.setTimeout(90_000);
  const person = await signedInUser(page);
  const bike = await registerBikeViaApi(page.request, person, unique('Pendler'));

  await page.goto(`/app/my-bikes/${bike.bikeId}`);
  await page.getByRole('link', { name: w('bikeCard.buyPlates') }).click();
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bike.bikeId}/buy-plate$`));
  await expect(heading(page)).toHaveText(w('plates.title'));
  await expect(page.getByText('Oblatpakke').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'buy-plate');
  await page.getByRole('button', { name: w('checkout.continue') }).click();

  // Goods are shipped: the address, then the summary and the card window.
  await field(page, w('shipping.name')).fill('Olga Oblat');
  await field(page, w('shipping.street')).fill('Cykelvej 1');
  await field(page, w('shipping.zip')).fill('2100');
  await field(page, w('shipping.city')).fill('København Ø');
  await page.getByRole('button', { name: w('checkout.continue') }).click();
  await page
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(w('checkout.pay', { amount: '' }).trim())}`) })
    .click();
  await payOnStandIn(page);
  await expect(heading(page)).toHaveText(w('return.confirmedTitle'), { timeout: 30_000 });
  await expect(page.getByText(w('return.goodsOnTheWay', { min: 7, max: 10 }))).toBeVisible();

  // The order is placed and paid, its plates waiting to be packed.
  const orders = await page.request.get('/api/webshop/orders', {
    headers: { Authorization: `Bearer ${person.token}` },
  });
  const [order] = (await orders.json()) as Array<{ status: string; lines: Array<{ kind: string }> }>;
  expect(order?.status).toBe('fulfilled');
  expect(order?.lines.map((line) => line.kind)).toContain('plates');
});
