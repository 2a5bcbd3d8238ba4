import { signedInUser, signUpViaApi, TEST_PASSWORD } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { LANGUAGES, text } from './support/texts.ts';

/* The routing rules of SPEC §2 "Shell behaviour" as a visitor meets them. */

test.describe('not found', () => {
  for (const language of LANGUAGES) {
    test.describe(language, () => {
      test.use({ language });

      const phone = language === 'da' ? ' @phone' : '';
      test(`an unknown address shows the 404 page in ${language}${phone}`, async ({ page }) => {
        await page.goto('/no-such-page/anywhere-at-all');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          text(language, 'common', 'notFound.title'),
        );
        await expect(
          page.getByRole('link', { name: text(language, 'common', 'actions.goHome') }),
        ).toBeVisible();
        await expectNoA11yViolations(page);
      });
    });
  }

  test('an unknown address answers 404, and a visitor sees the 404 page there, not the login', async ({
    page,
  }) => {
    for (const address of ['/no-such-page', '/app/no-such-page', '/404']) {
      const response = await page.request.get(address, { headers: { accept: 'text/html' } });
      expect(response.status(), address).toBe(404);
      expect(response.headers()['content-type'], address).toContain('text/html');
    }
    // A known address still answers 200.
    expect((await page.request.get('/hvordan', { headers: { accept: 'text/html' } })).status()).toBe(200);

    await page.goto('/app/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('da', 'common', 'notFound.title'));
    await expect(page).toHaveURL(/\/app\/no-such-page$/);
  });

  test('/404 itself is the 404 page, and its link leads home', async ({ page }) => {
    await page.goto('/404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('da', 'common', 'notFound.title'));
    await page.getByRole('link', { name: text('da', 'common', 'actions.goHome') }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('da', 'content', 'home.hero.heading'),
    );
  });
});

test.describe('unauthenticated visitors', () => {
  test('opening /app/settings leads to /login, and logging in returns to /app/settings @phone', async ({
    page,
  }) => {
    const account = await signUpViaApi(page.request);
    await page.goto('/app/settings');
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel(text('da', 'auth', 'fields.email')).fill(account.email);
    await page.getByLabel(text('da', 'auth', 'fields.password'), { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: text('da', 'auth', 'login.submit') }).click();

    await expect(page).toHaveURL(/\/app\/settings$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the create-bikes-loop below /signup needs a login', async ({ page }) => {
    await page.goto('/signup/from-scan/create-bikes-loop');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/signup and the other account pages stay open to visitors', async ({ page }) => {
    for (const path of [
      '/signup',
      '/login',
      '/forgot-password',
      '/forgot-passw-check-mail',
      '/reset-password',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(new URL(page.url()).pathname, `${path} must not redirect a visitor`).toBe(path);
    }
  });

  test('the content pages are public', async ({ page }) => {
    for (const path of ['/', '/privacy', '/terms', '/our-mission', '/advisory-board', '/hvordan']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });
});

test.describe('a session that ends by itself', () => {
  test.use({ language: 'no' });

  test('sends the user to /login saying they were logged out, and back after logging in @phone', async ({
    page,
  }) => {
    const account = await signedInUser(page, { language: 'no', region: 'no' });
    // Revoked elsewhere (password change, logout on another device): the next API call answers
    // 401 invalid_token.
    const logout = await page.request.post('/api/identities/authentications/logout', {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    expect(logout.ok()).toBe(true);

    await page.goto('/app/settings');
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('status').filter({ hasText: text('no', 'common', 'errors.invalid_token') }),
    ).toBeVisible();

    await page.getByLabel(text('no', 'auth', 'fields.email')).fill(account.email);
    await page.getByLabel(text('no', 'auth', 'fields.password'), { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: text('no', 'auth', 'login.submit') }).click();
    await expect(page).toHaveURL(/\/app\/settings$/);
  });

  test('a visitor who was never signed in gets no such notice', async ({ page }) => {
    await page.goto('/app/settings');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(text('no', 'common', 'errors.invalid_token'))).toHaveCount(0);
  });
});
