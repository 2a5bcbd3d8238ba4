import type { Page } from '@playwright/test';
import { signInBrowser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { demoSessionToken } from './support/organisations.ts';
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
  const token = await demoSessionToken(page.request, ADMIN_EMAIL);
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

/** Five letters that differ between runs (the table keeps every code ever added). */
function uniqueCode(): string {
  return [...String(Date.now()).slice(-5)].map((digit) => 'ABCDEFGHJK'[Number(digit)]).join('');
}

test('an admin adds a manufacturer code and edits it; the frame-number check uses it', async ({ page }) => {
  const token = await demoSessionToken(page.request, ADMIN_EMAIL);
  const code = uniqueCode();
  const brand = `e2e-brand-${code.toLowerCase()}`;
  const warnings = async () => {
    const answer = await page.request.post('/api/bikes/identifier-checks', {
      headers: { Authorization: `Bearer ${token}` },
      data: { frame_number: 'WDA 1234 Z', brand },
    });
    return ((await answer.json()) as { frame_number: { warnings: string[] } }).frame_number.warnings;
  };
  expect(await warnings()).toEqual([]);

  await signInBrowser(page, token);
  await page.goto('/backoffice/v2/diverse');
  const codes = page.getByRole('list', { name: ops('diverse.codesTitle') });
  await expect(codes.getByRole('heading', { name: /^WDA · FDB/ })).toBeVisible();

  const form = page.getByRole('form', { name: ops('diverse.newCode') });
  await form.getByRole('textbox', { name: ops('diverse.code') }).fill(code.toLowerCase());
  await form.getByRole('textbox', { name: ops('diverse.codeHolder') }).fill('E2E Cykelimport');
  await form.getByRole('textbox', { name: ops('diverse.codeBrands') }).fill(brand);
  await form.getByRole('textbox', { name: ops('diverse.codeSource') }).fill('an importer’s letter');
  await form.getByRole('button', { name: ops('diverse.saveCode') }).click();
  await expect(page.getByText(ops('diverse.codeSaved', { code }))).toBeVisible();
  await expect(codes.getByRole('heading', { name: `${code} · E2E Cykelimport` })).toBeVisible();
  // The brand now carries its own code: a WDA frame on it is questioned.
  expect(await warnings()).toContain('brand_prefix_mismatch');
  // Issue 27: the codes, voucher batches and prices below their section headings skip no level, and
  // each price form is named with its region (a DK and a NO product share a name).
  await expectNoA11yViolations(page, { structure: true });

  await codes.getByRole('button', { name: ops('diverse.editCode', { code }) }).click();
  const edit = page.getByRole('form', { name: ops('diverse.editCode', { code }) });
  await edit.getByRole('textbox', { name: ops('diverse.codeHolder') }).fill('E2E Cykelimport A/S');
  await edit.getByRole('button', { name: ops('diverse.saveCode') }).click();
  await expect(codes.getByRole('heading', { name: `${code} · E2E Cykelimport A/S` })).toBeVisible();
});

// Issue 27: the member price needs NAF's member list; admins upload the club's CSV export here.
test('an admin uploads NAF’s member list and sees how many numbers it holds', async ({ page }) => {
  const token = await demoSessionToken(page.request, ADMIN_EMAIL);
  await signInBrowser(page, token);
  await page.goto('/backoffice/v2/diverse');
  const form = page.getByRole('form', { name: ops('clubMembers.upload') });
  // NAF1234 stays on it: the club journey (webshop-club.spec.ts) may run at the same time.
  await form.getByLabel(ops('clubMembers.file')).setInputFiles({
    name: 'naf-medlemmer.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Medlemsnummer;Navn\nNAF1234;Kari\nNAF5555;Ola\n'),
  });
  await form.getByRole('button', { name: ops('clubMembers.upload') }).click();
  await expect(page.getByText(ops('clubMembers.uploaded'))).toBeVisible();
  await expect(
    page.getByText(new RegExp(`^${ops('clubMembers.state', { count: 2, date: '' })}`)),
  ).toBeVisible();
  await expect(page.getByTestId('club-member-list-state')).toHaveText(ops('clubMembers.fresh'));
  await expectNoA11yViolations(page);
});
