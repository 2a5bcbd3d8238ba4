import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { signedInUser, type TestAccount } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { uniqueFrameNumber } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { tick } from './support/forms.ts';
import { DEMO_STAFF_ADMIN, demoSessionToken } from './support/organisations.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { escapeRegExp, fillText, text } from './support/texts.ts';

/*
 * The club variant as a NAF member uses it (issue 15 §5): on the club theme, the member gives their
 * NAF number, sees the member price in NOK incl. VAT, the right of withdrawal and the unticked
 * consent, pays in the Vipps MobilePay stand-in's landing page, waits for Vipps' word on the return
 * page, sees the credit and registers a bike. An invalid number says 'Ugyldig NAF-nummer'.
 */

const c = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('no', 'club', key), values);
const w = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('no', 'webshop', key), values);
const b = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('no', 'bikes', key), values);

// The browser speaks Norwegian, as the member's account does.
test.use({ language: 'no' });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const field = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}`) });

/** NAF's member list as staff upload it in the backoffice (the member price needs the number on it). */
async function uploadNafMemberList(request: APIRequestContext, numbers: string[]): Promise<void> {
  const token = await demoSessionToken(request, DEMO_STAFF_ADMIN);
  const response = await request.put('/api/backoffice/clubs/naf/member-list', {
    headers: { authorization: `Bearer ${token}` },
    data: { csv: `Medlemsnummer\n${numbers.join('\n')}\n` },
  });
  expect(response.status()).toBe(200);
}

async function openClubPage(page: Page): Promise<TestAccount> {
  const account = await signedInUser(page, { language: 'no', region: 'no' });
  await page.goto('/app/bikes/register/purchase-naf');
  await expect(heading(page)).toHaveText(c('title'));
  // The club's brand theme, whatever host the site was reached on.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'club');
  return account;
}

test('an invalid NAF number says ‘Ugyldig NAF-nummer’ and keeps nothing', async ({ page }) => {
  // The NAF page is found from the webshop (issue 27), on the club theme.
  await signedInUser(page, { language: 'no', region: 'no' });
  await page.goto('/webshop');
  await page.getByRole('link', { name: c('links.toClubPage') }).click();
  await expect(heading(page)).toHaveText(c('title'));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'club');
  await field(page, c('member.number')).fill('12345');
  await page.getByRole('button', { name: c('member.apply') }).click();
  await expect(page.getByText(/Ugyldig NAF-nummer/).first()).toBeVisible();
  // Nothing was saved: the member price is not the person's yet.
  await expect(page.getByTestId('club-offer-offer')).toContainText(c('offer.membersOnly'));
  await expectNoA11yViolations(page);
});

test('a Norwegian NAF member pays the member price with Vipps, sees the credit and registers a bike @phone', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await uploadNafMemberList(request, ['NAF1234']);
  const member = await openClubPage(page);

  // A well-formed number NAF's list does not know: told why, and the list price.
  await field(page, c('member.number')).fill('000000');
  await page.getByRole('button', { name: c('member.apply') }).click();
  await expect(page.getByText(c('member.notOnList', { number: '000000' }))).toBeVisible();
  await expect(page.getByTestId('club-offer-offer')).toContainText(c('offer.membersOnly'));
  await expect(page.getByRole('button', { name: /199/ })).toBeVisible();
  await page.getByRole('button', { name: c('member.change') }).click();

  await field(page, c('member.number')).fill('NAF1234');
  await page.getByRole('button', { name: c('member.apply') }).click();
  await expect(page.getByText(c('member.saved', { number: 'NAF1234' }))).toBeVisible();
  // The member price in NOK incl. VAT, the 14-day right of withdrawal, the unticked consent.
  await expect(page.getByTestId('club-offer-offer')).toContainText('159');
  await expect(page.getByText(w('terms.withdrawal'))).toBeVisible();
  const consent = page.getByRole('checkbox', { name: w('terms.consent') });
  await expect(consent).not.toBeChecked();
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'club-purchase');

  const [before = '', after = ''] = c('pay.button', { amount: '\u0000' }).split('\u0000');
  const pay = page.getByRole('button', {
    name: new RegExp(`^${escapeRegExp(before)}.*159.*${escapeRegExp(after)}$`),
  });
  // Without the consent nothing is ordered.
  await pay.click();
  await expect(page.getByText(text('no', 'common', 'validation.must_accept'))).toBeVisible();
  await expect(page).toHaveURL(/\/purchase-naf$/);
  await tick(consent);
  await pay.click();

  // The mobile payment app's landing page (the stand-in): 159 kr to NAF, approved.
  await expect(page).toHaveURL(/\/dev\/vipps\/landing\//);
  await expect(page.locator('body')).toContainText('159');
  await page.locator('form[action$="/approve"] button').click();

  // Back on our page, which waits for Vipps' webhook before it says "paid".
  await expect(page).toHaveURL(/\/purchase-complete-redirect\?order_id=/);
  await expect(heading(page)).toHaveText(w('return.confirmedTitle'), { timeout: 30_000 });
  await expect(page.getByText(w('return.creditReady'))).toBeVisible();

  await page.getByRole('link', { name: w('return.registerBike') }).click();
  await expect(page).toHaveURL(/\/app\/register-bike$/);
  await expect(page.getByTestId('credits-summary')).toContainText(b('credits.free_one', { count: 1 }));
  await field(page, b('fields.nickname')).fill('NAF-sykkel');
  await field(page, b('fields.frameNumber')).fill(uniqueFrameNumber());
  await expect(page.getByText(b('identifiers.frameNumberValid'))).toBeVisible();
  await page.getByRole('button', { name: b('register.submit') }).click();
  await expect(page).toHaveURL(/\/app\/my-bikes\/[0-9a-f-]{36}\/intro-step$/);

  // The order is paid with Vipps at the member price.
  await page.goto('/app/orders');
  await expect(page.getByTestId('order').first()).toContainText(w('orders.status.paid'));
  await expect(page.getByTestId('order').first()).toContainText('159');

  // The purchase page calls it a one-time registration, not renewed, and sells the extra
  // registration at the member price (80 kr) on the NAF page, not at the list price.
  await page.goto('/app/bikes/register/purchase');
  await expect(page.getByText(w('purchase.oneTimeTitle'), { exact: true })).toBeVisible();
  await expect(page.getByText(/fornyes \d/)).toHaveCount(0);
  await expect(page.getByTestId('club-extra')).toContainText('80');
  await page
    .getByTestId('club-extra')
    .getByRole('link', { name: c('links.extraButton') })
    .click();
  await expect(page.getByTestId('club-offer-extra_registration')).toBeVisible();

  // Issue 30 §3: the member buys it (POST /webshop/naf/extra-bike-registration) with Vipps, and has
  // a free registration again for the next bike.
  await tick(page.getByRole('checkbox', { name: w('terms.consent') }));
  await page
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(before)}.*80.*${escapeRegExp(after)}$`) })
    .click();
  await expect(page).toHaveURL(/\/dev\/vipps\/landing\//);
  await expect(page.locator('body')).toContainText('80');
  await page.locator('form[action$="/approve"] button').click();
  await expect(heading(page)).toHaveText(w('return.confirmedTitle'), { timeout: 30_000 });
  const overview = await request.get('/api/webshop/bike-ownership-credits/overview', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect(await overview.json()).toMatchObject({ credits_total: 2, credits_free: 1 });
});
