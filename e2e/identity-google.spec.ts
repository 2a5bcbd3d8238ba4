import type { Page } from '@playwright/test';
import { type Language, signUpViaApi, uniqueEmail } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { text } from './support/texts.ts';

/*
 * Issue 3 §2 and §4: Google sign-in through the built-in test issuer, the way a person goes
 * through it — the button, Google's (test) account chooser, back to the app.
 */

const language: Language = 'en';
const t = (namespace: string, key: string) => text(language, namespace, key);

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** On the test issuer's page: enters an account that is not one of the three offered. */
async function chooseOtherGoogleAccount(page: Page, name: string, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/dev\/google\/authorize\?/);
  await expect(page.getByText('TEST Google sign-in.')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function signOut(page: Page): Promise<void> {
  const name = t('common', 'shell.signOut');
  const inHeader = page.getByRole('banner').getByRole('button', { name });
  if (await inHeader.isVisible()) {
    await inHeader.click();
  } else {
    await page.getByRole('button', { name: t('common', 'shell.openMenu') }).click();
    await page.getByRole('dialog').getByRole('button', { name }).click();
  }
  await expect(page).toHaveURL(/\/$/);
}

test.describe('Google sign-in', () => {
  test.use({ language });

  test('sign up with Google, log out, log in with Google @phone', async ({ page }) => {
    test.slow();
    const email = uniqueEmail('google');
    const google = page.getByRole('button', { name: t('auth', 'google.continue') });

    await page.goto('/signup');
    await expect(heading(page)).toHaveText(t('auth', 'signup.title'));
    await expect(google).toBeVisible();
    await expectNoA11yViolations(page);
    await google.click();

    // Google's (test) account chooser: clearly marked, and itself accessible.
    await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    await expectNoA11yViolations(page);
    await chooseOtherGoogleAccount(page, 'Sigrid Dahl', email);

    // Back on /signup, the account is made and the new user lands where every new user lands.
    await expect(page).toHaveURL(/\/signup\/newsletter$/);
    await expect(heading(page)).toHaveText(t('auth', 'newsletter.title'));
    // The token never stays in the address bar.
    expect(new URL(page.url()).hash).toBe('');
    await page.getByRole('button', { name: t('auth', 'newsletter.no') }).click();
    await expect(page).toHaveURL(/\/app$/);

    // The profile holds what Google told: the name, and the address as confirmed.
    await page.goto('/app/settings');
    await expect(page.getByLabel(t('settings', 'personal.firstName'), { exact: true })).toHaveValue('Sigrid');
    await expect(page.getByLabel(t('settings', 'personal.lastName'), { exact: true })).toHaveValue('Dahl');

    await signOut(page);

    await page.goto('/login');
    await expect(heading(page)).toHaveText(t('auth', 'login.title'));
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: t('auth', 'google.continue') }).click();
    await chooseOtherGoogleAccount(page, 'Sigrid Dahl', email);
    await expect(page).toHaveURL(/\/app$/);
    expect(new URL(page.url()).hash).toBe('');
  });

  test('log in with a Google account that has no account here, and create it from there', async ({
    page,
  }) => {
    const email = uniqueEmail('unknown-google');
    await page.goto('/login');
    await page.getByRole('button', { name: t('auth', 'google.continue') }).click();
    await chooseOtherGoogleAccount(page, 'Nobody Here', email);

    await expect(page).toHaveURL(/\/login$/);
    const notFound = page
      .getByRole('status')
      .filter({ hasText: `No account uses the Google account ${email} yet.` });
    await expect(notFound).toBeVisible();
    await expect(notFound).toBeFocused();
    await expectNoA11yViolations(page);
    // No second trip to Google: the answer in hand creates the account (terms accepted, as on /signup).
    await expect(notFound.getByRole('link', { name: /privacy policy/i })).toBeVisible();
    await notFound.getByRole('button', { name: 'Create an account with Google' }).click();
    await expect(page).toHaveURL(/\/signup\/newsletter/);
  });

  test('an account Google is not authoritative for asks for the password @phone', async ({ page }) => {
    // A password account on a domain Google does not run: a Google account with that address
    // proves nothing about who holds the account.
    const account = await signUpViaApi(page.request, { language });

    await page.goto('/login');
    await page.getByRole('button', { name: t('auth', 'google.continue') }).click();
    await chooseOtherGoogleAccount(page, 'Someone Else', account.email);
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('alert').filter({ hasText: t('common', 'errors.google_link_requires_password') }),
    ).toBeVisible();
    // The password form is ready: the address filled in, the focus on the password.
    await expect(page.getByLabel(t('auth', 'fields.email'))).toHaveValue(account.email);
    const password = page.getByLabel(t('auth', 'fields.password'), { exact: true });
    await expect(password).toBeFocused();
    await expectNoA11yViolations(page);
    await password.fill(account.password);
    await page.getByRole('button', { name: t('auth', 'login.submit') }).click();
    await expect(page).toHaveURL(/\/app$/);

    // On /signup the same answer offers the way to log in.
    await signOut(page);
    await page.goto('/signup');
    await page.getByRole('button', { name: t('auth', 'google.continue') }).click();
    await chooseOtherGoogleAccount(page, 'Someone Else', account.email);
    await expect(page).toHaveURL(/\/signup$/);
    const refused = page
      .getByRole('alert')
      .filter({ hasText: t('common', 'errors.google_link_requires_password') });
    await expect(refused).toBeFocused();
    await expectNoA11yViolations(page);
    await refused.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a Gmail address links the existing account and signs it in', async ({ page }) => {
    const email = uniqueEmail('gmail').replace(/@.*$/, '@gmail.com');
    await signUpViaApi(page.request, { language, email });
    await page.goto('/login');
    await page.getByRole('button', { name: t('auth', 'google.continue') }).click();
    await chooseOtherGoogleAccount(page, 'Sigrid Dahl', email);
    await expect(page).toHaveURL(/\/app$/);
    await page.goto('/app/settings');
    await expect(page.getByText(email).first()).toBeVisible();
  });

  test('cancel on Google’s page comes back to the login page with a note', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: t('auth', 'google.continue') }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: t('auth', 'google.cancelled') })).toBeVisible();
    // A forged answer (no journey of this tab started it) signs nobody in.
    await page.goto('/');
    await page.goto('/login#id_token=eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.&state=forged');
    await expect(
      page.getByRole('alert').filter({ hasText: t('common', 'errors.google_token_invalid') }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
