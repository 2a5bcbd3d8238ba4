import type { Page } from '@playwright/test';
import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { applyForInsuranceViaApi, provePossessionViaApi } from './support/insurance.ts';
import { DEMO_INSURER, DEMO_STAFF_ADMIN, demoInsurerId, demoSessionToken } from './support/organisations.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { escapeRegExp, fillText, text } from './support/texts.ts';

/*
 * Issue 30 §3: the v2 queue of insured bikes waiting for our staff's check
 * (/backoffice/v2/insurance-verification), reached from the operations page: narrowed to one
 * insurer, the bike a holder sent proof for opens at its first step with the registered frame
 * number beside the holder's picture. The whole check is insurance-verification.spec.ts's journey.
 */

const bo = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'backoffice', key), values);
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('staff open a waiting insured bike from the v2 queue, narrowed to its insurer', async ({ page }) => {
  const holder = await signUpViaApi(page.request);
  const nickname = `Forsikret ${Math.random().toString(36).slice(2, 7)}`;
  const bike = await registerBikeViaApi(page.request, holder, nickname);
  const insurerId = await demoInsurerId(page.request);
  const { itemId } = await applyForInsuranceViaApi(page.request, holder, insurerId, bike.bikeId);
  await provePossessionViaApi(page.request, holder, bike.bikeId, itemId);

  await signInBrowser(page, await demoSessionToken(page.request, DEMO_STAFF_ADMIN));
  await page.goto('/backoffice/v2');
  await page
    .getByRole('link', { name: text('da', 'backoffice-ops', 'v2.insuranceVerification.link') })
    .click();
  await expect(page).toHaveURL(/\/backoffice\/v2\/insurance-verification$/);
  await expect(heading(page)).toHaveText(bo('insuranceVerification.titleV2'));
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'v2-queue');

  // One insurer's bikes only; every insurer again is one link away.
  await page.getByRole('link', { name: new RegExp(`^${escapeRegExp(DEMO_INSURER)}: \\d+`) }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/v2/insurance-verification\\?insurer=${insurerId}$`));
  await expect(page.getByRole('link', { name: bo('insuranceVerification.allInsurers') })).toBeVisible();

  // The bike opens at its first step: the frame number in the register beside the holder's upload.
  await page
    .getByRole('link', {
      name: bo('insuranceVerification.checkLabel', { name: `${nickname} (Kildemoes Logic)` }),
    })
    .click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/v2/insurance-verification/${itemId}/frame-number$`));
  await expect(heading(page)).toHaveText(bo('insuranceVerification.stepTitles.frame_number'));
  await expect(page.getByText(bike.frameNumber)).toBeVisible();
  await page.getByRole('button', { name: bo('insuranceVerification.answerYes') }).click();
  await expect(heading(page)).toHaveText(bo('insuranceVerification.stepTitles.plate'));
});
