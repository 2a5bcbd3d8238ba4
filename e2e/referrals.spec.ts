import { confirmEmailViaMailbox, signedInUser, TEST_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { tick } from './support/forms.ts';
import { awaitHydrationOnNavigation } from './support/hydration.ts';
import { text } from './support/texts.ts';

/*
 * Issue 30 §1 on a phone: the inviter finds "Invite friends" in the menu, shares their link through
 * the phone's share sheet, a friend signs up through that link, and the inviter sees the friend
 * (first name only) among the people they invited. The reward itself is the API's tests' subject.
 */

const t = (namespace: string, key: string) => text('da', namespace, key);

test('an inviter shares their link from the phone, and a friend who signs up with it is listed @phone', async ({
  page,
  browser,
}) => {
  // The phone's share sheet: what the page hands it is kept for the test to read.
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { sharedForTest: shared });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        shared.push(data);
      },
    });
  });
  await signedInUser(page);
  await page.goto('/app');
  await page.getByRole('button', { name: t('common', 'shell.openMenu'), exact: true }).click();
  await page.getByRole('link', { name: t('common', 'nav.referrals') }).click();
  await expect(page).toHaveURL(/\/app\/referencing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('referrals', 'title'));
  await expect(page.getByRole('img', { name: t('referrals', 'invitation.qrAlt') })).toBeVisible();
  await expect(page.getByText(t('referrals', 'people.none'))).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: t('referrals', 'invitation.share') }).click();
  const shared = await page.evaluate(
    () => (window as unknown as { sharedForTest: ShareData[] }).sharedForTest,
  );
  expect(shared).toHaveLength(1);
  const link = new URL(shared[0]?.url ?? '');
  expect(link.pathname).toBe('/signup');
  const code = link.searchParams.get('friend_ref') ?? '';
  expect(code).toMatch(/^[2-9A-Z]{10}$/);
  await expect(page.getByTestId('referral-link')).toHaveText(link.toString());

  // The friend, in a browser of their own, signs up through the link.
  const friendContext = await browser.newContext({ locale: 'da-DK' });
  const friendPage = awaitHydrationOnNavigation(await friendContext.newPage());
  const email = uniqueEmail('referred');
  await friendPage.goto(`${link.pathname}${link.search}`);
  await friendPage.getByLabel(t('auth', 'fields.email'), { exact: true }).fill(email);
  await friendPage.getByLabel(t('auth', 'fields.password'), { exact: true }).fill(TEST_PASSWORD);
  await tick(friendPage.getByRole('checkbox'));
  await friendPage.getByRole('button', { name: t('auth', 'signup.submit') }).click();
  await expect(friendPage.getByRole('heading', { name: t('auth', 'signup.checkMail.title') })).toBeVisible();
  await friendContext.close();
  const friendToken = await confirmEmailViaMailbox(page.request, email);
  const named = await page.request.put('/api/identities/me', {
    headers: { authorization: `Bearer ${friendToken}` },
    data: { first_name: 'Frida', last_name: 'Efternavn' },
  });
  expect(named.status()).toBe(200);

  await page.reload();
  const people = page.getByTestId('referred-people');
  await expect(people.getByText('Frida', { exact: true })).toBeVisible();
  await expect(people.getByText(t('referrals', 'people.status.signed_up'), { exact: true })).toBeVisible();
  await expect(people).not.toContainText('Efternavn');
});
