import type { Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { applyForInsuranceViaApi } from './support/insurance.ts';
import { DEMO_INSURER, demoInsurerId } from './support/organisations.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Issue 30 §3: /insurance/{insurerPartyId}/policy, a person's policies at one insurer, on the phone
 * the person applied on. From the app's menu (Insurances shows: the person has a policy, and the
 * demo insurer offers covers in Denmark) to the insurance page, the policies at the demo insurer
 * with the application sent through the API, and the policy itself.
 */

const ins = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'insurance', key), values);
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a person finds their policy at one insurer from the menu and opens it @phone', async ({ page }) => {
  const person = await signedInUser(page);
  const bike = await registerBikeViaApi(page.request, person, 'Forsikret pendler');
  const insurerId = await demoInsurerId(page.request);
  const { policyId } = await applyForInsuranceViaApi(page.request, person, insurerId, bike.bikeId);

  await page.goto('/app');
  await expect(heading(page)).toBeVisible();
  await page.getByRole('button', { name: text('da', 'common', 'shell.openMenu'), exact: true }).click();
  await page
    .getByRole('navigation', { name: text('da', 'common', 'shell.appNavigation') })
    .getByRole('link', { name: text('da', 'common', 'nav.insurances') })
    .click();
  await expect(heading(page)).toHaveText(ins('home.title'));
  await page.getByRole('link', { name: ins('home.yourPoliciesAt', { insurer: DEMO_INSURER }) }).click();

  // The policies at this insurer: the application, its cover, and a way to apply for more.
  await expect(page).toHaveURL(new RegExp(`/insurance/${insurerId}/policy$`));
  await expect(heading(page)).toHaveText(ins('insurerPolicies.titleAt', { insurer: DEMO_INSURER }));
  await expect(page.getByRole('heading', { name: ins('covers.bike_theft') })).toBeVisible();
  await expect(page.getByRole('link', { name: ins('insurerPolicies.apply') })).toHaveAttribute(
    'href',
    new RegExp(`insurer=${insurerId}`),
  );
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'policies-at-insurer');

  await page.getByRole('link', { name: ins('home.openPolicy') }).click();
  await expect(page).toHaveURL(new RegExp(`/insurance/${insurerId}/policy/${policyId}$`));
  await expect(heading(page)).toHaveText(ins('policy.titleAt', { insurer: DEMO_INSURER }));
});
