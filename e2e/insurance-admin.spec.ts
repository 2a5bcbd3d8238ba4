import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { provePossessionViaApi } from './support/insurance.ts';
import { actingSession, DEMO_INSURER, DEMO_INSURER_USER } from './support/organisations.ts';
import { setName } from './support/people.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Issue 16 §4 in the browser: a person applies for bike insurance at the demo insurer (through the
 * API, as the sign-up screens are another part); the insurer's user finds the application on the
 * admin page, accepts it with a policy number, opens the insured bike, then opens the reports of the
 * insurer the session acts for (/insurance/self/admin/reports), picks a period and downloads them as
 * CSV and PDF.
 */

const t = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'insurer-admin', key), values);
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('the insurer accepts an application, sees the bike and downloads its report as CSV and PDF', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const holder = await signUpViaApi(page.request);
  await setName(page.request, holder, 'Helle', 'Holm');
  const bike = await registerBikeViaApi(page.request, holder, 'Forsikret');
  const { token, partyId } = await actingSession(page.request, DEMO_INSURER_USER, DEMO_INSURER);
  const applied = await page.request.post('/api/insurance/policies/', {
    headers: { Authorization: `Bearer ${holder.token}` },
    data: { insurer_party_id: partyId, coverage: 'bike_theft', number_of_bikes: 1, bike_ids: [bike.bikeId] },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  // The holder sent their proof of possession; the insurer was promised to see it (issue 27).
  const itemId = ((await applied.json()) as { insured_items: Array<{ id: string }> }).insured_items[0]?.id;
  await provePossessionViaApi(page.request, holder, bike.bikeId, itemId ?? '');

  await signInBrowser(page, token);
  await page.goto(`/insurance/${partyId}/admin`);
  await expect(heading(page)).toHaveText(DEMO_INSURER);
  const policies = page.getByRole('region', { name: t('policies.title') });
  await policies.getByRole('searchbox', { name: t('policies.search') }).fill(holder.email);
  const row = policies.getByRole('row').filter({ hasText: holder.email });
  await expect(row).toContainText(t('policies.status.application'));
  await expectNoA11yViolations(page);

  await row.getByRole('button', { name: t('policies.formTitle.accept', { holder: 'Helle Holm' }) }).click();
  const policyNumber = `E2E-${Date.now().toString(36)}`;
  await row.getByRole('textbox', { name: t('policies.policyNumber') }).fill(policyNumber);
  await row.getByRole('button', { name: t('policies.confirm.accept') }).click();
  await expect(page.getByText(t('policies.done.accept', { holder: 'Helle Holm' }))).toBeVisible();
  await expect(row).toContainText(t('policies.status.active'));
  await expect(row).toContainText(policyNumber);
  await reviewScreenshot(page, 'insurer-admin');

  await row.getByRole('link', { name: 'Kildemoes Logic' }).click();
  await expect(heading(page)).toHaveText('Kildemoes Logic');
  await expect(page.getByText(bike.frameNumber)).toBeVisible();
  await expect(page.getByText(policyNumber)).toBeVisible();
  await expect(page.getByText(holder.email)).toHaveCount(0);
  // The holder has not been through the checkout: no national id to show yet.
  await expect(page.getByText(t('holder.notGiven'))).toBeVisible();
  const proof = page.getByRole('region', { name: t('bike.proofTitle') });
  await expect(proof.getByRole('link', { name: new RegExp(t('products.upload.receipt')) })).toBeVisible();
  await expect(proof.getByText(t('bike.proofNone'))).toHaveCount(0);
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'insured-bike');

  await page.goto('/insurance/self/admin/reports');
  await expect(page).toHaveURL(new RegExp(`/insurance/${partyId}/admin/reports$`));
  await expect(heading(page)).toHaveText(t('reports.title'));
  const year = new Date().toISOString().slice(0, 4);
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel(t('reports.from')).fill(`${year}-01-01`);
  await page.getByLabel(t('reports.to')).fill(today);
  await page.getByRole('button', { name: t('reports.show') }).click();
  await expect(page.getByRole('table', { name: t('reports.backlogCaption') })).toBeVisible();
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'insurer-reports');
  // Issue 27: on a phone no table scrolls in an area a keyboard cannot reach (axe serious).
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByRole('table', { name: t('reports.perMonthCaption') })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: t('reports.downloadCsv') }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`insurance-report-${year}-01-01-${today}.csv`);
  const csvText = await readFile((await csv.path()) ?? '', 'utf8');
  expect(csvText.split('\r\n')[0]).toBe(
    'section,key,thefts,found,payouts,payout_amount_minor_dkk,bikes,recovery_rate',
  );
  expect(csvText).toContain(`total,${year}-01-01..${today},`);
  expect(csvText).toContain('verification,needs_uploads,');

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: t('reports.downloadPdf') }).click();
  const pdf = await readFile((await (await pdfDownload).path()) ?? '');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1')).toMatch(/\/Type \/Page\b/);
});

test('the insurer shows a holder’s national id only after giving a reason', async ({ page }) => {
  const holder = await signUpViaApi(page.request);
  await setName(page.request, holder, 'Nina', 'Nielsen');
  const bike = await registerBikeViaApi(page.request, holder, 'Cpr');
  const { token, partyId } = await actingSession(page.request, DEMO_INSURER_USER, DEMO_INSURER);
  const auth = { Authorization: `Bearer ${holder.token}` };
  const applied = await page.request.post('/api/insurance/policies/', {
    headers: auth,
    data: { insurer_party_id: partyId, coverage: 'bike_theft', number_of_bikes: 1, bike_ids: [bike.bikeId] },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const policyId = (await applied.json()).id as string;
  const checkout = await page.request.put(`/api/insurance/policies/${policyId}/holder-details`, {
    headers: auth,
    data: {
      name: 'Nina Nielsen',
      email: holder.email,
      identitySocialNumber: '010190-1234',
      streetAddress: 'Holdervej 1',
      city: 'Odense',
      zipCode: '5000',
      mobilePhone: '+4520000001',
      bankRegister: '1234',
      bankAccount: '0012345678',
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);

  await signInBrowser(page, token);
  await page.goto(`/insurance/${partyId}/admin/policies/${policyId}/bikes/${bike.bikeId}`);
  const card = page.getByRole('region', { name: t('holder.title') });
  const number = card.getByTestId('holder-national-id');
  await expect(number).toHaveText('******-1234');
  await card.getByRole('button', { name: t('holder.show') }).click();
  const reason = card.getByRole('textbox', { name: t('holder.reason') });
  await card.getByRole('button', { name: t('holder.confirm') }).click();
  await expect(card.getByText(text('da', 'common', 'validation.required'))).toBeVisible();
  await expect(number).toHaveText('******-1234');
  await reason.fill('Premium collection failed');
  await card.getByRole('button', { name: t('holder.confirm') }).click();
  await expect(number).toHaveText('0101901234');
  await expect(card.getByText(t('holder.revealedNote'))).toBeVisible();
});
