import { randomInt } from 'node:crypto';
import { signInBrowser, verifiedAccountViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { text } from './support/texts.ts';

/*
 * Issue 15 §6: an organisation's admin buys registrations for the organisation's bikes with a card
 * that the provider stores (the ORGANISATION subscription): the number of bikes, the price per bike
 * and the total incl. VAT, the card window of the stand-in with its accepted test card, and the
 * return page that waits for the provider's word and then shows the organisation's credits.
 */

const t = (key: string, values: Record<string, string | number> = {}) =>
  text('da', 'organisations', key).replace(/\{\{(\w+)\}\}/g, (_match, name: string) =>
    String(values[name] ?? ''),
  );

const CVR_WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1];

/** A CVR number that passes the modulus-11 check, drawn at random so runs do not collide. */
function randomValidCvr(): string {
  for (;;) {
    const candidate = String(randomInt(10_000_000, 100_000_000));
    const sum = CVR_WEIGHTS.reduce((total, weight, index) => total + weight * Number(candidate[index]), 0);
    if (sum % 11 === 0) return candidate;
  }
}

const nextYear = () => `12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`;

test('an organisation admin buys 3 registrations with a stored card and sees the organisation’s credits', async ({
  page,
  request,
}) => {
  const admin = await verifiedAccountViaApi(request, 'org-buyer');
  const created = await request.post('/api/organisations', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name: 'Firmacykler ApS', type: 'business', region: 'dk', registration_number: randomValidCvr() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const products = (await (await request.get('/api/webshop/products?region=dk')).json()) as Array<{
    plan: string | null;
    price: { amount_minor: number };
  }>;
  const perBike =
    (products.find((product) => product.plan === 'ORGANISATION')?.price.amount_minor ?? 0) / 100;
  expect(perBike).toBeGreaterThan(0);

  await signInBrowser(page, admin.token);
  await page.goto('/app/organisations/integrate-reepay');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('integrate.title'));
  await expect(page.getByText(t('integrate.for', { name: 'Firmacykler ApS' }))).toBeVisible();
  await page.getByLabel(t('integrate.quantity')).fill('0');
  await page.getByRole('button', { name: t('integrate.pay') }).click();
  await expect(page.getByText(t('integrate.quantityInvalid', { max: 1000 })).first()).toBeVisible();

  await page.getByLabel(t('integrate.quantity')).fill('3');
  const prices = page.locator('dl');
  await expect(prices).toContainText(String(perBike));
  await expect(prices).toContainText(String(perBike * 3));
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: t('integrate.pay') }).click();

  // The stand-in's card window, in subscription mode (the card is stored for the renewals).
  await expect(page).toHaveURL(/\/dev\/reepay\//);
  await expect(page.getByRole('button', { name: /^Start abonnement og betal/ })).toBeVisible();
  await page.getByLabel('Kortnummer').fill('4111 1111 1111 1111');
  await page.getByLabel(/Udløbsdato/).fill(nextYear());
  await page.getByLabel(/Kontrolcifre/).fill('123');
  await page.getByRole('button', { name: /^Start abonnement og betal/ }).click();

  await expect(page).toHaveURL(/\/organisation-payment-complete-redirect\?order_id=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('paymentComplete.paidTitle'));
  await expect(
    page.getByText(
      /3 registreringer er tilføjet\. Din organisation har nu 3 registreringer, heraf 3 ledige\./,
    ),
  ).toBeVisible();
  await expectNoA11yViolations(page);
});
