import path from 'node:path';
import type { Page } from '@playwright/test';
import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { actingSession, DEMO_INSURER, DEMO_INSURER_USER, demoSessionToken } from './support/organisations.ts';
import { secondBrowser } from './support/people.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Issue 16 §2 and §5: a holder proves possession of an insured bike from their insurance hub (the
 * bike's details, what to photograph, the uploads, sending it), our staff check it step by step in
 * the backoffice (frame number, plate, receipt, then approve), and the holder sees it approved.
 * Desktop only: the hub's phone layout is tried by insurance-hub-add-bike.spec.ts (@phone), and the
 * backoffice half of this journey is a desk job.
 */

const t = (namespace: string, key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', namespace, key), values);

const STAFF_EMAIL = 'staff@demo.cykelregister.dk';
const FIXTURES = path.join(import.meta.dirname, 'fixtures');

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** Uploads a file into the card of one kind of upload on the possession page. */
async function upload(page: Page, kind: string, file: string) {
  const label = t('insurance-hub', `uploadKinds.${kind}`);
  const card = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) });
  await card.locator('input[type="file"]').setInputFiles(path.join(FIXTURES, file));
  await expect(card.getByText(t('insurance-hub', 'possession.uploaded', { kind: label }))).toBeVisible();
}

test('a holder proves possession of an insured bike, staff check it step by step, and the holder sees it approved', async ({
  page,
  browser,
}, testInfo) => {
  // Two people, four uploads and every step of the check on a busy two-core machine.
  test.setTimeout(150_000);
  const holder = await signUpViaApi(page.request);
  const bike = await registerBikeViaApi(
    page.request,
    holder,
    `Forsikret cykel ${Math.random().toString(36).slice(2, 8)}`,
  );
  const insurer = await actingSession(page.request, DEMO_INSURER_USER, DEMO_INSURER);
  const applied = await page.request.post('/api/insurance/policies/', {
    headers: { Authorization: `Bearer ${holder.token}` },
    data: {
      insurer_party_id: insurer.partyId,
      coverage: 'bike_theft',
      number_of_bikes: 1,
      bike_ids: [bike.bikeId],
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const policyId = ((await applied.json()) as { id: string }).id;
  const name = `${bike.nickname} (Kildemoes Logic)`;

  // The hub: the bike needs its proof and its frame type.
  await signInBrowser(page, holder.token);
  await page.goto(`/insurance/${insurer.partyId}/policy/${policyId}/hub`);
  await expect(heading(page)).toHaveText(t('insurance-hub', 'hub.title', { insurer: DEMO_INSURER }));
  await expect(page.getByText(t('insurance-hub', 'status.needs_uploads'), { exact: true })).toBeVisible();
  await expect(page.getByText(t('insurance-hub', 'details.type'))).toBeVisible();
  await expectNoA11yViolations(page);

  // The bike's details as the policy needs them.
  await page.getByRole('link', { name: t('insurance-hub', 'hub.editLabel', { name }) }).click();
  await expect(heading(page)).toHaveText(t('insurance-hub', 'editBike.title'));
  await expectNoA11yViolations(page);
  await page.getByRole('radio', { name: t('bikes', 'types.unisex') }).check({ force: true });
  await page.getByLabel(fillText(text('da', 'bikes', 'fields.price'), { currency: 'DKK' })).fill('8000');
  await page.getByRole('button', { name: t('common', 'actions.save') }).click();
  await expect(heading(page)).toHaveText(t('insurance-hub', 'hub.title', { insurer: DEMO_INSURER }));
  await expect(page.getByText(t('insurance-hub', 'details.type'))).toHaveCount(0);

  // What to photograph and why, then the uploads.
  await page.getByRole('link', { name: t('insurance-hub', 'hub.proveLabel', { name }) }).click();
  await expect(heading(page)).toHaveText(t('insurance-hub', 'intro.title'));
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: t('insurance-hub', 'intro.start') }).click();
  await expect(heading(page)).toHaveText(t('insurance-hub', 'possession.title'));
  await upload(page, 'main_image', 'bike.png');
  await upload(page, 'frame_number', 'frame-number.jpg');
  await upload(page, 'receipt', 'bike.png');
  await upload(page, 'lock_proof', 'bike.png');
  await expect(page.getByText(t('insurance-hub', 'possession.readyText'))).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: t('insurance-hub', 'possession.send') }).click();
  await expect(page.getByText(t('insurance-hub', 'status.pending'), { exact: true })).toBeVisible();

  // Our staff take it from the backoffice queue, step by step.
  const staff = await secondBrowser(browser, testInfo.project.use);
  await signInBrowser(staff, await demoSessionToken(staff.request, STAFF_EMAIL));
  await staff.goto('/backoffice');
  await staff
    .getByRole('navigation', { name: t('backoffice', 'layout.navigation') })
    .getByRole('link', { name: t('backoffice', 'layout.insuranceVerification') })
    .click();
  await expect(heading(staff)).toHaveText(t('backoffice', 'insuranceVerification.title'));
  await staff.getByRole('link', { name: new RegExp(`^${DEMO_INSURER}: \\d+`) }).click();
  await expect(staff).toHaveURL(new RegExp(`/backoffice/insurance-verification/${insurer.partyId}$`));
  await expectNoA11yViolations(staff);
  await staff
    .getByRole('link', { name: t('backoffice', 'insuranceVerification.checkLabel', { name }) })
    .click();

  await expect(heading(staff)).toHaveText(t('backoffice', 'insuranceVerification.stepTitles.frame_number'));
  await expect(staff.getByText(bike.frameNumber)).toBeVisible();
  await expect(staff.getByRole('img', { name: /stelnummeret/ })).toBeVisible();
  await expectNoA11yViolations(staff);
  await staff.getByRole('button', { name: t('backoffice', 'insuranceVerification.answerYes') }).click();

  await expect(heading(staff)).toHaveText(t('backoffice', 'insuranceVerification.stepTitles.plate'));
  await expect(staff.getByText(bike.plate ?? '')).toBeVisible();
  await staff.getByRole('button', { name: t('backoffice', 'insuranceVerification.answerYes') }).click();

  await expect(heading(staff)).toHaveText(t('backoffice', 'insuranceVerification.stepTitles.receipt'));
  await expect(staff.getByText('8.000 kr.')).toBeVisible();
  await staff.getByRole('button', { name: t('backoffice', 'insuranceVerification.answerYes') }).click();

  await expect(heading(staff)).toHaveText(t('backoffice', 'insuranceVerification.summaryTitle'));
  await expectNoA11yViolations(staff);
  await staff.getByRole('button', { name: t('backoffice', 'insuranceVerification.approve') }).click();
  await expect(staff.getByText(t('backoffice', 'insuranceVerification.closed.verified'))).toBeVisible();
  await staff.context().close();

  // The holder sees the bike approved in the hub.
  await page.goto(`/insurance/${insurer.partyId}/policy/${policyId}/hub`);
  await expect(page.getByText(t('insurance-hub', 'status.verified'), { exact: true })).toBeVisible();
  await expect(page.getByText(t('insurance-hub', 'hub.verifiedText'))).toBeVisible();
});
