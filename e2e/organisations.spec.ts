import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  signInBrowser,
  signUpViaApi,
  TEST_PASSWORD,
  uniqueEmail,
  verifiedAccountViaApi,
} from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { linkTo, type Mail, relativeLink, waitForMail } from './support/mailbox.ts';
import { actingSession, DEMO_INSURER, DEMO_INSURER_USER, DEMO_PASSWORD } from './support/organisations.ts';
import { text } from './support/texts.ts';

/*
 * Issue 3 §3: a verified person creates a business (a wrong CVR number first) and invites a colleague
 * who has no account yet; the colleague opens the mailed link, signs up with that address, accepts
 * and acts for the business. Someone signed in with another account is told which address to use.
 * The demo insurer's user lands on the insurer's admin page.
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

/** The invitation link of a mail, as a path to open against the suite's address. */
function invitationPath(mail: Mail): string {
  for (const link of mail.links) {
    const { pathname } = new URL(link);
    if (/^\/app\/organisations\/invitations\/[\w-]+$/.test(pathname)) return pathname;
  }
  throw new Error(`no invitation link in "${mail.subject}": ${mail.links.join(', ')}`);
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

test('a verified person creates a business and invites a colleague, who signs up from the link and joins @phone', async ({
  page,
  browser,
}) => {
  test.slow();
  const founder = await verifiedAccountViaApi(page.request, 'org');
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
  const membersUrl = page.url();
  await expect(heading(page)).toHaveText(t('organisations', 'members.title', { name }));
  await expect(page.getByText(`${founder.email} ${t('organisations', 'members.you')}`)).toBeVisible();
  // The only administrator is not offered what the register would refuse: leaving or stepping down.
  await expect(page.getByRole('button', { name: t('organisations', 'members.leave') })).toBeDisabled();
  await expect(page.getByText(t('organisations', 'members.lastAdminHint'))).toBeVisible();
  await expect(page.getByText(t('organisations', 'members.pendingEmpty'))).toBeVisible();
  await expectNoA11yViolations(page);

  // A colleague without an account is invited; nobody is added until they say yes.
  const colleague = uniqueEmail('colleague');
  await page.getByLabel(t('organisations', 'members.email'), { exact: true }).fill(colleague);
  await page.getByRole('button', { name: t('organisations', 'members.inviteSubmit') }).click();
  await expect(page.getByText(t('organisations', 'members.invited', { email: colleague }))).toBeVisible();
  const pending = page.locator('#invitations');
  await expect(pending.getByText(colleague)).toBeVisible();
  await expect(page.locator('#members').getByText(colleague)).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The colleague, in a browser of their own, opens the link: log in first, or sign up instead.
  const mail = await waitForMail(page.request, colleague, { subject: name });
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'da-DK' });
  const other = await context.newPage();
  await other.goto(invitationPath(mail));
  await expect(other).toHaveURL(/\/login$/);
  await other.getByRole('link', { name: text('da', 'auth', 'login.signupLink') }).click();
  await expect(other).toHaveURL(/\/signup$/);
  // The address changes before the new page has rendered: wait for it, not for the old one's fields.
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(text('da', 'auth', 'signup.title'));
  await other.getByLabel(text('da', 'auth', 'fields.email'), { exact: true }).fill(colleague);
  await other.getByLabel(text('da', 'auth', 'fields.password'), { exact: true }).fill(TEST_PASSWORD);
  const accept = other.getByRole('checkbox');
  await accept.focus();
  await accept.press('Space');
  await other.getByRole('button', { name: text('da', 'auth', 'signup.submit') }).click();
  // The link mailed to the new account signs them in, in this browser, and the journey goes on.
  await expect(
    other.getByRole('heading', { name: text('da', 'auth', 'signup.checkMail.title') }),
  ).toBeVisible();
  const confirmation = await waitForMail(page.request, colleague, { linkPath: '/verify-email' });
  await other.goto(relativeLink(linkTo(confirmation, '/verify-email')));
  await expect(other).toHaveURL(/\/signup\/newsletter$/);
  await other.getByRole('button', { name: text('da', 'auth', 'newsletter.no') }).click();

  // Back on the invitation: which organisation, which role, which address.
  await expect(other).toHaveURL(/\/app\/organisations\/invitations\/[\w-]+$/);
  await expect(heading(other)).toHaveText(t('organisations', 'invitation.title', { name }));
  await expect(other.getByText(t('organisations', 'roles.member'), { exact: true })).toBeVisible();
  await expect(other.getByRole('main').getByText(colleague)).toBeVisible();
  await expectNoA11yViolations(other);
  await other.getByRole('button', { name: t('organisations', 'invitation.accept') }).click();

  // Joined, and acting for the business.
  await expect(other).toHaveURL(/\/app\/organisations\/[0-9a-f-]{36}\/members$/);
  await expect(heading(other)).toHaveText(t('organisations', 'members.title', { name }));
  await expect(other.getByText(`${colleague} ${t('organisations', 'members.you')}`)).toBeVisible();
  await other.goto('/app/organisations');
  await expect(other.getByText(t('organisations', 'list.actingNow'))).toBeVisible();
  await expect(other.getByRole('heading', { name })).toBeVisible();
  await context.close();

  // The founder sees the colleague as a member and no pending invitation.
  await page.goto(membersUrl);
  await expect(page.locator('#members').getByText(colleague, { exact: true })).toBeVisible();
  await expect(page.getByText(t('organisations', 'members.pendingEmpty'))).toBeVisible();
});

test('an invitation opened with another account names the right address; an admin revokes it', async ({
  page,
}) => {
  test.slow();
  const founder = await verifiedAccountViaApi(page.request, 'org');
  const create = await page.request.post('/api/organisations', {
    headers: { authorization: `Bearer ${founder.token}` },
    data: { name: 'Forkert Konto ApS', type: 'business', region: 'dk', registration_number: freshCvr() },
  });
  expect(create.status(), await create.text()).toBe(201);
  const organisationId = ((await create.json()) as { party_id: string }).party_id;
  const invited = uniqueEmail('invited');
  const sent = await page.request.post(`/api/organisations/${organisationId}/invitations`, {
    headers: { authorization: `Bearer ${founder.token}` },
    data: { email: invited, role: 'admin' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const link = invitationPath(await waitForMail(page.request, invited, { subject: 'Forkert Konto ApS' }));

  // Someone else, signed in, opens the link.
  const stranger = await signUpViaApi(page.request);
  await signInBrowser(page, stranger.token);
  await page.goto(link);
  await expect(page.getByText(t('organisations', 'invitation.mismatchTitle'))).toBeVisible();
  await expect(
    page.getByText(
      t('organisations', 'invitation.mismatchBody', { email: invited, current: stranger.email }),
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: t('organisations', 'invitation.accept') })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page
    .getByRole('button', { name: t('organisations', 'invitation.switchAccount', { email: invited }) })
    .click();
  await expect(page).toHaveURL(/\/login$/);

  // The admin revokes the invitation after confirming; the link then says it cannot be used.
  await signInBrowser(page, founder.token);
  await page.goto(`/app/organisations/${organisationId}/members`);
  await page
    .getByRole('button', { name: t('organisations', 'members.revokeLabel', { email: invited }) })
    .click();
  const dialog = page.getByRole('alertdialog', {
    name: t('organisations', 'members.revokeTitle', { email: invited }),
  });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: t('organisations', 'members.revokeConfirm') }).click();
  await expect(page.getByText(t('organisations', 'members.revoked', { email: invited }))).toBeVisible();
  await expect(page.getByText(t('organisations', 'members.pendingEmpty'))).toBeVisible();

  await page.goto(link);
  await expect(heading(page)).toHaveText(t('organisations', 'invitation.invalidTitle'));
  await expect(page.getByText(text('da', 'common', 'errors.invitation_invalid'))).toBeVisible();
  await expectNoA11yViolations(page);
});

test('an unverified person is told to verify first, and what they typed survives the trip', async ({
  page,
}) => {
  const account = await signUpViaApi(page.request);
  await signInBrowser(page, account.token);
  await page.goto('/app/organisations/create');
  // Said before anything is typed, with the way to do it.
  const verify = page.getByRole('link', {
    name: t('organisations', 'create.verifyAction', { provider: 'MitID' }),
  });
  await expect(verify).toBeVisible();
  await expect(verify).toHaveAttribute(
    'href',
    /verification-begin-redirect\?type=identity_verification&next=/,
  );
  await expectNoA11yViolations(page);

  const cvr = freshCvr();
  await page.getByLabel(t('organisations', 'create.name'), { exact: true }).fill('Uverificeret ApS');
  await page.getByRole('textbox', { name: t('organisations', 'create.registrationNumber.dk') }).fill(cvr);
  await page.getByRole('button', { name: t('organisations', 'create.submit') }).click();
  await expect(verify).toBeVisible();

  // Away to verify and back: the form still holds what was typed.
  await page.goto('/app/settings');
  await page.goto('/app/organisations/create');
  await expect(page.getByLabel(t('organisations', 'create.name'), { exact: true })).toHaveValue(
    'Uverificeret ApS',
  );
  await expect(
    page.getByRole('textbox', { name: t('organisations', 'create.registrationNumber.dk') }),
  ).toHaveValue(cvr);
});

test('the demo insurer user lands on the insurer admin page and can switch to their own account', async ({
  page,
}) => {
  // Where a login lands is remembered per account: make it the insurer, whatever ran before.
  await actingSession(page.request, DEMO_INSURER_USER, DEMO_INSURER);
  await logInOnScreen(page, DEMO_INSURER_USER, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/insurance\/[0-9a-f-]{36}\/admin$/);
  await expect(heading(page)).toHaveText(DEMO_INSURER);
  await expect(page.getByText(t('insurer-admin', 'organisation.insuranceCompany'))).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: t('insurer-admin', 'organisation.manageMembers') }).click();
  await expect(page.getByRole('main').getByText(DEMO_INSURER_USER)).toBeVisible();
  await page.goBack();
  // The page's own button (the shell's banner offers the same way back).
  await page
    .getByRole('main')
    .getByRole('button', { name: t('insurer-admin', 'organisation.backToOwn') })
    .click();
  await expect(page).toHaveURL(/\/app$/);
});

test('someone outside the insurer gets the 404 page on its admin address', async ({ page }) => {
  const { partyId } = await actingSession(page.request, DEMO_INSURER_USER, DEMO_INSURER);
  const outsider = await signUpViaApi(page.request);
  await signInBrowser(page, outsider.token);
  await page.goto(`/insurance/${partyId}/admin`);
  await expect(heading(page)).toHaveText(text('da', 'common', 'notFound.title'));
});
