import type { Page } from '@playwright/test';
import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { applyForInsuranceViaApi, provePossessionViaApi } from './support/insurance.ts';
import { actingSession, DEMO_INSURER, DEMO_INSURER_USER, demoSessionToken } from './support/organisations.ts';
import { secondBrowser, setName } from './support/people.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Issue 16 §6, SPEC §6 style: one insured bike through all three audiences. A person applies, the
 * insurer accepts in its admin, the holder sees the policy active and the proof still wanted, sends
 * the proof, our staff approve it, and the insurer sees the bike verified. Only the hand-offs each
 * audience sees are done on the screens; the application, the uploads and staff's step answers go
 * through the API (their screens have journeys of their own: insurance-signup, -verification).
 */

const STAFF_EMAIL = 'staff@demo.cykelregister.dk';
const t = (namespace: string, key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', namespace, key), values);
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a person applies, the insurer accepts, the holder proves possession, our staff verify, the insurer sees it verified', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const request = page.request;
  const holder = await signUpViaApi(request);
  await setName(request, holder, 'Tove', 'Tre');
  const bike = await registerBikeViaApi(
    request,
    holder,
    `Tre parter ${Math.random().toString(36).slice(2, 7)}`,
  );
  const insurer = await actingSession(request, DEMO_INSURER_USER, DEMO_INSURER);
  const { policyId, itemId } = await applyForInsuranceViaApi(request, holder, insurer.partyId, bike.bikeId);

  // The insurer finds the application and accepts it with its number.
  await signInBrowser(page, insurer.token);
  await page.goto(`/insurance/${insurer.partyId}/admin`);
  const policies = page.getByRole('region', { name: t('insurer-admin', 'policies.title') });
  await policies.getByRole('searchbox', { name: t('insurer-admin', 'policies.search') }).fill(holder.email);
  const row = policies.getByRole('row').filter({ hasText: holder.email });
  await row
    .getByRole('button', { name: t('insurer-admin', 'policies.formTitle.accept', { holder: 'Tove Tre' }) })
    .click();
  const policyNumber = `TRE-${Date.now().toString(36)}`;
  await row.getByRole('textbox', { name: t('insurer-admin', 'policies.policyNumber') }).fill(policyNumber);
  await row.getByRole('button', { name: t('insurer-admin', 'policies.confirm.accept') }).click();
  await expect(row).toContainText(t('insurer-admin', 'policies.status.active'));

  // The holder sees the policy active, and that the bike still needs its proof.
  const holderPage = await secondBrowser(browser, testInfo.project.use);
  await signInBrowser(holderPage, holder.token);
  await holderPage.goto(`/insurance/${insurer.partyId}/policy/${policyId}/hub`);
  await expect(heading(holderPage)).toHaveText(t('insurance-hub', 'hub.title', { insurer: DEMO_INSURER }));
  await expect(holderPage.getByText(policyNumber)).toBeVisible();
  await expect(
    holderPage.getByText(t('insurance-hub', 'status.needs_uploads'), { exact: true }),
  ).toBeVisible();
  await provePossessionViaApi(request, holder, bike.bikeId, itemId);
  await holderPage.reload();
  await expect(holderPage.getByText(t('insurance-hub', 'status.pending'), { exact: true })).toBeVisible();

  // Our staff find it in the insurer's queue and approve it.
  const staff = await secondBrowser(browser, testInfo.project.use);
  const staffToken = await demoSessionToken(staff.request, STAFF_EMAIL);
  await signInBrowser(staff, staffToken);
  await staff.goto(`/backoffice/insurance-verification/${insurer.partyId}`);
  const name = `${bike.nickname} (Kildemoes Logic)`;
  await expect(
    staff.getByRole('link', { name: t('backoffice', 'insuranceVerification.checkLabel', { name }) }),
  ).toBeVisible();
  const answered = await staff.request.put(`/api/backoffice/insurance-verifications/${itemId}/steps`, {
    headers: { Authorization: `Bearer ${staffToken}` },
    data: { frame_number: true, plate: true, receipt: true },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  await staff.goto(`/backoffice/v2/insurance-verification/${itemId}/summary`);
  await expect(heading(staff)).toHaveText(t('backoffice', 'insuranceVerification.summaryTitle'));
  await staff.getByRole('button', { name: t('backoffice', 'insuranceVerification.approve') }).click();
  await expect(staff.getByText(t('backoffice', 'insuranceVerification.closed.verified'))).toBeVisible();
  await staff.context().close();

  // The holder and the insurer see the bike verified.
  await holderPage.reload();
  await expect(holderPage.getByText(t('insurance-hub', 'status.verified'), { exact: true })).toBeVisible();
  await holderPage.context().close();
  await page.goto(`/insurance/${insurer.partyId}/admin/policies/${policyId}/bikes/${bike.bikeId}`);
  await expect(
    page
      .getByRole('region', { name: t('insurer-admin', 'bike.policyTitle') })
      .getByText(t('insurer-admin', 'bike.verificationStatus.verified'), { exact: true }),
  ).toBeVisible();
});
