import type { Locator, Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { freeSticker, uniqueFrameNumber } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { tick } from './support/forms.ts';
import { waitForHydration } from './support/hydration.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { escapeRegExp, fillText, text } from './support/texts.ts';

/*
 * The webshop as a buyer uses it (issue 15): a new person with no subscription chooses SINGLE, pays
 * on the card provider's stand-in payment page with a test card, waits for the provider's word and
 * registers a bike with the registration; a declined card ends on /purchase-failed with nothing
 * charged and a way back; a voucher registers a bike without a card; plates ordered show in the
 * order list with their delivery time. Nothing here uses /dev to grant credits.
 */

const w = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'webshop', key), values);
const b = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'bikes', key), values);

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const field = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}`) });

/** The stand-in's test cards (payments.md §1.8): the CVC decides the outcome. */
const TEST_CARD = '4111111111111111';
const CVC_ACCEPTED = '123';
const CVC_DECLINED = '002';

function nextYearExpiry(): string {
  const year = (new Date().getFullYear() + 1) % 100;
  return `12/${String(year).padStart(2, '0')}`;
}

/** Fills the card on the provider's hosted page (its fields are named, not labelled per language). */
async function payOnStandIn(page: Page, cvc: string): Promise<void> {
  await expect(page).toHaveURL(/\/dev\/reepay\//);
  await page.locator('#card').fill(TEST_CARD);
  await page.locator('#expiry').fill(nextYearExpiry());
  await page.locator('#cvv').fill(cvc);
  await page.locator('form button.primary').click();
}

test('a new person buys SINGLE with a test card, waits for the confirmation, registers a bike, and cancels and resumes @phone', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signedInUser(page);

  // No subscription: the register page leads to buying.
  await page.goto('/app/bikes/register');
  await expect(heading(page)).toHaveText(b('entry.title'));
  await page.getByRole('link', { name: b('credits.buy') }).click();
  await expect(page).toHaveURL(/\/app\/bikes\/register\/purchase$/);
  await expect(heading(page)).toHaveText(w('purchase.title'));
  await expectNoA11yViolations(page);

  const single = page.getByRole('article').filter({ hasText: '1 cykel' });
  await single.getByRole('link', { name: new RegExp(`^${escapeRegExp(w('catalogue.choosePlan'))}`) }).click();
  await expect(page).toHaveURL(/\/checkout\/subscription\?plan=SINGLE$/);
  await expect(heading(page)).toHaveText(w('checkout.subscriptionTitle'));
  // The subscription's terms stand out right before the order; the consent box is not ticked.
  await expect(page.getByTestId('subscription-terms')).toContainText(w('terms.subscriptionCancel'));
  await expect(page.getByText(w('terms.withdrawal'))).toBeVisible();
  const consent = page.getByRole('checkbox', { name: w('terms.consent') });
  await expect(consent).not.toBeChecked();
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'subscription-checkout');

  // Without the consent nothing is ordered.
  const pay = page.getByRole('button', {
    name: new RegExp(`^${escapeRegExp(w('checkout.subscribe', { amount: '' }).trim())}`),
  });
  await pay.click();
  await expect(page.getByText(text('da', 'common', 'validation.must_accept'))).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/subscription/);

  await tick(consent);
  await pay.click();
  await payOnStandIn(page, CVC_ACCEPTED);

  // Back on our page, which waits for the provider's webhook before it says "paid".
  await expect(page).toHaveURL(/\/purchase-subscription-redirect\?order_id=/);
  await expect(heading(page)).toHaveText(w('return.confirmedTitle'), { timeout: 30_000 });
  await expect(page.getByText(w('return.creditReady'))).toBeVisible();
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'purchase-confirmed');

  // The credit is there: the register page opens the form.
  await page.getByRole('link', { name: w('return.registerBike') }).click();
  await expect(page).toHaveURL(/\/app\/register-bike$/);
  await expect(page.getByTestId('credits-summary')).toContainText(b('credits.free_one', { count: 1 }));
  await field(page, b('fields.nickname')).fill('Købt med kort');
  await field(page, b('fields.frameNumber')).fill(uniqueFrameNumber());
  await expect(page.getByText(b('identifiers.frameNumberValid'))).toBeVisible();
  await page.getByRole('button', { name: b('register.submit') }).click();
  await expect(page).toHaveURL(/\/app\/my-bikes\/[0-9a-f-]{36}\/intro-step$/);
  const bikeId = /\/app\/my-bikes\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';

  // Cancelling is as easy as signing up: one press and a confirmation; it runs to the period's end.
  await page.goto(`/app/my-bikes/${bikeId}/subscription-status`);
  await expect(heading(page)).toHaveText(w('status.title'));
  await expect(page.getByTestId('bike-registration-state')).toHaveText(w('status.bikeRegistered'));
  const state = page.getByTestId('subscription-state');
  await expect(state).toContainText(w('status.renewsOn', { date: '' }).replace(/\.$/, '').trim());
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: w('status.cancel') }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(w('status.bikesKept'));
  await dialog.getByRole('button', { name: w('status.cancelConfirm') }).click();
  await expect(state).toContainText(w('status.endsOn', { date: '' }).split(':')[0] ?? '');
  await page.getByRole('button', { name: w('status.resume') }).click();
  await expect(page.getByText(w('status.resumed'))).toBeVisible();
  await expect(state).toContainText(w('status.renewsOn', { date: '' }).replace(/\.$/, '').trim());

  // The order is in the list, paid.
  await page.goto('/app/orders');
  await expect(heading(page)).toHaveText(w('orders.title'));
  await expect(page.getByTestId('order').first()).toContainText(w('orders.status.paid'));
  // The orders page cancels it too, no bike page needed (issue 27: after giving away her only bike).
  const onOrders = page.getByTestId('subscription-state');
  await expect(onOrders).toContainText(w('status.renewsOn', { date: '' }).replace(/\.$/, '').trim());
  await page.getByRole('button', { name: w('status.cancel') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: w('status.cancelConfirm') })
    .click();
  await expect(onOrders).toContainText(w('status.endsOn', { date: '' }).split(':')[0] ?? '');
  await expectNoA11yViolations(page);
});

test('a sticker scanned before subscribing waits through the purchase and goes on the first bike', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signedInUser(page);
  const plate = await freeSticker(page.request);

  // The sticker journey's loop without a registration: buying keeps the sticker.
  await page.goto(`/signup/from-scan/create-bikes-loop?plate=${plate}`);
  await expect(page.getByText(text('da', 'common', 'errors.no_subscription'))).toBeVisible();
  await page.getByRole('link', { name: b('credits.buy') }).click();
  await expect(page).toHaveURL(new RegExp(`/app/bikes/register/purchase\\?plate=${plate}$`));
  await expect(page.getByText(w('purchase.plate', { plate }))).toBeVisible();
  await expectNoA11yViolations(page);

  const single = page.getByRole('article').filter({ hasText: '1 cykel' });
  await single.getByRole('link', { name: new RegExp(`^${escapeRegExp(w('catalogue.choosePlan'))}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/subscription\\?plan=SINGLE&plate=${plate}$`));
  await expect(page.getByText(w('checkout.waitingPlate', { plate }))).toBeVisible();
  await tick(page.getByRole('checkbox', { name: w('terms.consent') }));
  await page
    .getByRole('button', {
      name: new RegExp(`^${escapeRegExp(w('checkout.subscribe', { amount: '' }).trim())}`),
    })
    .click();
  await payOnStandIn(page, CVC_ACCEPTED);
  await expect(heading(page)).toHaveText(w('return.confirmedTitle'), { timeout: 30_000 });

  // The registration form has the sticker filled in; the bike is registered with it.
  await page.getByRole('link', { name: w('return.registerBike') }).click();
  await expect(page).toHaveURL(/\/app\/register-bike$/);
  await expect(page.locator('input[name="plate_id"]')).toHaveValue(plate);
  await field(page, b('fields.nickname')).fill('Med oblat');
  await page.getByRole('button', { name: b('register.submit') }).click();
  // Without a frame number the next step asks to confirm that; the bike is registered either way.
  await expect(page).toHaveURL(/\/app\/my-bikes\/[0-9a-f-]{36}\/complete-confirm-missing-frame-number$/);
  const lookup = await page.request.get(`/api/stickers/${plate}`);
  expect(await lookup.json()).toMatchObject({ bike_status: 'registered' });
});

test('a declined card ends on /purchase-failed: nothing charged, and a way back', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInUser(page);

  await page.goto('/webshop');
  await expect(heading(page)).toHaveText(w('catalogue.title'));
  // Painted by the server: its buttons answer once the app has taken over.
  await waitForHydration(page);
  const registration = page.getByRole('article').filter({ hasText: 'Ekstra cykelregistrering' });
  await registration.getByRole('button', { name: /Ekstra cykelregistrering/ }).click();
  await expect(page.getByTestId('basket-summary')).toContainText('100');
  await page.getByRole('link', { name: w('basket.toCheckout') }).click();
  await expect(page).toHaveURL(/\/checkout\/shop$/);
  await page.getByRole('button', { name: w('checkout.continue') }).click();
  await expect(page.getByTestId('order-total')).toContainText('100');
  await tick(page.getByRole('checkbox', { name: w('terms.consent') }));
  await page
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(w('checkout.pay', { amount: '' }).trim())}`) })
    .click();

  // The bank declines the card: the provider's page says so and offers to cancel.
  await payOnStandIn(page, CVC_DECLINED);
  await expect(page.getByRole('alert')).toBeVisible();
  await page.locator('form[action$="/cancel"] button').click();

  await expect(page).toHaveURL(/\/purchase-failed\?order_id=/);
  await expect(heading(page)).toHaveText(w('failed.title'));
  await expect(page.getByText(w('failed.nothingCharged'))).toBeVisible();
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'purchase-failed');

  // The way back leads to the basket, still holding the registration.
  await page.getByRole('link', { name: w('failed.backToBasket') }).click();
  await expect(page).toHaveURL(/\/checkout\/shop$/);
  await expect(page.getByText('Ekstra cykelregistrering', { exact: true })).toBeVisible();

  // The order was never paid: the declined payment, or the cancelled window, is what the list says.
  await page.goto('/app/orders');
  await expect(page.getByTestId('order').first()).toContainText(
    new RegExp(`${escapeRegExp(w('orders.status.failed'))}|${escapeRegExp(w('orders.status.cancelled'))}`),
  );
});

test('a voucher registers a bike without a card, keeping a scanned sticker', async ({ page }) => {
  await signedInUser(page);
  // Arrived by scanning a sticker (issue 27: the sticker was lost after redeeming a code).
  const plate = await freeSticker(page.request);
  await page.goto(`/signup/from-scan/create-bikes-loop?plate=${plate}`);
  await page.getByRole('link', { name: b('credits.redeem') }).click();
  await expect(page).toHaveURL(new RegExp(`/app/bikes/register/redeem\\?plate=${plate}$`));
  await expect(heading(page)).toHaveText(w('voucher.title'));
  await expect(page.getByText(w('voucher.plate', { plate }))).toBeVisible();

  // A wrong code is refused with a translated message and changes nothing.
  await field(page, w('voucher.code')).fill('WRONG-CODE-1234');
  await page.getByRole('button', { name: w('voucher.redeem') }).click();
  await expect(page.getByText(text('da', 'common', 'errors.voucher_invalid'))).toBeVisible();
  await expectNoA11yViolations(page);

  // The demo seed's registration voucher (usable once per person).
  await field(page, w('voucher.code')).fill('demo-cykel-dk');
  await page.getByRole('button', { name: w('voucher.redeem') }).click();
  await expect(page.getByText(w('voucher.redeemed'))).toBeVisible();
  await page.getByRole('link', { name: w('return.registerBike') }).click();
  await expect(page).toHaveURL(new RegExp(`/app/register-bike\\?plate=${plate}$`));
  await expect(page.locator('input[name="plate_id"]')).toHaveValue(plate);
  await field(page, b('fields.nickname')).fill('Fra en kode');
  await field(page, b('fields.frameNumber')).fill(uniqueFrameNumber());
  await expect(page.getByText(b('identifiers.frameNumberValid'))).toBeVisible();
  await page.getByRole('button', { name: b('register.submit') }).click();
  await expect(page).toHaveURL(/\/app\/my-bikes\/[0-9a-f-]{36}\/intro-step$/);
  const lookup = await page.request.get(`/api/stickers/${plate}`);
  expect(await lookup.json()).toMatchObject({ bike_status: 'registered' });
});

test('plates ordered show in the order list with their delivery time', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInUser(page);

  await page.goto('/go-to-webshop');
  await expect(page).toHaveURL(/\/webshop$/);
  const plates = page.getByRole('article').filter({ hasText: 'Oblatpakke' });
  await expect(plates).toContainText(w('product.delivery', { min: 7, max: 10 }));
  await expectNoA11yViolations(page);
  await waitForHydration(page);
  await plates.getByRole('button', { name: /Oblatpakke/ }).click();
  await page.getByRole('link', { name: w('basket.toCheckout') }).click();
  await page.getByRole('button', { name: w('checkout.continue') }).click();

  // Physical goods: the shipping address (prefilled from the profile where it has one).
  await expect(page.getByRole('heading', { name: w('shipping.title') })).toBeVisible();
  await field(page, w('shipping.name')).fill('Olga Oblat');
  await field(page, w('shipping.street')).fill('Cykelvej 1');
  await field(page, w('shipping.zip')).fill('2100');
  await field(page, w('shipping.city')).fill('København Ø');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: w('checkout.continue') }).click();

  // Goods alone ask for no consent; the withdrawal right is stated.
  await expect(page.getByText(w('terms.withdrawal'))).toBeVisible();
  await expect(page.getByRole('checkbox', { name: w('terms.consent') })).toHaveCount(0);
  await page
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(w('checkout.pay', { amount: '' }).trim())}`) })
    .click();
  await payOnStandIn(page, CVC_ACCEPTED);

  await expect(page).toHaveURL(/\/purchase-complete-redirect\?order_id=/);
  await expect(heading(page)).toHaveText(w('return.confirmedTitle'), { timeout: 30_000 });
  await expect(page.getByText(w('return.goodsOnTheWay', { min: 7, max: 10 }))).toBeVisible();

  await page.getByRole('link', { name: w('orders.link') }).click();
  await expect(page).toHaveURL(/\/app\/orders$/);
  const order = page.getByTestId('order').first();
  await expect(order).toContainText('Oblatpakke');
  await expect(order).toContainText(w('orders.status.waiting'));
  await expect(order).toContainText(w('product.delivery', { min: 7, max: 10 }));
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'orders');

  // The receipt PDF, fetched with the person's token, opens in a new tab.
  const [receipt] = await Promise.all([
    page.waitForEvent('popup'),
    order.getByRole('button', { name: w('orders.receiptPdf') }).click(),
  ]);
  await expect(receipt).toHaveURL(/^blob:/);
});

test.describe('the webshop catalogue', () => {
  test('a visitor reaches it from /go-to-webshop and sees Danish prices incl. VAT @phone', async ({
    page,
  }) => {
    await page.goto('/go-to-webshop');
    await expect(page).toHaveURL(/\/webshop$/);
    await expect(heading(page)).toHaveText(w('catalogue.title'));
    await expect(page.getByRole('heading', { level: 2, name: w('catalogue.plans') })).toBeVisible();
    const registration = page.locator('#product-dk-registration');
    await expect(registration.getByRole('heading', { name: 'Ekstra cykelregistrering' })).toBeVisible();
    await expect(registration).toContainText(/100\s*kr/);
    await expect(registration).toContainText(w('price.inclVatOnce'));
    await expect(page.locator('#product-dk-plates')).toContainText(
      w('product.delivery', { min: 7, max: 10 }),
    );
    await expect(page.locator('#product-dk-single')).toContainText(w('plan.cancel'));
    // The organisation plan is bought on the organisation's page, not offered here (issue 27).
    await expect(page.locator('#product-dk-organisation')).toHaveCount(0);
    await expectNoA11yViolations(page);

    // Buying asks a visitor to sign in, and the checkout is where the login returns to.
    await waitForHydration(page);
    await page.locator('#product-dk-plates').getByRole('button').click();
    await page.getByRole('link', { name: w('basket.signInToBuy') }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows the Norwegian prices in NOK, chosen on the page or named in the link', async ({ page }) => {
    // Painted by the server: page.goto waits for the app to take it over (support/fixtures.ts).
    await page.goto('/webshop');
    await page.getByRole('button', { name: new RegExp(escapeRegExp(w('catalogue.region'))) }).click();
    await page.getByRole('option', { name: w('catalogue.regions.no') }).click();
    await expect(page.locator('#product-no-single')).toContainText(/199/);
    // Danish names the Norwegian currency by its code.
    await expect(page.locator('#product-no-single')).toContainText(/NOK/);

    await page.goto('/webshop?region=dk');
    await expect(page.locator('#product-dk-single')).toContainText(/149/);
  });
});
