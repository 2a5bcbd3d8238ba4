import { uniqueEmail } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { linkTo, relativeLink, waitForMail } from './support/mailbox.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Issue 14.2: signing up and signing in with MitID (dk) or BankID (no) through the built-in test
 * provider. Each test uses a test person no other journey uses, so the runs stay independent.
 */

test('signs up with MitID, then signs in with it', async ({ page, request }) => {
  const email = uniqueEmail('mitid');
  await page.goto('/signup');
  await page
    .getByRole('button', { name: fillText(text('da', 'auth', 'national.signup'), { provider: 'MitID' }) })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test-MitID');
  await page.getByRole('button', { name: 'Log ind som Bent Ågesen' }).click();

  // Back at the register: the provider's name and birth date, and the e-mail still to be given.
  await expect(page).toHaveURL(/\/login\/national-identity\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('da', 'auth', 'national.signupTitle'),
  );
  await expect(page.getByText('Bent Ågesen')).toBeVisible();
  await expect(page.getByText('30. maj 1948')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('textbox', { name: text('da', 'auth', 'fields.email') }).fill(email);
  // react-aria's checkbox input sits under its label: tick it by keyboard, as identity-signup does.
  const accept = page.getByRole('checkbox');
  await accept.focus();
  await accept.press('Space');
  await expect(accept).toBeChecked();
  await page.getByRole('button', { name: text('da', 'auth', 'signup.submit') }).click();

  // "Check your mailbox", as for any address (issue 14): the mailed link opens the account.
  await expect(
    page.getByRole('heading', { name: text('da', 'auth', 'signup.checkMail.title') }),
  ).toBeFocused();
  await expect(page.getByText(email)).toBeVisible();
  // Right after a pending button: the page is checked with react-aria's announcer in it.
  await expectNoA11yViolations(page);
  const mail = await waitForMail(request, email, { linkPath: '/verify-email' });
  await page.goto(relativeLink(linkTo(mail, '/verify-email')));
  // The link signs in, and a sign-up goes on to the newsletter question.
  await expect(page).toHaveURL(/\/signup\/newsletter$/);

  await page.getByRole('button', { name: text('da', 'common', 'shell.signOut') }).click();
  // Signed out once the header offers to sign in again; /login before that would lead back to /app.
  await expect(page.getByRole('link', { name: text('da', 'common', 'shell.signIn') }).first()).toBeVisible();
  await page.goto('/login');
  await page
    .getByRole('button', { name: fillText(text('da', 'auth', 'national.login'), { provider: 'MitID' }) })
    .click();
  await page.getByRole('button', { name: 'Log ind som Bent Ågesen' }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test.describe('in Norwegian', () => {
  test.use({ language: 'no' });

  test('the login page offers BankID, and cancelling it says so calmly', async ({ page }) => {
    await page.goto('/login');
    await page
      .getByRole('button', { name: fillText(text('no', 'auth', 'national.login'), { provider: 'BankID' }) })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test-BankID');
    await page.getByRole('button', { name: 'Avbryt og gå tilbake' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('no', 'auth', 'national.cancelledTitle'),
    );
    await expectNoA11yViolations(page);
  });
});
