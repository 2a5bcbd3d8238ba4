import type { Page } from '@playwright/test';
import { signUpViaApi, TEST_PASSWORD } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { linkTo, readMailbox, relativeLink, waitForMail } from './support/mailbox.ts';
import { LANGUAGES, text } from './support/texts.ts';

/*
 * Issue 2 §6, journey 2: forgot password → the mail → choose a new password → log in with it, while
 * the old password and the used link no longer work.
 */

const NEW_PASSWORD = 'Saddle-Bell-Chain-2026';

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

for (const language of LANGUAGES) {
  test.describe(`password reset in ${language}`, () => {
    test.use({ language });
    const t = (namespace: string, key: string) => text(language, namespace, key);

    async function logIn(page: Page, email: string, password: string): Promise<void> {
      await page.getByLabel(t('auth', 'fields.email'), { exact: true }).fill(email);
      await page.getByLabel(t('auth', 'fields.password'), { exact: true }).fill(password);
      await page.getByRole('button', { name: t('auth', 'login.submit') }).click();
    }

    // Danish at phone width, English and Norwegian on a desktop: each language once, both layouts.
    const phone = language === 'da' ? ' @phone' : '';
    test(`forgot password, reset it from the mail and log in with the new one${phone}`, async ({ page }) => {
      test.slow();
      const account = await signUpViaApi(page.request, { language });

      // From the login page: the typed address goes along to the forgot-password form.
      await page.goto('/login');
      await page.getByLabel(t('auth', 'fields.email'), { exact: true }).fill(account.email);
      await page.getByRole('link', { name: t('auth', 'login.forgotPassword') }).click();
      await expect(heading(page)).toHaveText(t('auth', 'forgotPassword.title'));
      await expect(page.getByLabel(t('auth', 'fields.email'), { exact: true })).toHaveValue(account.email);
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: t('auth', 'forgotPassword.submit') }).click();

      // Check your mail: the address, the spam-filter hint, and a resend that waits its turn.
      await expect(page).toHaveURL(/\/forgot-passw-check-mail$/);
      await expect(heading(page)).toHaveText(t('auth', 'checkMail.title'));
      await expect(page.getByText(account.email)).toBeVisible();
      await expect(page.getByText(t('auth', 'checkMail.noMail'))).toBeVisible();
      await expect(page.getByRole('button', { name: t('auth', 'checkMail.resend') })).toBeDisabled();
      await expectNoA11yViolations(page);

      const mail = await waitForMail(page.request, account.email, { linkPath: '/reset-password' });
      const link = relativeLink(linkTo(mail, '/reset-password'));

      // Choose a new password: the two entries must match.
      await page.goto(link);
      await expect(heading(page)).toHaveText(t('auth', 'resetPassword.title'));
      await expectNoA11yViolations(page);
      await page.getByLabel(t('auth', 'fields.newPassword'), { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel(t('auth', 'fields.newPasswordRepeat'), { exact: true }).fill(`${NEW_PASSWORD}x`);
      await page.getByRole('button', { name: t('auth', 'resetPassword.submit') }).click();
      await expect(page.getByText(t('common', 'validation.passwords_do_not_match'))).toBeVisible();
      await page.getByLabel(t('auth', 'fields.newPasswordRepeat'), { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: t('auth', 'resetPassword.submit') }).click();

      await expect(page).toHaveURL(/\/reset-password-succes$/);
      await expect(heading(page)).toHaveText(t('auth', 'resetSuccess.title'));
      await expectNoA11yViolations(page);

      // The link works once only.
      await page.goto(link);
      await page.getByLabel(t('auth', 'fields.newPassword'), { exact: true }).fill('Another-Pass-2026-x');
      await page
        .getByLabel(t('auth', 'fields.newPasswordRepeat'), { exact: true })
        .fill('Another-Pass-2026-x');
      await page.getByRole('button', { name: t('auth', 'resetPassword.submit') }).click();
      await expect(page.getByText(t('auth', 'resetPassword.failed'))).toBeVisible();
      await expect(page.getByRole('link', { name: t('auth', 'resetPassword.newLink') })).toBeVisible();
      await expectNoA11yViolations(page);

      // The old password is refused; the new one signs in.
      await page.goto('/login');
      await logIn(page, account.email, TEST_PASSWORD);
      await expect(
        page.getByRole('alert').filter({ hasText: t('common', 'errors.invalid_credentials') }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      await page.getByLabel(t('auth', 'fields.password'), { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: t('auth', 'login.submit') }).click();
      await expect(page).toHaveURL(/\/app$/);
    });
  });
}

test.describe('password reset edge cases', () => {
  test('an unknown address gets the same check-mail page and no mail is sent', async ({ page }) => {
    const email = `e2e+nobody-${Date.now()}@example.test`;
    await page.goto('/forgot-password');
    await page.getByLabel(text('da', 'auth', 'fields.email'), { exact: true }).fill(email);
    await page.getByRole('button', { name: text('da', 'auth', 'forgotPassword.submit') }).click();
    await expect(page).toHaveURL(/\/forgot-passw-check-mail$/);
    await expect(page.getByText(email)).toBeVisible();
    expect(await readMailbox(page.request, email)).toHaveLength(0);
  });

  test('the resend button sends the link again after its cooldown', async ({ page }) => {
    const account = await signUpViaApi(page.request);
    await page.clock.install();
    await page.goto('/forgot-password');
    await page.getByLabel(text('da', 'auth', 'fields.email'), { exact: true }).fill(account.email);
    await page.getByRole('button', { name: text('da', 'auth', 'forgotPassword.submit') }).click();
    const first = await waitForMail(page.request, account.email, { linkPath: '/reset-password' });

    const resend = page.getByRole('button', { name: text('da', 'auth', 'checkMail.resend') });
    await expect(resend).toBeDisabled();
    await page.clock.runFor(31_000);
    await expect(resend).toBeEnabled();
    await resend.click();
    await expect(page.getByText(text('da', 'auth', 'checkMail.resent'))).toBeVisible();
    await expect(resend).toBeDisabled();
    const second = await waitForMail(page.request, account.email, {
      linkPath: '/reset-password',
      excluding: [first],
    });
    expect(second.id).not.toBe(first.id);
  });

  test('a reset page opened without its code explains and links to a new request', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(heading(page)).toHaveText(text('da', 'auth', 'resetPassword.missingCodeTitle'));
    await page.getByRole('link', { name: text('da', 'auth', 'resetPassword.newLink') }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('a made-up code shows the reset failure text', async ({ page }) => {
    await page.goto('/reset-password?code=not-a-real-code');
    await page.getByLabel(text('da', 'auth', 'fields.newPassword'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(text('da', 'auth', 'fields.newPasswordRepeat'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: text('da', 'auth', 'resetPassword.submit') }).click();
    await expect(page.getByText('Kunne ikke nulstille adgangskoden')).toBeVisible();
  });
});
