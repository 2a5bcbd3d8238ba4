import type { Page } from '@playwright/test';
import { logInViaApi, signInBrowser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { DEMO_PASSWORD } from './support/organisations.ts';
import { fillText, text } from './support/texts.ts';

/*
 * An admin changes a public content page's text in /backoffice/v2/diverse (issue 17 §1): the
 * preview shows it as the page will (plain text, a linked address, markup shown as text), the
 * public page shows it once saved, and "use the built-in text" brings the built-in one back.
 */

const ADMIN_EMAIL = 'staff@demo.cykelregister.dk';
const ops = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'backoffice-ops', key), values);
const PUBLIC_TEXT = '/api/content-pages/advisory-board/da';

async function pickPage(page: Page) {
  // A select's button is named by its value, then its label ("Vores mission Side").
  await page.getByRole('button', { name: new RegExp(` ${ops('diverse.contentPage')}$`) }).click();
  await page.getByRole('option', { name: ops('diverse.pages.advisory-board'), exact: true }).click();
}

test('an admin edits a content page with a preview, the public page shows it, and resets it', async ({
  page,
}) => {
  const token = await logInViaApi(page.request, ADMIN_EMAIL, DEMO_PASSWORD);
  const auth = { Authorization: `Bearer ${token}` };
  // A run that stopped half-way may have left a stored text: start from the built-in one.
  await page.request.delete(`/api/backoffice/content-pages/advisory-board/da`, { headers: auth });
  const heading = `Vores rådgivere ${Date.now()}`;

  await signInBrowser(page, token);
  await page.goto('/backoffice/v2/diverse');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ops('diverse.title'));
  await pickPage(page);
  await expect(page.getByTestId('content-source')).toHaveText(ops('diverse.contentBuiltIn'));
  const form = page.getByRole('form', { name: ops('diverse.contentEdit') });
  const headingField = form.getByRole('textbox', { name: ops('diverse.contentHeading') });
  await expect(headingField).toHaveValue(text('da', 'content', 'advisoryBoard.heading'));

  await headingField.fill(heading);
  await form
    .getByRole('textbox', { name: ops('diverse.contentBody') })
    .fill('## Hvem vi er\n\nSkriv til raad@example.dk\n\n- Et <b>punkt</b>');
  const preview = page.getByTestId('content-preview');
  await expect(preview).toContainText(heading);
  await expect(preview.getByRole('link', { name: 'raad@example.dk' })).toHaveAttribute(
    'href',
    'mailto:raad@example.dk',
  );
  await expect(preview.getByText('Et <b>punkt</b>')).toBeVisible();
  await form.getByRole('button', { name: ops('diverse.saveContent') }).click();
  await expect(page.getByText(ops('diverse.contentSaved'))).toBeVisible();
  await expect(page.getByTestId('content-source')).toContainText(
    ops('diverse.contentStored', { date: '' })
      .replace(/\s*\.$/, '')
      .trim(),
  );
  await expectNoA11yViolations(page);

  await page.goto('/advisory-board');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('heading', { level: 2, name: 'Hvem vi er' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'raad@example.dk' })).toBeVisible();
  await expect(page.getByText('Et <b>punkt</b>')).toBeVisible();

  await page.goto('/backoffice/v2/diverse');
  await pickPage(page);
  await page.getByRole('button', { name: ops('diverse.resetContent') }).click();
  await expect(page.getByTestId('content-source')).toHaveText(ops('diverse.contentBuiltIn'));
  await expect(form.getByRole('textbox', { name: ops('diverse.contentHeading') })).toHaveValue(
    text('da', 'content', 'advisoryBoard.heading'),
  );
  expect(await (await page.request.get(PUBLIC_TEXT)).json()).toEqual({ text: null });
});
