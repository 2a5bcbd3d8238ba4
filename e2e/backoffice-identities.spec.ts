import type { Page } from '@playwright/test';
import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { demoSessionToken } from './support/organisations.ts';
import { text } from './support/texts.ts';

/*
 * Staff work on one person (issue 17 §1): the demo admin finds a person, opens their page (bikes,
 * sessions, audit trail), corrects their town with a reason, blocks the account with a reason, and
 * the person is told at sign-in that the account is blocked.
 */

const t = (namespace: string, key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (message, [name, value]) => message.replaceAll(`{{${name}}}`, value),
    text('da', namespace, key),
  );

const STAFF_EMAIL = 'staff@demo.cykelregister.dk';

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

test('staff open a person, correct their details and block them; the person cannot sign in', async ({
  page,
}) => {
  const person = await signUpViaApi(page.request);
  await registerBikeViaApi(page.request, person, 'Den blå');
  await signInBrowser(page, await demoSessionToken(page.request, STAFF_EMAIL));

  // The start page counts what waits; the people search leads to the person's page.
  await page.goto('/backoffice');
  const dashboard = page.getByRole('region', { name: t('backoffice', 'dashboard.title') });
  await expect(
    dashboard.getByRole('link', { name: t('backoffice', 'dashboard.queues.ownership_verifications') }),
  ).toBeVisible();
  await expect(dashboard.getByText(t('backoffice', 'dashboard.queues.orders_to_pack'))).toBeVisible();
  await page
    .getByRole('navigation', { name: t('backoffice', 'layout.navigation') })
    .getByRole('link', { name: t('backoffice', 'layout.identities') })
    .click();
  await page.getByRole('searchbox', { name: t('backoffice', 'identities.searchLabel') }).fill(person.email);
  // Other journeys' people may match while the search narrows: pick the row with this address.
  await page
    .getByRole('list', { name: t('backoffice', 'identities.resultsLabel') })
    .getByRole('listitem')
    .filter({ hasText: person.email })
    .getByRole('link', { name: t('backoffice', 'identities.unnamed') })
    .click();

  await expect(heading(page)).toHaveText(t('backoffice', 'identities.unnamed'));
  await expect(page.getByText(person.email).first()).toBeVisible();
  await expect(page.getByText('Den blå')).toBeVisible();
  await expect(page.getByRole('heading', { name: t('backoffice', 'person.trailTitle') })).toBeVisible();
  await expectNoA11yViolations(page);

  // Correct the town: the save asks for a reason, and the audit trail shows it afterwards.
  const details = page.locator('#edit');
  await details.getByLabel(t('backoffice', 'person.fields.city'), { exact: true }).fill('Odense');
  await details.getByRole('button', { name: t('backoffice', 'person.save') }).click();
  await expect(details.getByText(text('da', 'common', 'validation.required'))).toBeVisible();
  await details.getByLabel(t('backoffice', 'reason.label'), { exact: true }).fill('Sag #88: flyttet');
  await details.getByRole('button', { name: t('backoffice', 'person.save') }).click();
  await expect(details.getByText(t('backoffice', 'person.saved'))).toBeVisible();
  await expect(
    page
      .locator('#audit-trail')
      .getByText(t('backoffice', 'person.trailReason', { reason: 'Sag #88: flyttet' })),
  ).toBeVisible();

  // Block the account, with a reason.
  await page.getByRole('button', { name: t('backoffice', 'person.block') }).click();
  const dialog = page.getByRole('dialog', {
    name: t('backoffice', 'person.blockTitle', { email: person.email }),
  });
  await dialog.getByLabel(t('backoffice', 'reason.label'), { exact: true }).fill('Sag #89: misbrug');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: t('backoffice', 'person.block') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(t('backoffice', 'person.blockedSince', { date: '' }).trim())).toBeVisible();
  await expect(page.getByRole('button', { name: t('backoffice', 'person.unblock') })).toBeVisible();

  // The person tries to sign in and is told why they cannot.
  await page.context().clearCookies();
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  await page.goto('/login');
  await expect(heading(page)).toHaveText(t('auth', 'login.title'));
  await page.getByLabel(t('auth', 'fields.email'), { exact: true }).fill(person.email);
  await page.getByLabel(t('auth', 'fields.password'), { exact: true }).fill(person.password);
  await page.getByRole('button', { name: t('auth', 'login.submit') }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: t('common', 'errors.account_blocked') }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
