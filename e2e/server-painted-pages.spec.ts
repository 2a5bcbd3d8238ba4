import { signedInUser, signUpViaApi, TEST_PASSWORD } from './support/accounts.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { APP_COOKIES, APP_STORAGE_KEYS } from './support/storage-keys.ts';
import { text } from './support/texts.ts';

/*
 * Issue 31: the public pages arrive painted by the server, in the language the request asks for
 * (the address's ?lang=, the device's choice in the nbr_lang cookie, the browser's languages), and
 * work before any JavaScript runs. Every journey of the suite also fails on a hydration mismatch
 * (support/fixtures.ts), so each painted page a journey opens is checked for that too.
 */

/** The text of the page's h1 in the HTML as the server sent it. */
function paintedHeading(html: string): string | null {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match?.[1]?.replace(/<[^>]+>/g, '').trim() ?? null;
}

test.describe('a page as the server sends it', () => {
  test('is painted in the language the request asks for, and never cached with someone else’s', async ({
    request,
  }) => {
    const norwegian = await request.get('/login', {
      headers: { Accept: 'text/html', 'Accept-Language': 'nb-NO,nb;q=0.9' },
    });
    expect(norwegian.status()).toBe(200);
    const html = await norwegian.text();
    expect(html).toContain('<html lang="nb"');
    expect(paintedHeading(html)).toBe(text('no', 'auth', 'login.title'));
    expect(html).toContain(`<title>${text('no', 'auth', 'login.title')} – `);
    expect(html).toContain('id="nbr-page-state"');
    expect(norwegian.headers()['cache-control']).toBe('no-cache');
    expect(norwegian.headers().vary).toContain('Accept-Language');
    expect(norwegian.headers().vary).toContain('Cookie');
    expect(norwegian.headers()['content-language']).toBe('no');

    // The device's choice (written with the language in the app) wins over the browser's languages…
    const chosen = await request.get('/login', {
      headers: { Accept: 'text/html', 'Accept-Language': 'nb-NO', Cookie: 'nbr_lang=en' },
    });
    expect(paintedHeading(await chosen.text())).toBe(text('en', 'auth', 'login.title'));
    // …and a shared link's ?lang= over both.
    const linked = await request.get('/login?lang=da', {
      headers: { Accept: 'text/html', 'Accept-Language': 'nb-NO', Cookie: 'nbr_lang=en' },
    });
    expect(paintedHeading(await linked.text())).toBe(text('da', 'auth', 'login.title'));
  });

  test('is the bare app where a page is the person’s own', async ({ request }) => {
    const answer = await request.get('/app/my-bikes', { headers: { Accept: 'text/html' } });
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('nbr-page-state');
    expect(answer.headers()['cache-control']).toBe('private, no-cache');
  });
});

test.describe('before any JavaScript runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the register search answers a plain form with the whole result @phone', async ({ page }) => {
    const owner = await signUpViaApi(page.request);
    const bike = await registerBikeViaApi(page.request, owner, 'Painted bike');

    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('da', 'search', 'title'));
    await page.getByRole('searchbox', { name: text('da', 'search', 'field.label') }).fill(bike.frameNumber);
    await page.getByRole('searchbox', { name: text('da', 'search', 'field.label') }).press('Enter');

    await expect(page).toHaveURL(new RegExp(`/search\\?q=${bike.frameNumber}`));
    const results = page.getByRole('list', { name: text('da', 'search', 'results.label') });
    await expect(results).toContainText('Kildemoes');
    await expect(results.getByRole('link').first()).toHaveAttribute('href', new RegExp(bike.bikeId));
  });

  test('the login form is a form the browser can send by itself: a refusal keeps the address and says why', async ({
    page,
  }) => {
    const account = await signUpViaApi(page.request);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('da', 'auth', 'login.title'));
    const form = page.locator('form', {
      has: page.getByRole('button', { name: text('da', 'auth', 'login.submit') }),
    });
    await expect(form).toHaveAttribute('method', 'post');

    await page.getByRole('textbox', { name: text('da', 'auth', 'fields.email') }).fill(account.email);
    await page.getByLabel(text('da', 'auth', 'fields.password'), { exact: true }).fill('not-the-password');
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: text('da', 'auth', 'login.submit') }).click();
    expect((await answer).status()).toBe(401);
    await expect(page.getByRole('alert').first()).toContainText(
      text('da', 'common', 'errors.invalid_credentials'),
    );
    await expect(page.getByRole('textbox', { name: text('da', 'auth', 'fields.email') })).toHaveValue(
      account.email,
    );
  });
});

test.describe('a login sent before the app has started', () => {
  test('signs in: the app takes the session over when its script arrives @phone', async ({
    page,
    context,
  }) => {
    const account = await signUpViaApi(page.request);
    // The app's script is held back until the form has been sent, as on a slow phone.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: text('da', 'auth', 'fields.email') }).fill(account.email);
    await page.getByLabel(text('da', 'auth', 'fields.password'), { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: text('da', 'auth', 'login.submit') }).click();
    await page.waitForURL(/\/app$/, { waitUntil: 'commit' });
    release();

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/app$/);
    expect(await page.evaluate(() => Boolean(window.localStorage.getItem('nbr:token')))).toBe(true);
    // The handed-over session is not left in a cookie.
    await expect
      .poll(async () => (await context.cookies()).map((cookie) => cookie.name))
      .not.toContain('nbr_signin');
  });
});

test.describe('hydrating a painted page', () => {
  test.use({ language: 'no' });

  test('asks for its data no more, and for each text file once, as the page preloads it', async ({
    page,
  }) => {
    const asked: string[] = [];
    const texts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/search')) asked.push(pathname);
      if (pathname.startsWith('/assets/locales/')) texts.push(pathname);
    });
    const owner = await signUpViaApi(page.request);
    const bike = await registerBikeViaApi(page.request, owner, 'Hydrated bike');

    await page.goto(`/search?q=${bike.frameNumber}`);
    const results = page.getByRole('list', { name: text('no', 'search', 'results.label') });
    await expect(results).toContainText('Kildemoes');
    // The app has started (its search field answers typing) without asking again.
    await page.getByRole('searchbox', { name: text('no', 'search', 'field.label') }).fill('WDA');
    await expect(page.getByRole('searchbox', { name: text('no', 'search', 'field.label') })).toHaveValue(
      'WDA',
    );
    expect(asked).toEqual([]);
    const preloaded = await page
      .locator('link[rel="preload"][as="fetch"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(preloaded.some((path) => path.endsWith('/no/search.json'))).toBe(true);
    expect(texts.toSorted()).toEqual(preloaded.toSorted());
  });

  test('painted for a visitor, becomes a signed-in person’s: /login leads them on to the app', async ({
    page,
  }) => {
    await signedInUser(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/app$/);
  });
});

test.describe('the measurement question on a painted page', () => {
  test.use({ measurementConsent: null });
  const title = text('da', 'common', 'measurement.banner.title');

  test('before the app’s script has run, a visitor who has not answered sees it in the page as sent, styled @phone', async ({
    page,
  }) => {
    // The app's script never arrives: what shows is the page as the server sent it (its first paint).
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    const answer = await page.goto('/', { waitUntil: 'commit' });
    const html = (await answer?.text()) ?? '';
    // Its look is in the app's one stylesheet, linked in the head, and its code too: its look is the
    // first paint's.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/style-[^"]+\.css">/);
    expect(head).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/consent-banner-[^"]+\.js">/);
    const banner = page.getByRole('region', { name: title });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveCSS('position', 'sticky');
    await expect(
      banner.getByRole('button', { name: text('da', 'common', 'measurement.reject') }),
    ).toBeVisible();
  });

  test.describe('in a browser that runs no script', () => {
    test.use({ javaScriptEnabled: false });

    test('it is not shown: it could not be answered, and nothing is measured there @phone', async ({
      page,
    }) => {
      const answer = await page.goto('/search');
      expect(await answer?.text()).toContain('data-consent-banner');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: title })).toBeHidden();
      // Nor does the page say it needs JavaScript: the search works without.
      await expect(page.getByText('JavaScript')).toHaveCount(0);
    });
  });

  test('answered on a painted page, it leaves, and the next page is painted without it', async ({
    page,
    context,
  }) => {
    await page.goto('/search');
    const banner = page.getByRole('region', { name: title });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: text('da', 'common', 'measurement.reject') }).click();
    await expect(banner).toHaveCount(0);
    await expect
      .poll(
        async () =>
          (await context.cookies()).find((cookie) => cookie.name === APP_COOKIES.measurement)?.value,
      )
      .toBe('denied');

    // The server now paints no question, nor links its code.
    const html = await (await page.request.get('/search', { headers: { Accept: 'text/html' } })).text();
    expect(html).toContain('id="nbr-page-state"');
    expect(html).not.toContain('data-consent-banner');
    expect(html).not.toContain('/assets/consent-banner-');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('da', 'search', 'title'));
    await expect(page.getByRole('region', { name: title })).toHaveCount(0);
  });

  test('a device that answered before the cookie existed: the question leaves once the app starts', async ({
    page,
    context,
  }) => {
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      APP_STORAGE_KEYS.measurementConsent,
      JSON.stringify({ choice: 'granted', at: '2026-01-01T00:00:00.000Z' }),
    ] as const);
    const answer = await page.goto('/search');
    expect(await answer?.text()).toContain('data-consent-banner');
    await expect(page.getByRole('region', { name: title })).toHaveCount(0);
    // The cookie learns the device's answer, so the next page is painted without the question.
    await expect
      .poll(
        async () =>
          (await context.cookies()).find((cookie) => cookie.name === APP_COOKIES.measurement)?.value,
      )
      .toBe('granted');
  });
});
