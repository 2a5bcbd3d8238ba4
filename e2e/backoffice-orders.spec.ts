import type { Page } from '@playwright/test';
import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';
import { demoSessionToken } from './support/organisations.ts';
import { paidPlatesOrderViaApi } from './support/payments.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Staff ship a plate order (issue 17 §1): a person has bought plates (through the API: the checkout
 * is webshop.spec.ts's journey); support finds the order in /backoffice/v2/orders, packs it and ships
 * it with the carrier's tracking number; the buyer gets the mail and sees the order shipped.
 */

const SUPPORT_EMAIL = 'support@demo.cykelregister.dk';
const ops = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'backoffice-ops', key), values);
const shop = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'webshop', key), values);

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

test('staff pack and ship a plate order with a tracking number; the buyer is mailed and sees it shipped', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const buyer = await signUpViaApi(page.request);
  const { receiptNumber } = await paidPlatesOrderViaApi(page.request, buyer.token);
  const tracking = `PN${Date.now()}DK`;

  await signInBrowser(page, await demoSessionToken(page.request, SUPPORT_EMAIL));
  await page.goto('/backoffice');
  await page
    .getByRole('navigation', { name: text('da', 'backoffice', 'layout.navigation') })
    .getByRole('link', { name: text('da', 'backoffice', 'layout.v2') })
    .click();
  await expect(heading(page)).toHaveText(ops('v2.title'));
  await page.getByRole('link', { name: ops('v2.orders.link') }).click();
  await expect(heading(page)).toHaveText(ops('orders.title'));

  await page.getByRole('searchbox', { name: ops('orders.search') }).fill(buyer.email);
  const order = page.getByRole('listitem', { name: ops('orders.orderTitle', { number: receiptNumber }) });
  await expect(order).toBeVisible();
  await expect(order).toContainText(buyer.email);
  await expect(order.getByTestId('shipment-status')).toHaveText(ops('orders.shipments.waiting'));
  await expectNoA11yViolations(page);

  await order.getByRole('button', { name: ops('orders.pack') }).click();
  await expect(order.getByTestId('shipment-status')).toHaveText(ops('orders.shipments.packed'));
  await order.getByRole('textbox', { name: ops('orders.trackingNumber') }).fill(tracking);
  await order.getByRole('button', { name: ops('orders.ship') }).click();
  await expect(order.getByTestId('shipment-status')).toHaveText(ops('orders.shipments.shipped'));
  await expect(order).toContainText(tracking);
  // Support may not refund: that button is the admins'.
  await expect(order.getByRole('button', { name: ops('orders.refund') })).toHaveCount(0);

  const mail = await waitForMail(page.request, buyer.email, { subject: receiptNumber });
  expect(mail.text).toContain(tracking);

  await signInBrowser(page, buyer.token);
  await page.goto('/app/orders');
  const seen = page.getByTestId('order').filter({ hasText: receiptNumber });
  await expect(seen).toContainText(shop('orders.status.shipped'));
  await expect(seen).toContainText(shop('orders.trackingNumber', { number: tracking }));
});
