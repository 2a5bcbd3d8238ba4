import type { Locator, Page } from '@playwright/test';
import { logInViaApi, signedInUser, uniqueEmail } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { linkTo, relativeLink, waitForMail } from './support/mailbox.ts';
import { text } from './support/texts.ts';

/*
 * The settings page beyond the main journey: unsaved changes are neither lost nor silently
 * dropped, a new e-mail address waits for its link (a partial save), the password can be changed,
 * and the newsletter switched off and on.
 */

const t = (namespace: string, key: string) => text('da', namespace, key);

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

function field(page: Page, key: string): Locator {
  return page.getByLabel(t('settings', key), { exact: true });
}

async function openSettings(page: Page): Promise<void> {
  await page.goto('/app/settings');
  await expect(heading(page)).toHaveText(t('settings', 'title'));
  await expect(field(page, 'personal.firstName')).toBeVisible();
}

test('unsaved changes ask before leaving and survive as a draft', async ({ page }) => {
  await signedInUser(page);
  await openSettings(page);
  const overview = page
    .getByRole('navigation', { name: t('common', 'shell.appNavigation') })
    .getByRole('link', {
      name: t('common', 'nav.home'),
    });

  await field(page, 'personal.firstName').fill('Kladde');
  await overview.click();
  const dialog = page.getByRole('dialog', { name: t('settings', 'leave.title') });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: t('settings', 'leave.stay') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(field(page, 'personal.firstName')).toHaveValue('Kladde');

  await overview.click();
  await dialog.getByRole('button', { name: t('settings', 'leave.leave') }).click();
  await expect(page).toHaveURL(/\/app$/);

  // Back again: the draft is restored and can be thrown away.
  await openSettings(page);
  await expect(page.getByText(t('settings', 'save.draftRestored'))).toBeVisible();
  await expect(field(page, 'personal.firstName')).toHaveValue('Kladde');
  await page.getByRole('button', { name: t('settings', 'save.discardDraft') }).click();
  await expect(field(page, 'personal.firstName')).toHaveValue('');
  await page.reload();
  await expect(field(page, 'personal.firstName')).toHaveValue('');
  await expect(page.getByText(t('settings', 'save.draftRestored'))).toHaveCount(0);
});

test('a new e-mail address is saved partly until its link is followed', async ({ page }) => {
  const account = await signedInUser(page);
  const newEmail = uniqueEmail('changed');
  await openSettings(page);

  await field(page, 'personal.email').fill(newEmail);
  await field(page, 'personal.mobile').fill('+45 12 34 56 78');
  await page.getByRole('button', { name: t('settings', 'save.submit') }).click();
  await expect(page.getByText(t('settings', 'save.partialTitle'))).toBeVisible();
  // The address in the form stays the confirmed one; the notice names the new one.
  await expect(field(page, 'personal.email')).toHaveValue(account.email);
  await expect(field(page, 'personal.mobile')).toHaveValue('+4512345678');
  await expect(page.getByText(t('settings', 'pendingEmail.title'), { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  const mail = await waitForMail(page.request, newEmail, { linkPath: '/verify-email' });
  await page.goto(relativeLink(linkTo(mail, '/verify-email')));
  await expect(heading(page)).toHaveText(t('auth', 'verifyEmail.changedTitle'));
  await expect(page.getByText(newEmail)).toBeVisible();
  await expectNoA11yViolations(page);

  await openSettings(page);
  await expect(field(page, 'personal.email')).toHaveValue(newEmail);
  await expect(page.getByText(t('settings', 'pendingEmail.title'), { exact: true })).toHaveCount(0);
  expect(await logInViaApi(page.request, newEmail, account.password)).toBeTruthy();
});

test('the password is changed with the current one, and other sessions end', async ({ page }) => {
  const account = await signedInUser(page);
  const otherDevice = await logInViaApi(page.request, account.email, account.password);
  await openSettings(page);
  const section = page.getByRole('region', { name: t('settings', 'password.title') });
  const submit = section.getByRole('button', { name: t('settings', 'password.submit') });

  await section.getByLabel(t('settings', 'password.current'), { exact: true }).fill('not-my-password');
  await section.getByLabel(t('settings', 'password.new'), { exact: true }).fill('Pedal-Lamp-Bell-2026');
  await section.getByLabel(t('settings', 'password.repeat'), { exact: true }).fill('Pedal-Lamp-Bell-2026');
  await submit.click();
  await expect(
    section.getByRole('alert').filter({ hasText: t('settings', 'password.wrongCurrent') }),
  ).toBeVisible();

  await section.getByLabel(t('settings', 'password.current'), { exact: true }).fill(account.password);
  await submit.click();
  await expect(section.getByText(t('settings', 'password.changed'))).toBeVisible();

  // This browser carries on; the other device is signed out; the new password works.
  await page.reload();
  await expect(heading(page)).toHaveText(t('settings', 'title'));
  const stale = await page.request.get('/api/identities/me', {
    headers: { Authorization: `Bearer ${otherDevice}` },
  });
  expect(stale.status()).toBe(401);
  expect(await logInViaApi(page.request, account.email, 'Pedal-Lamp-Bell-2026')).toBeTruthy();
});

test('the newsletter can be switched on and off', async ({ page }) => {
  await signedInUser(page);
  await openSettings(page);
  const box = page.getByRole('checkbox', { name: t('settings', 'consents.newsletter') });
  await expect(box).not.toBeChecked();
  await box.focus();
  await box.press('Space');
  await expect(page.getByText(t('settings', 'consents.granted'))).toBeVisible();
  // The box keeps keyboard focus while it saves, so the user does not lose their place.
  await expect(box).toBeFocused();
  await page.reload();
  await expect(box).toBeChecked();
  await box.focus();
  await box.press('Space');
  await expect(page.getByText(t('settings', 'consents.revoked'))).toBeVisible();
  await page.reload();
  await expect(box).not.toBeChecked();
});
