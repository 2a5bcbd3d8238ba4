import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { text } from './support/texts.ts';

/*
 * Issue 16 §2 and insurance.md §6 in the browser: a person who gave consents in a sign-up in
 * progress (through the API: the consent step is another journey) withdraws them on /insurance,
 * which throws the sign-up away.
 */

const t = (key: string) => text('da', 'insurance', key);

test('a person withdraws the consents of a sign-up in progress', async ({ page }) => {
  const person = await signUpViaApi(page.request);
  const headers = { Authorization: `Bearer ${person.token}` };
  const saved = await page.request.put('/api/insurance/onboarding-draft', {
    headers,
    data: { acknowledgement_privacy: true, acknowledgement_data_share: true },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await signInBrowser(page, person.token);
  await page.goto('/insurance');
  const card = page.getByRole('region', { name: t('home.consentsTitle') });
  await expect(card.getByRole('listitem')).toHaveText([
    t('home.consent.privacy'),
    t('home.consent.data_share'),
  ]);
  await card.getByRole('button', { name: t('home.consentsWithdraw') }).click();
  await expect(card.getByText(t('home.consentsConfirm'))).toBeVisible();
  await card.getByRole('button', { name: t('home.consentsConfirmButton') }).click();
  await expect(page.getByText(t('home.consentsWithdrawn'))).toBeVisible();
  await expect(card).toHaveCount(0);
  const draft = await page.request.get('/api/insurance/onboarding-draft', { headers });
  expect(((await draft.json()) as { saved_at: string | null }).saved_at).toBeNull();
});
