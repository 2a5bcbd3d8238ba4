import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { signInBrowser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { demoSessionToken } from './support/organisations.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Staff print plates (issue 17 §1): an admin generates a batch of bike sticker codes in
 * /backoffice/plates and downloads its PDF sheet of QR labels to send to the printer. (The QR codes
 * in the sheet are decoded back in the API test, sticker-batches.test.ts.)
 */

const ADMIN_EMAIL = 'staff@demo.cykelregister.dk';
const ops = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'backoffice-ops', key), values);

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

test('an admin generates a batch of plate codes, downloads its PDF sheet, and finds the prices', async ({
  page,
}) => {
  const note = `e2e run ${Date.now()}`;
  await signInBrowser(page, await demoSessionToken(page.request, ADMIN_EMAIL));
  await page.goto('/backoffice');
  await page
    .getByRole('navigation', { name: text('da', 'backoffice', 'layout.navigation') })
    .getByRole('link', { name: text('da', 'backoffice', 'layout.plates') })
    .click();
  await expect(heading(page)).toHaveText(ops('plates.title'));
  await expectNoA11yViolations(page);

  const form = page.getByRole('form', { name: ops('plates.generateTitle') });
  await form.getByRole('textbox', { name: ops('plates.count') }).fill('30');
  await form.getByRole('textbox', { name: new RegExp(`^${ops('plates.note')}`) }).fill(note);
  await form.getByRole('button', { name: ops('plates.generate') }).click();
  await expect(page.getByText(ops('plates.generated', { count: 30 }))).toBeVisible();

  const batch = page
    .getByRole('list', { name: ops('plates.batchesTitle') })
    .getByRole('listitem')
    .filter({ hasText: note });
  await expect(batch).toContainText(ops('plates.usageValue', { free: 30, registered: 0, void: 0 }));
  await expectNoA11yViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    batch.getByRole('button', { name: ops('plates.downloadPdf') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^stickers-bike-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // 30 labels, 24 to an A4 page: two pages.
  expect(bytes.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);

  // The operations landing page leads on to the shop's prices and voucher batches (admins).
  await page.goto('/backoffice/v2');
  await page.getByRole('link', { name: ops('v2.diverse.link') }).click();
  await expect(heading(page)).toHaveText(ops('diverse.title'));
  const prices = page.getByRole('list', { name: ops('diverse.pricesTitle') });
  await expect(prices.getByRole('listitem').filter({ hasText: 'Oblatpakke' }).first()).toBeVisible();
  await expect(page.getByRole('form', { name: ops('diverse.newVoucherBatch') })).toBeVisible();
  await expectNoA11yViolations(page);
});
