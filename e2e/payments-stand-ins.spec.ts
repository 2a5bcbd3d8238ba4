import { randomUUID } from 'node:crypto';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { createReepayChargeSession, createVippsPayment } from './support/payments.ts';

/*
 * Issue 15: the payment stand-ins' own pages, as a buyer meets them: the card window takes the
 * provider's test cards (a declined one first), the mobile-pay landing page approves. Readable and
 * operable at 360 px, WCAG 2.1 AA. The shop's journeys through them are the webshop's specs.
 */

const nextYear = () => `12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`;

test('pays in the card window after a declined card, and returns to the shop @phone', async ({
  page,
  request,
  baseURL,
}) => {
  const handle = `e2e-${randomUUID().slice(0, 8)}`;
  const url = await createReepayChargeSession(request, {
    handle,
    amount: 10_000,
    ordertext: 'Cykelregistrering',
    acceptUrl: new URL('/purchase-complete-redirect', baseURL).toString(),
    cancelUrl: new URL('/purchase-failed', baseURL).toString(),
    locale: 'da_DK',
  });
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Testbetaling');
  await expect(page.getByText('Cykelregistrering')).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );

  await page.getByLabel('Kortnummer').fill('4111 1111 1111 1111');
  await page.getByLabel(/Udløbsdato/).fill(nextYear());
  await page.getByLabel(/Kontrolcifre/).fill('002');
  await page.getByRole('button', { name: /^Betal/ }).click();
  await expect(page.getByRole('alert')).toContainText('Betalingen blev afvist');
  await expectNoA11yViolations(page);

  await page.getByLabel(/Kontrolcifre/).fill('123');
  await page.getByRole('button', { name: /^Betal/ }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase-complete-redirect\\?.*invoice=${handle}`));
});

test("cancels in the card window and lands on the shop's failure page", async ({
  page,
  request,
  baseURL,
}) => {
  const handle = `e2e-${randomUUID().slice(0, 8)}`;
  const url = await createReepayChargeSession(request, {
    handle,
    amount: 4_900,
    ordertext: 'Klistermærker',
    acceptUrl: new URL('/purchase-complete-redirect', baseURL).toString(),
    cancelUrl: new URL('/purchase-failed', baseURL).toString(),
  });
  await page.goto(`${url}?lang=en`);
  await page.getByRole('button', { name: 'Cancel and go back to the shop' }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase-failed\\?.*invoice=${handle}`));
});

test.describe('in Norwegian', () => {
  test.use({ language: 'no' });

  test('approves on the mobile-pay landing page and returns to the shop @phone', async ({
    page,
    request,
    baseURL,
  }) => {
    const reference = `e2e-${randomUUID()}`;
    const returnUrl = new URL(`/purchase-complete-redirect?order=${reference}`, baseURL).toString();
    const url = await createVippsPayment(request, {
      reference,
      value: 12_500,
      description: 'Sykkelregistrering',
      returnUrl,
    });
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test-Vipps');
    await expect(page.getByText('Sykkelregistrering')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Godkjenn betalingen' }).click();
    await expect(page).toHaveURL(returnUrl);
  });
});
