import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { TEST_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { linkTo, relativeLink, waitForMail } from './support/mailbox.ts';
import { APP_STORAGE_KEYS } from './support/storage-keys.ts';
import { text } from './support/texts.ts';

/*
 * Issue 30 §2: measurement only after consent. A Playwright test watches the network: before the
 * visitor answers, no tracking event (/api/actions/…) and no tag-manager request leaves the browser;
 * "reject" keeps it so; "accept" loads the tag manager (its address answered here by a stub) and the
 * web vitals arrive as tracking events. The e2e server is configured with the container GTM-E2ETEST
 * (scripts/e2e.mjs).
 */

const TAG_MANAGER = /^https:\/\/www\.googletagmanager\.com\//;
const TRACKING = /\/api\/actions\//;

/** Every measuring request the page makes, from the moment of the call. */
function watchMeasuring(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (TAG_MANAGER.test(request.url()) || TRACKING.test(request.url())) seen.push(request);
  });
  return seen;
}

async function stubTagManager(page: Page): Promise<void> {
  await page.route(TAG_MANAGER, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__tagManagerStub = true;' }),
  );
}

const t = (namespace: string, key: string) => text('da', namespace, key);

test.describe('the measurement question', () => {
  test.use({ measurementConsent: null });

  test('nothing measuring leaves before the answer, nor after "reject"', async ({ page }) => {
    await stubTagManager(page);
    const measuring = watchMeasuring(page);
    await page.goto('/');
    const banner = page.getByRole('region', { name: t('common', 'measurement.banner.title') });
    await expect(banner).toBeVisible();
    // "Reject" is one press, beside "accept" and looking the same.
    const reject = banner.getByRole('button', { name: t('common', 'measurement.reject') });
    const accept = banner.getByRole('button', { name: t('common', 'measurement.accept') });
    expect(await reject.getAttribute('class')).toBe(await accept.getAttribute('class'));
    // A page that would track (the sign-up screen) and the app's start: still nothing.
    await page.goto('/search');
    await page.waitForLoadState('networkidle');
    expect(measuring.map((request) => request.url())).toEqual([]);

    await reject.click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: t('common', 'measurement.banner.title') })).toHaveCount(0);
    expect(measuring.map((request) => request.url())).toEqual([]);

    // The settings page tells the answer and changes it.
    await page.goto('/privacy/settings');
    await expect(page.getByText(t('common', 'measurement.settings.state.denied'))).toBeVisible();
  });

  test('"accept" loads the tag manager and sends the web vitals', async ({ page }) => {
    await stubTagManager(page);
    const measuring = watchMeasuring(page);
    await page.goto('/search');
    await page.waitForLoadState('networkidle');
    expect(measuring).toEqual([]);

    const tagManager = page.waitForRequest(TAG_MANAGER);
    const vital = page.waitForRequest(
      (request) =>
        /\/api\/actions\/web-vital\/(TTFB|FCP)\b/.test(request.url()) && request.method() === 'POST',
    );
    await page
      .getByRole('region', { name: t('common', 'measurement.banner.title') })
      .getByRole('button', { name: t('common', 'measurement.accept') })
      .click();
    expect((await tagManager).url()).toContain('id=GTM-E2ETEST');
    // The web vitals come after their 3-second debounce, named by the page's route pattern only.
    const sent = await vital;
    expect(sent.postDataJSON()).toEqual({
      value: expect.any(Number),
      rating: expect.any(String),
      path: '/search',
    });
    expect((await sent.response())?.status()).toBe(204);
  });

  test('a sign-up lands on signup-complete: consent set, insurer link made, event sent, newsletter next', async ({
    page,
  }) => {
    const insurer = randomUUID();
    const email = uniqueEmail('signup-complete');
    // The visitor came by an insurer's sign-up link and accepted measurement there.
    await page.goto(`/signup?insurer=${insurer}`);
    await page
      .getByRole('region', { name: t('common', 'measurement.banner.title') })
      .getByRole('button', { name: t('common', 'measurement.accept') })
      .click();
    const signUp = await page.request.post('/api/identities/', {
      data: { email, password: TEST_PASSWORD, chosen_language: 'da', chosen_region: 'dk' },
    });
    expect(signUp.status()).toBe(202);
    const mail = await waitForMail(page.request, email, { linkPath: '/verify-email' });

    const signupEvent = page.waitForRequest(/\/api\/actions\/signup\/completed/);
    await page.goto(relativeLink(linkTo(mail, '/verify-email')));
    expect((await signupEvent).postDataJSON()).toEqual({ region: 'dk', insurer_link: true });
    await expect(page).toHaveURL(/\/signup\/newsletter$/);

    // The device's answer went with the new account.
    const token = await page.evaluate((key) => localStorage.getItem(key), APP_STORAGE_KEYS.token);
    const consents = await page.request.get('/api/identities/consents/', {
      headers: { authorization: `Bearer ${token}` },
    });
    const measurement = ((await consents.json()) as Array<{ type: string; granted: boolean }>).find(
      (consent) => consent.type === 'measurement',
    );
    expect(measurement?.granted).toBe(true);

    // After the newsletter question the journey goes on at the insurer's.
    await page.getByRole('button', { name: t('auth', 'newsletter.no') }).click();
    await expect(page).toHaveURL(new RegExp(`/insurance/${insurer}/policy$`));
  });
});
