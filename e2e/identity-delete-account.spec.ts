import type { Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { tick } from './support/forms.ts';
import { APP_STORAGE_KEYS } from './support/storage-keys.ts';
import { LANGUAGES, text } from './support/texts.ts';

/*
 * Issue 2 §6, journey 3: delete the account through the danger zone and the four confirmations of
 * SPEC §5, proven with the password (issue 14: a stolen session alone must not erase an account);
 * afterwards the login fails and nothing of the account is left in the browser.
 */

const CONFIRMATIONS = [
  'confirm_data_copy',
  'confirm_legal_retention',
  'confirm_insurance_consequences',
  'confirm_permanent',
] as const;

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

for (const language of LANGUAGES) {
  test.describe(`account deletion in ${language}`, () => {
    test.use({ language });
    const t = (namespace: string, key: string) => text(language, namespace, key);

    // Danish at phone width, English and Norwegian on a desktop: each language once, both layouts.
    const phone = language === 'da' ? ' @phone' : '';
    test(`delete the account, then it cannot log in${phone}`, async ({ page }) => {
      test.slow();
      const account = await signedInUser(page, { language });

      // Settings → the danger zone → what deleting means.
      await page.goto('/app/settings');
      await expect(heading(page)).toHaveText(t('settings', 'title'));
      await page.getByRole('link', { name: t('settings', 'danger.link') }).click();
      await expect(page).toHaveURL(/\/app\/settings\/caution$/);
      await expect(heading(page)).toHaveText(t('settings', 'caution.title'));
      await expect(page.getByText(t('settings', 'caution.kept'))).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole('link', { name: t('settings', 'caution.continue') }).click();

      // The four confirmations are all required.
      await expect(page).toHaveURL(/\/app\/settings\/delete-user$/);
      await expect(heading(page)).toHaveText(t('settings', 'deleteUser.title'));
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: t('settings', 'deleteUser.submit') }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: t('common', 'messages.confirmTerms') }),
      ).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // A copy of the data can be taken right where the first confirmation asks about it.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: t('settings', 'data.download') }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.json$/);

      for (const key of CONFIRMATIONS.slice(0, 3)) {
        await tick(page.getByRole('checkbox', { name: t('settings', `deleteUser.${key}`) }));
      }
      await page.getByRole('button', { name: t('settings', 'deleteUser.submit') }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await tick(page.getByRole('checkbox', { name: t('settings', 'deleteUser.confirm_permanent') }));

      // The password proves it is the person: without it nothing is asked.
      await page.getByRole('button', { name: t('settings', 'deleteUser.submit') }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const password = page.getByLabel(t('settings', 'deleteUser.password'), { exact: true });
      await password.fill('not-my-password-1');

      // A last question; cancelling it changes nothing.
      await page.getByRole('button', { name: t('settings', 'deleteUser.submit') }).click();
      const dialog = page.getByRole('alertdialog', { name: t('settings', 'deleteUser.dialogTitle') });
      await expect(dialog).toBeVisible();
      await expectNoA11yViolations(page);
      await dialog.getByRole('button', { name: t('settings', 'deleteUser.dialogCancel') }).click();
      await expect(dialog).toHaveCount(0);

      // A wrong password is refused, and said so beside the field; the account stays.
      await page.getByRole('button', { name: t('settings', 'deleteUser.submit') }).click();
      await dialog.getByRole('button', { name: t('settings', 'deleteUser.dialogConfirm') }).click();
      await expect(dialog).toHaveCount(0);
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: t('common', 'errors.wrong_password') })
          .first(),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/app\/settings\/delete-user$/);

      await password.fill(account.password);
      await page.getByRole('button', { name: t('settings', 'deleteUser.submit') }).click();
      await dialog.getByRole('button', { name: t('settings', 'deleteUser.dialogConfirm') }).click();

      // The farewell page of the app (issue 30 §3: it could never show), reachable without a
      // session, also when opened again; the browser holds nothing of the account.
      await expect(heading(page)).toHaveText(t('settings', 'deleted.title'));
      await expect(page).toHaveURL(/\/app\/settings\/delete-completed$/);
      await expect(page.getByText(t('settings', 'deleted.kept'))).toBeVisible();
      expect(await page.evaluate((key) => localStorage.getItem(key), APP_STORAGE_KEYS.token)).toBeNull();
      await expectNoA11yViolations(page);
      await page.reload();
      await expect(page).toHaveURL(/\/app\/settings\/delete-completed$/);
      await expect(heading(page)).toHaveText(t('settings', 'deleted.title'));

      // The old token is dead and the login fails.
      const me = await page.request.get('/api/identities/me', {
        headers: { Authorization: `Bearer ${account.token}` },
      });
      expect(me.status()).toBe(401);
      await page.goto('/login');
      await page.getByLabel(t('auth', 'fields.email'), { exact: true }).fill(account.email);
      await page.getByLabel(t('auth', 'fields.password'), { exact: true }).fill(account.password);
      await page.getByRole('button', { name: t('auth', 'login.submit') }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: t('common', 'errors.invalid_credentials') }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });
  });
}
