import type { Page } from '@playwright/test';
import { type Language, signUpViaApi, TEST_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { tick } from './support/forms.ts';
import { linkTo, relativeLink, waitForMail } from './support/mailbox.ts';
import { APP_STORAGE_KEYS } from './support/storage-keys.ts';
import { HTML_LANG, LANGUAGES, text } from './support/texts.ts';

/*
 * Issue 2 §6, journey 1, as a new user meets it in each language: sign up → "check your mailbox"
 * → follow the mailed link, which signs in → newsletter → log out → log in → edit the address →
 * switch language → log out.
 */

/** The other language the journey switches to, so the UI visibly changes. */
const SWITCH_TO: Record<Language, Language> = { da: 'en', en: 'no', no: 'da' };

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** Signs out the way a person does: the header button, or the menu on a narrow screen. */
async function signOut(page: Page, language: Language): Promise<void> {
  const name = text(language, 'common', 'shell.signOut');
  const inHeader = page.getByRole('banner').getByRole('button', { name });
  if (await inHeader.isVisible()) {
    await inHeader.click();
    return;
  }
  await page.getByRole('button', { name: text(language, 'common', 'shell.openMenu'), exact: true }).click();
  // The signed-in area's drawer (a dialog) or the public pages' menu: whichever opened has it.
  await page.getByRole('button', { name, exact: true }).click();
}

/**
 * Ticks a box by keyboard, as a keyboard user does (react-aria draws its own box over a visually
 * hidden input, so a pointer click lands on the label, which is fine for people but not for check()).
 */
for (const language of LANGUAGES) {
  test.describe(`identity journey in ${language}`, () => {
    test.use({ language });
    const t = (namespace: string, key: string) => text(language, namespace, key);

    // Danish at phone width, English and Norwegian on a desktop: each language once, both layouts.
    const phone = language === 'da' ? ' @phone' : '';
    test(`sign up, verify the e-mail, log in, edit the profile, switch language, log out${phone}`, async ({
      page,
    }) => {
      // A whole journey: several screens, two password hashes, a mail through the outbox.
      test.slow();
      const email = uniqueEmail(`signup-${language}`);

      // Sign-up: the acceptance box is required, the rules are shown, the language is the current one.
      await page.goto('/signup');
      await expect(heading(page)).toHaveText(t('auth', 'signup.title'));
      await expect(page.getByText(t('auth', 'passwordRules'))).toBeVisible();
      await expectNoA11yViolations(page);

      await page.getByLabel(t('auth', 'fields.email'), { exact: true }).fill(email);
      await page.getByLabel(t('auth', 'fields.password'), { exact: true }).fill(TEST_PASSWORD);
      await page.getByLabel(t('auth', 'fields.zipCode')).fill('2100');
      await page.getByRole('button', { name: t('auth', 'signup.submit') }).click();
      await expect(page.getByText(t('common', 'validation.must_accept'))).toBeVisible();
      await expect(page).toHaveURL(/\/signup$/);

      await tick(page.getByRole('checkbox'));
      await page.getByRole('button', { name: t('auth', 'signup.submit') }).click();

      // "Check your mailbox", as for any address (issue 14): the mailed link finishes the sign-up.
      await expect(page.getByRole('heading', { name: t('auth', 'signup.checkMail.title') })).toBeFocused();
      await expect(page.getByText(email)).toBeVisible();
      await expectNoA11yViolations(page);

      // Logging in before following the link: the answer is a wrong password's (it tells no one
      // whether the address was free), with the hint to confirm first; the mailbox gets the link.
      await page.goto('/login');
      await page.getByLabel(t('auth', 'fields.email'), { exact: true }).fill(email);
      await page.getByLabel(t('auth', 'fields.password'), { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: t('auth', 'login.submit') }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: t('common', 'errors.invalid_credentials') }),
      ).toBeVisible();
      await expect(page.getByText(t('auth', 'login.unconfirmedHint'))).toBeVisible();

      const mail = await waitForMail(page.request, email, { linkPath: '/verify-email' });
      const verifyLink = relativeLink(linkTo(mail, '/verify-email'));
      await page.goto(verifyLink);

      // The link signs in, and on to the newsletter question: Denmark's page for da/en visitors, the
      // sleek Norwegian one for no.
      const variant = language === 'no' ? 'newsletterSleek' : 'newsletter';
      await expect(page).toHaveURL(
        language === 'no' ? /\/signup\/newsletter-sleek$/ : /\/signup\/newsletter$/,
      );
      await expect(heading(page)).toHaveText(t('auth', `${variant}.title`));
      await expectNoA11yViolations(page);
      // One press answers the question (issue 14): 'Yes please' is the consent, no box to tick too.
      await expect(page.getByRole('checkbox')).toHaveCount(0);
      const yes = page.getByRole('button', { name: t('auth', `${variant}.yes`) });
      await expect(yes).toHaveAccessibleDescription(t('auth', `${variant}.consent`));
      await yes.click();
      await expect(page).toHaveURL(/\/app$/);

      // The link is used up; following it again says the address is already confirmed.
      await page.goto(verifyLink);
      const already = t('auth', 'verifyEmail.alreadyConfirmed')
        .replace(/<\/?strong>/g, '')
        .replace('{{email}}', email);
      await expect(page.getByText(already)).toBeVisible();

      await signOut(page, language);
      await expect(page).toHaveURL(/\/$/);

      // Log in again: a wrong password is refused with the shared text, the right one gets in.
      await page.goto('/login');
      await expect(heading(page)).toHaveText(t('auth', 'login.title'));
      await expectNoA11yViolations(page);
      await page.getByLabel(t('auth', 'fields.email'), { exact: true }).fill(email);
      await page.getByLabel(t('auth', 'fields.password'), { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: t('auth', 'login.submit') }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: t('common', 'errors.invalid_credentials') }),
      ).toBeVisible();
      await page.getByLabel(t('auth', 'fields.password'), { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: t('auth', 'login.submit') }).click();
      await expect(page).toHaveURL(/\/app$/);

      // Settings: the e-mail shows as confirmed, the newsletter as chosen at sign-up.
      await page.goto('/app/settings');
      await expect(heading(page)).toHaveText(t('settings', 'title'));
      const verification = page.getByRole('region', { name: t('settings', 'verification.title') });
      await expect(
        verification.getByText(t('settings', 'verification.emailVerified'), { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('checkbox', { name: t('settings', 'consents.newsletter') })).toBeChecked();
      await expectNoA11yViolations(page);

      // Edit the address and save; it is still there after a reload.
      await page.getByLabel(t('settings', 'personal.firstName'), { exact: true }).fill('Alex');
      await page.getByLabel(t('settings', 'address.street'), { exact: true }).fill('Cykelvej 12');
      await page.getByLabel(t('settings', 'address.zipCode'), { exact: true }).fill('2100');
      await page.getByLabel(t('settings', 'address.city'), { exact: true }).fill('København Ø');
      await page.getByRole('button', { name: t('settings', 'save.submit') }).click();
      await expect(page.getByText(t('settings', 'save.saved'))).toBeVisible();
      await page.reload();
      await expect(page.getByLabel(t('settings', 'address.street'), { exact: true })).toHaveValue(
        'Cykelvej 12',
      );
      await expect(page.getByLabel(t('settings', 'address.city'), { exact: true })).toHaveValue(
        'København Ø',
      );

      // Switch language: the page changes at once and the choice is kept on the account.
      const next = SWITCH_TO[language];
      await page
        .getByRole('region', { name: t('settings', 'preferences.title') })
        .getByRole('button', { name: new RegExp(t('settings', 'preferences.language')) })
        .click();
      await page.getByRole('option', { name: text(next, 'common', `languages.${next}`) }).click();
      await expect(heading(page)).toHaveText(text(next, 'settings', 'title'));
      await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[next]);
      await expect(page.getByText(text(next, 'settings', 'preferences.languageSaved'))).toBeVisible();
      const stored = await page.request.get('/api/identities/language/', {
        headers: {
          Authorization: `Bearer ${await page.evaluate((key) => localStorage.getItem(key), APP_STORAGE_KEYS.token)}`,
        },
      });
      expect(((await stored.json()) as { language: string }).language).toBe(next);
      await expectNoA11yViolations(page);

      await signOut(page, next);
      await expect(page).toHaveURL(/\/$/);
      await expect(
        page.getByRole('banner').getByRole('link', { name: text(next, 'common', 'shell.signIn') }),
      ).toBeVisible();
    });
  });
}

test('signing up with an address that has an account looks the same, and tells only its mailbox', async ({
  page,
}) => {
  const t = (namespace: string, key: string) => text('da', namespace, key);
  const owner = await signUpViaApi(page.request, { language: 'no' });
  await page.goto('/signup');
  await page.getByLabel(t('auth', 'fields.email'), { exact: true }).fill(owner.email);
  await page.getByLabel(t('auth', 'fields.password'), { exact: true }).fill('Another-Frame-2026-e2e');
  await tick(page.getByRole('checkbox'));
  await page.getByRole('button', { name: t('auth', 'signup.submit') }).click();

  // The same screen as for a new address: nothing says the address is taken.
  await expect(page.getByRole('heading', { name: t('auth', 'signup.checkMail.title') })).toBeFocused();
  await expect(page.getByText(owner.email)).toBeVisible();
  await expect(page.getByText(text('da', 'common', 'errors.email_in_use'))).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The owner's mailbox hears of it, in their language, with the way to log in or reset.
  const notice = await waitForMail(page.request, owner.email, { linkPath: '/forgot-password' });
  expect(notice.subject).toBe('Noen prøvde å opprette en profil med e-postadressen din');
  await page.goto(relativeLink(linkTo(notice, '/login')));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('auth', 'login.title'));
});
