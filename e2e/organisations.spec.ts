import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  logInViaApi,
  signInBrowser,
  signUpViaApi,
  TEST_PASSWORD,
  type TestAccount,
  uniqueEmail,
} from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { linkTo, relativeLink, waitForMail } from './support/mailbox.ts';
import { text } from './support/texts.ts';

/*
 * Issue 3 §3: a verified person creates a business (a wrong CVR number first), adds a colleague who
 * has no account yet, and the colleague chooses a password from the invitation and signs in acting
 * for the business. The demo insurer's user lands on the insurer's admin page.
 */

const t = (namespace: string, key: string, values: Record<string, string> = {}) =>
  text('da', namespace, key).replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');

/** A valid CVR number (modulus 11) no other test uses. */
function freshCvr(): string {
  for (;;) {
    const stem = String(1_000_000 + (randomBytes(4).readUInt32BE() % 8_999_999));
    const sum = [2, 7, 6, 5, 4, 3, 2].reduce(
      (total, weight, index) => total + weight * Number(stem[index]),
      0,
    );
    const check = (11 - (sum % 11)) % 11;
    if (check !== 10) return `${stem}${check}`;
  }
}

/**
 * A signed-up person whose national identity is verified. `autotest+` accounts may skip the
 * MitID screen when the server allows it (ALLOW_AUTOTEST_IDENTITY_SKIP, set for this suite).
 */
async function verifiedAccount(request: APIRequestContext): Promise<TestAccount> {
  const email = `autotest+org-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.test`;
  const account = await signUpViaApi(request, { email });
  const response = await request.post('/api/identities/verifications/complete/', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { verification_session_type: 'identity_verification', verification_type: 'mitid' },
  });
  expect(response.status(), `verification answered ${await response.text()}`).toBe(200);
  const { authentication_token: token } = (await response.json()) as { authentication_token: string };
  return { ...account, token };
}

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

async function logInOnScreen(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(text('da', 'auth', 'fields.email'), { exact: true }).fill(email);
  await page.getByLabel(text('da', 'auth', 'fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text('da', 'auth', 'login.submit') }).click();
}

test('a verified person creates a business, invites a colleague, who signs in acting for it @phone', async ({
  page,
  browser,
}) => {
  test.slow();
  const founder = await verifiedAccount(page.request);
  await signInBrowser(page, founder.token);

  // From the settings page to the organisations, then to the form.
  await page.goto('/app/settings');
  await page.getByRole('link', { name: t('organisations', 'settings.link') }).click();
  await expect(heading(page)).toHaveText(t('organisations', 'list.title'));
  await expect(page.getByText(t('organisations', 'list.empty'))).toBeVisible();
  await page.getByRole('link', { name: t('organisations', 'list.create') }).click();
  await expect(page).toHaveURL(/\/app\/organisations\/create$/);
  await expect(heading(page)).toHaveText(t('organisations', 'create.title'));
  await expectNoA11yViolations(page);

  // A CVR number with a wrong check digit is refused beside the field.
  const name = `Testcykler ${randomBytes(2).toString('hex')} ApS`;
  await page.getByLabel(t('organisations', 'create.name'), { exact: true }).fill(name);
  const cvrField = page.getByRole('textbox', { name: t('organisations', 'create.registrationNumber.dk') });
  await cvrField.fill('2531 3764');
  await page.getByRole('button', { name: t('organisations', 'create.submit') }).click();
  await expect(page.getByText(t('common', 'validation.invalid_registration_number'))).toBeVisible();
  await expect(cvrField).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page);

  const cvr = freshCvr();
  await cvrField.fill(`${cvr.slice(0, 4)} ${cvr.slice(4)}`);
  await page.getByRole('button', { name: t('organisations', 'create.submit') }).click();
  await expect(page).toHaveURL(/\/app\/organisations\/[0-9a-f-]{36}\/members$/);
  await expect(heading(page)).toHaveText(t('organisations', 'members.title', { name }));
  await expect(page.getByText(`${founder.email} ${t('organisations', 'members.you')}`)).toBeVisible();
  await expectNoA11yViolations(page);

  // A colleague without an account: invited by mail.
  const colleague = uniqueEmail('colleague');
  await page.getByLabel(t('organisations', 'members.email'), { exact: true }).fill(colleague);
  await page.getByLabel(t('organisations', 'members.firstName'), { exact: true }).fill('Karen');
  await page.getByRole('button', { name: t('organisations', 'members.addSubmit') }).click();
  await expect(page.getByText(t('organisations', 'members.invited', { email: colleague }))).toBeVisible();
  await expect(page.getByText(t('organisations', 'members.invitationPending'))).toBeVisible();
  await expectNoA11yViolations(page);

  // The colleague, in a browser of their own, follows the invitation and chooses a password.
  const mail = await waitForMail(page.request, colleague, { linkPath: '/reset-password' });
  expect(mail.subject).toContain(name);
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'da-DK' });
  const other = await context.newPage();
  await other.goto(relativeLink(linkTo(mail, '/reset-password')));
  await other.getByLabel(text('da', 'auth', 'fields.newPassword'), { exact: true }).fill(TEST_PASSWORD);
  await other.getByLabel(text('da', 'auth', 'fields.newPasswordRepeat'), { exact: true }).fill(TEST_PASSWORD);
  await other.getByRole('button', { name: text('da', 'auth', 'resetPassword.submit') }).click();
  await expect(other).toHaveURL(/\/reset-password-succes$/);

  // Signing in, they act for the business at once.
  await logInOnScreen(other, colleague, TEST_PASSWORD);
  await expect(other).toHaveURL(/\/app$/);
  await other.goto('/app/organisations');
  await expect(other.getByText(t('organisations', 'list.actingNow'))).toBeVisible();
  await expect(other.getByRole('heading', { name })).toBeVisible();
  await expectNoA11yViolations(other);
  // Back to their own account.
  await other.getByRole('button', { name: t('organisations', 'list.backToOwn') }).click();
  await expect(other.getByText(t('organisations', 'list.switchedBack'))).toBeVisible();
  await expect(other.getByRole('button', { name: t('organisations', 'list.actAs', { name }) })).toBeVisible();
  await context.close();

  // The founder sees the invitation accepted and can remove the colleague after confirming.
  await page.reload();
  await expect(page.getByText(t('organisations', 'members.invitationPending'))).toHaveCount(0);
  await page
    .getByRole('button', { name: t('organisations', 'members.removeLabel', { name: 'Karen' }) })
    .click();
  const dialog = page.getByRole('alertdialog', {
    name: t('organisations', 'members.removeTitle', { name: 'Karen' }),
  });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: t('organisations', 'members.removeConfirm') }).click();
  await expect(page.getByText(t('organisations', 'members.removed', { name: 'Karen' }))).toBeVisible();
  await expect(page.getByRole('main').getByText(colleague)).toHaveCount(0);
});

test('an unverified person is asked to verify their identity before creating an organisation', async ({
  page,
}) => {
  const account = await signUpViaApi(page.request);
  await signInBrowser(page, account.token);
  await page.goto('/app/organisations/create');
  await page.getByLabel(t('organisations', 'create.name'), { exact: true }).fill('Uverificeret ApS');
  await page
    .getByRole('textbox', { name: t('organisations', 'create.registrationNumber.dk') })
    .fill(freshCvr());
  await page.getByRole('button', { name: t('organisations', 'create.submit') }).click();
  const verify = page.getByRole('link', {
    name: t('organisations', 'create.verifyAction', { provider: 'MitID' }),
  });
  await expect(verify).toBeVisible();
  await expect(verify).toHaveAttribute(
    'href',
    /verification-begin-redirect\?type=identity_verification&next=/,
  );
  await expectNoA11yViolations(page);
});

test('the demo insurer user lands on the insurer admin page and can switch to their own account', async ({
  page,
}) => {
  await logInOnScreen(page, 'forsikring@demo.cykelregister.dk', 'demo-password-2026');
  await expect(page).toHaveURL(/\/insurance\/[0-9a-f-]{36}\/admin$/);
  await expect(heading(page)).toHaveText('Demo Forsikring A/S');
  await expect(page.getByText(t('organisations', 'types.insurance_company'))).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: t('organisations', 'insurer.manageMembers') }).click();
  await expect(page.getByRole('main').getByText('forsikring@demo.cykelregister.dk')).toBeVisible();
  await page.goBack();
  await page.getByRole('button', { name: t('organisations', 'insurer.backToOwn') }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test('someone outside the insurer gets the 404 page on its admin address', async ({ page }) => {
  const insurerToken = await logInViaApi(
    page.request,
    'forsikring@demo.cykelregister.dk',
    'demo-password-2026',
  );
  const partyId = JSON.parse(Buffer.from(insurerToken.split('.')[1] ?? '', 'base64url').toString()).party_id;
  const outsider = await signUpViaApi(page.request);
  await signInBrowser(page, outsider.token);
  await page.goto(`/insurance/${partyId}/admin`);
  await expect(heading(page)).toHaveText(text('da', 'common', 'notFound.title'));
});
