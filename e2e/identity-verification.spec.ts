import type { Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { APP_STORAGE_KEYS } from './support/storage-keys.ts';
import { text } from './support/texts.ts';

/*
 * National identity verification with the built-in test MitID/BankID: settings → the provider's
 * page → pick a test person → back in the app, verified; and cancelling at the provider.
 */

const t = (namespace: string, key: string, values: Record<string, string> = {}) =>
  text('da', namespace, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

async function storedClaims(page: Page): Promise<Record<string, unknown>> {
  const token = await page.evaluate((key) => window.localStorage.getItem(key), APP_STORAGE_KEYS.token);
  expect(token).toBeTruthy();
  const payload = (token as string).split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function startFromSettings(page: Page): Promise<void> {
  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('settings', 'title'));
  const verify = page.getByRole('link', {
    name: t('settings', 'verification.verify', { provider: 'MitID' }),
  });
  await expect(verify).toBeVisible();
  await expectNoA11yViolations(page);
  await verify.click();
  // The built-in provider's own page, served by the API under /dev/oidc.
  await expect(page).toHaveURL(/\/dev\/oidc\/interaction\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test-MitID');
  await expectNoA11yViolations(page);
}

test('verifies with the test MitID and settings show it @phone', async ({ page }) => {
  await signedInUser(page);
  expect((await storedClaims(page)).verified_on).toBeNull();
  await startFromSettings(page);
  await page.getByRole('button', { name: 'Log ind som Mads Østergaard' }).click();

  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(
    page.getByText(t('settings', 'verification.justVerified', { provider: 'MitID' })),
  ).toBeVisible();
  await expect(page.getByText(/^Bekræftet /)).toBeVisible();
  // The legal name is shown beside the account's own name, not written over it (issue 14.g).
  await expect(
    page.getByText(t('settings', 'verification.verifiedAs', { provider: 'MitID', name: 'Mads Østergaard' })),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: t('settings', 'verification.verify', { provider: 'MitID' }) }),
  ).toHaveCount(0);
  const claims = await storedClaims(page);
  expect(claims.verified_on).toEqual(expect.any(String));
  expect(claims.birth_date).toBe('1985-11-02');
  await expectNoA11yViolations(page);

  // Still verified after a reload (read from the server, not just the redirect's state).
  await page.reload();
  await expect(page.getByText(/^Bekræftet /)).toBeVisible();
});

test('cancelling at the provider explains it and changes nothing @phone', async ({ page }) => {
  await signedInUser(page);
  await startFromSettings(page);
  await page.getByRole('button', { name: 'Annullér og gå tilbage' }).click();

  await expect(page).toHaveURL(/\/app\/redirects\/verification-complete-redirect\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    t('verification', 'complete.cancelledTitle'),
  );
  // A calm notice, not an error: the person chose to stop.
  await expect(
    page.getByRole('status').filter({ hasText: t('verification', 'complete.cancelled') }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  expect((await storedClaims(page)).verified_on).toBeNull();

  await page.getByRole('link', { name: t('verification', 'back') }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(
    page.getByRole('link', { name: t('settings', 'verification.verify', { provider: 'MitID' }) }),
  ).toBeVisible();
});

test('Back on the provider page returns to settings instead of starting a new check', async ({ page }) => {
  await signedInUser(page);
  await startFromSettings(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('settings', 'title'));
});

test('an unknown or used return link is explained on the page, not as a missing page', async ({ page }) => {
  await signedInUser(page);
  await page.goto(
    '/app/redirects/verification-complete-redirect?code=abc&state=0190a000-0000-7000-8000-000000000009',
  );
  await expect(page.getByRole('alert')).toContainText(t('verification', 'complete.invalidLink'));
  await expect(page.getByRole('link', { name: t('verification', 'back') })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a complete link without a state says so, with a way on', async ({ page }) => {
  await signedInUser(page);
  await page.goto('/app/redirects/verification-complete-redirect?code=abc');
  await expect(page.getByRole('alert')).toContainText(t('verification', 'complete.invalidLink'));
  await expectNoA11yViolations(page);
  await expect(page.getByRole('link', { name: t('verification', 'tryAgain') })).toBeVisible();
});

test('the begin page shows a spinner while it leaves for the provider', async ({ page }) => {
  await signedInUser(page);
  // Hold the start call so the page's waiting state can be looked at.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/identities/verifications/', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/app/redirects/verification-begin-redirect?type=identity_verification&next=/app/settings');
  await expect(page.getByRole('status').filter({ hasText: 'MitID' })).toContainText(
    t('verification', 'begin.redirecting', { provider: 'MitID' }),
  );
  await expectNoA11yViolations(page);
  release();
  await expect(page).toHaveURL(/\/dev\/oidc\/interaction\//);
});

test('an answer without an authorisation URL shows the error of SPEC §8', async ({ page }) => {
  await signedInUser(page);
  await page.route('**/api/identities/verifications/', (route) =>
    route.fulfill({
      status: 201,
      contentType: 'application/json',
      body: JSON.stringify({ session_id: null }),
    }),
  );
  await page.goto('/app/redirects/verification-begin-redirect?type=identity_verification&next=/app/settings');
  await expect(page.getByRole('alert')).toContainText(t('verification', 'begin.noAuthorisationUrl'));
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: t('verification', 'back') }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
});
