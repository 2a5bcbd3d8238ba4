import { randomBytes } from 'node:crypto';
import { signInBrowser, verifiedAccountViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { text } from './support/texts.ts';

/*
 * Issue 32 §1: an organisation's admin creates an API key for checks by API, sees it once, and
 * revokes it; a check with the key works until then and is refused after. The business is made
 * through the API, as the journey is about the keys.
 */

const t = (key: string, values: Record<string, string> = {}) =>
  text('da', 'organisations', key).replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');

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

test('an organisation admin creates an API key, sees it once, and revokes it', async ({ page }) => {
  const admin = await verifiedAccountViaApi(page.request, 'keys');
  const name = `Brugtmarked ${randomBytes(2).toString('hex')} ApS`;
  const created = await page.request.post('/api/organisations', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name, type: 'business', region: 'dk', registration_number: freshCvr() },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signInBrowser(page, admin.token);

  // From the organisation's card to its keys.
  await page.goto('/app/organisations');
  await page.getByRole('link', { name: t('list.manageApiKeys', { name }) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('apiKeys.title', { name }));
  await expect(page.getByText(t('apiKeys.empty'))).toBeVisible();

  await page.getByLabel(t('apiKeys.name'), { exact: true }).fill('Tjek af annoncer');
  await page.getByRole('button', { name: t('apiKeys.createSubmit') }).click();
  const secret = page.getByTestId('api-key-secret');
  await expect(secret).toHaveText(/^nbr_ck_[A-Za-z0-9_-]{43}$/);
  const key = (await secret.textContent()) ?? '';
  await expectNoA11yViolations(page);

  // The key works for a check, and is listed by its first characters only.
  const check = () =>
    page.request.get('/api/v1/checks?identifier=WBK0000000', { headers: { authorization: `Bearer ${key}` } });
  expect((await check()).status()).toBe(200);
  const list = page.getByRole('list', { name: t('apiKeys.listTitle') });
  await expect(list.getByText('Tjek af annoncer')).toBeVisible();
  await expect(list.getByText(key.slice(0, 11), { exact: false })).toBeVisible();
  await expect(list.getByText(key)).toHaveCount(0);

  // Once hidden, the key is gone from the page for good.
  await page.getByRole('button', { name: t('apiKeys.hideSecret') }).click();
  await expect(page.getByTestId('api-key-secret')).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(key)).toHaveCount(0);

  // Revoked, it is refused.
  await page.getByRole('button', { name: t('apiKeys.revokeLabel', { name: 'Tjek af annoncer' }) }).click();
  await page
    .getByRole('alertdialog', { name: t('apiKeys.revokeTitle', { name: 'Tjek af annoncer' }) })
    .getByRole('button', { name: t('apiKeys.revokeConfirm') })
    .click();
  await expect(page.getByText(t('apiKeys.revoked', { name: 'Tjek af annoncer' }))).toBeVisible();
  await expect(
    list.getByRole('button', { name: t('apiKeys.revokeLabel', { name: 'Tjek af annoncer' }) }),
  ).toHaveCount(0);
  const refused = await check();
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { code: string }).code).toBe('invalid_api_key');
});
