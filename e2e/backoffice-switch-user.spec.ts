import type { Page } from '@playwright/test';
import { logInViaApi, signedInUser, signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { DEMO_PASSWORD } from './support/organisations.ts';
import { text } from './support/texts.ts';

/*
 * Staff help a user from inside their account: the demo admin finds a freshly signed-up person in
 * the backoffice, switches into the account, sees the banner and the person's settings, is refused
 * what only the person may do, and switches back to their own session.
 */

const t = (namespace: string, key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (message, [name, value]) => message.replaceAll(`{{${name}}}`, value),
    text('da', namespace, key),
  );

const STAFF_EMAIL = 'staff@demo.cykelregister.dk';
const SUPPORT_EMAIL = 'support@demo.cykelregister.dk';

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

function banner(page: Page) {
  return page.getByRole('status').filter({ hasText: t('common', 'switchUser.switchBack') });
}

test('staff find a user, switch into the account, are not offered what only the person may do, and switch back', async ({
  page,
}) => {
  // A long journey with six accessibility checks: in the full run under load it took 60 s (the default).
  test.setTimeout(120_000);
  const person = await signUpViaApi(page.request);
  // Signed in through the API: this journey is about the backoffice, not the login screen.
  await signInBrowser(page, await logInViaApi(page.request, STAFF_EMAIL, DEMO_PASSWORD));
  await page.goto('/app');

  // The sidebar offers the backoffice to staff; its start page leads to the people search.
  await page
    .getByRole('navigation', { name: t('common', 'shell.appNavigation') })
    .getByRole('link', { name: t('common', 'nav.backoffice') })
    .click();
  await expect(heading(page)).toHaveText(t('backoffice', 'home.title'));
  await expect(page.getByText(t('backoffice', 'home.roleAdmin'))).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: t('backoffice', 'home.identitiesLink') }).click();
  await expect(heading(page)).toHaveText(t('backoffice', 'identities.title'));

  const search = page.getByRole('searchbox', { name: t('backoffice', 'identities.searchLabel') });
  await search.fill(person.email.slice(0, 20).toUpperCase());
  const results = page.getByRole('list', { name: t('backoffice', 'identities.resultsLabel') });
  const switchButton = results.getByRole('button', {
    name: t('backoffice', 'identities.switchLabel', { email: person.email }),
  });
  await expect(switchButton).toBeVisible();
  await expect(page).toHaveURL(/query=/);
  await expectNoA11yViolations(page);

  // Switching asks why; the reason goes into the audit trail and the person's access log.
  await switchButton.click();
  const reasonDialog = page.getByRole('dialog', {
    name: t('backoffice', 'identities.switchTitle', { email: person.email }),
  });
  await reasonDialog.getByRole('button', { name: t('backoffice', 'identities.switch') }).click();
  await expect(reasonDialog.getByText(text('da', 'common', 'validation.required'))).toBeVisible();
  await reasonDialog.getByLabel(t('backoffice', 'reason.label')).fill('Sag #4711: kan ikke tilføje cykel');
  await expectNoA11yViolations(page);
  await reasonDialog.getByRole('button', { name: t('backoffice', 'identities.switch') }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(banner(page)).toContainText(t('common', 'switchUser.banner', { email: person.email }));
  await expectNoA11yViolations(page);
  // A switched session gets no backoffice, even though the staff member behind it has one.
  await expect(page.getByRole('link', { name: t('common', 'nav.backoffice') })).toHaveCount(0);

  await page.goto('/app/settings');
  await expect(heading(page)).toHaveText(t('settings', 'title'));
  await expect(banner(page)).toBeVisible();
  // What the API refuses staff is not offered: the e-mail is shown but cannot be edited, the
  // password form, the data export and the way to deletion give way to a note.
  const note = t('common', 'switchUser.unavailable');
  const email = page.getByLabel(t('settings', 'personal.email'), { exact: true });
  await expect(email).toHaveValue(person.email);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(page.getByRole('form', { name: t('settings', 'password.title') })).toHaveCount(0);
  await expect(page.getByLabel(t('settings', 'password.current'), { exact: true })).toHaveCount(0);
  await expect(page.locator('#password').getByText(note)).toBeVisible();
  await expect(page.locator('#danger').getByText(note)).toBeVisible();
  await expect(page.getByRole('link', { name: t('settings', 'danger.link') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('settings', 'data.download') })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The banner sticks to the top while the page scrolls, above the header's controls.
  await page.locator('#danger').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await expect(
    banner(page).getByRole('button', { name: t('common', 'switchUser.switchBack') }),
  ).toBeInViewport();
  const bannerBox = await banner(page).boundingBox();
  const headerBox = await page.locator('header').first().boundingBox();
  expect(bannerBox!.y).toBeGreaterThanOrEqual(-1);
  expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(headerBox!.y + 1);
  await expect(page.getByRole('button', { name: t('common', 'shell.signOut') }).first()).toBeInViewport();

  // Typed-in addresses of the danger zone say the same instead of offering the deletion.
  await page.goto('/app/settings/delete-user');
  await expect(heading(page)).toHaveText(t('settings', 'deleteUser.title'));
  await expect(page.getByText(note)).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.goto('/app/settings/caution');
  await expect(page.getByText(note)).toBeVisible();
  await expect(page.getByRole('link', { name: t('settings', 'caution.continue') })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await banner(page)
    .getByRole('button', { name: t('common', 'switchUser.switchBack') })
    .click();
  // Back on the person's page, where the work on them goes on.
  await expect(page).toHaveURL(new RegExp(`/backoffice/identities/${await partyIdOf(page, person.token)}$`));
  await expect(page.getByText(person.email).first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: t('backoffice', 'layout.navigation') })).toBeVisible();

  // Back as staff: the person's password was never changed.
  expect(await logInViaApi(page.request, person.email, person.password)).toBeTruthy();
});

test('a signed-in user without a staff role sees that the backoffice is not theirs', async ({ page }) => {
  await signedInUser(page);
  await page.goto('/backoffice/identities');
  await expect(heading(page)).toHaveText(t('backoffice', 'noAccess.title'));
  await expect(page.getByText(t('backoffice', 'noAccess.body'))).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('a visitor opening the backoffice is sent to log in', async ({ page }) => {
  await page.goto('/backoffice');
  await expect(page).toHaveURL(/\/login$/);
});

test('the switch banner fits a phone screen above the header, with its way back @phone', async ({ page }) => {
  const person = await signUpViaApi(page.request);
  const staffToken = await logInViaApi(page.request, SUPPORT_EMAIL, DEMO_PASSWORD);
  const response = await page.request.post(
    `/api/identities/switch-user/${await partyIdOf(page, person.token)}`,
    { headers: { authorization: `Bearer ${staffToken}` }, data: { reason: 'Ticket #42: phone layout' } },
  );
  expect(response.status()).toBe(200);
  const { authentication_token: switched } = (await response.json()) as { authentication_token: string };
  await signInBrowser(page, switched);

  await page.goto('/app');
  const shown = banner(page);
  await expect(shown).toContainText(t('common', 'switchUser.banner', { email: person.email }));
  const box = await shown.boundingBox();
  const header = await page.locator('header').first().boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(header).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 1);
  expect(box!.y + box!.height).toBeLessThanOrEqual(header!.y + 1);
  await expect(shown.getByRole('button', { name: t('common', 'switchUser.switchBack') })).toBeInViewport();
  await expectNoA11yViolations(page);

  // Scrolled down a long page, the banner and the header's menu are still there, the page still
  // fits the width, and the password section says why it has no form.
  await page.goto('/app/settings');
  await expect(page.locator('#password').getByText(t('common', 'switchUser.unavailable'))).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await expect(shown.getByRole('button', { name: t('common', 'switchUser.switchBack') })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // The account menu (a drawer on a phone, the sidebar on a desktop) says it is staff in the account.
  const staffLine = t('common', 'shell.signedInAsStaff', { email: person.email });
  const menuButton = page.getByRole('button', { name: t('common', 'shell.openMenu') });
  if (await menuButton.isVisible()) {
    await expect(menuButton).toBeInViewport();
    await menuButton.click();
    await expect(page.getByRole('dialog').getByText(staffLine)).toBeVisible();
    await page.keyboard.press('Escape');
  } else {
    await expect(page.getByRole('navigation', { name: t('common', 'shell.appNavigation') })).toContainText(
      staffLine,
    );
  }

  await shown.getByRole('button', { name: t('common', 'switchUser.switchBack') }).click();
  // The way back leads to the person's page in the backoffice.
  await expect(page).toHaveURL(new RegExp(`/backoffice/identities/${await partyIdOf(page, person.token)}$`));
  await expect(page.getByText(person.email).first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

async function partyIdOf(page: Page, token: string): Promise<string> {
  const response = await page.request.get('/api/identities/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { identity_party_id: string }).identity_party_id;
}
