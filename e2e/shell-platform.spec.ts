import { expect, test } from './support/fixtures.ts';
import { text } from './support/texts.ts';

/* What the platform around the screens promises: health, the install manifest and the offline shell. */

test('GET /api/health answers ok', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('the web manifest carries the values of SPEC §1', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href, 'index.html links a manifest').toBeTruthy();
  const response = await request.get(new URL(href!, page.url()).toString());
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({
    display: 'standalone',
    theme_color: '#004568',
    start_url: '/app',
  });
  expect(manifest.categories).toEqual(
    expect.arrayContaining(['bike', 'register', 'plate', 'frame number', 'transport']),
  );
  expect(String(manifest.short_name).length).toBeGreaterThan(0);
  expect(String(manifest.short_name).length).toBeLessThanOrEqual(15);
  expect(String(manifest.description)).toMatch(/cykelregister/i);
  const icons = manifest.icons as { sizes: string; src: string }[];
  expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of icons) {
    const iconResponse = await request.get(new URL(icon.src, page.url()).toString());
    expect(iconResponse.status(), `${icon.src} is served`).toBe(200);
    expect(iconResponse.headers()['content-type']).toMatch(/^image\//);
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#004568');
});

test.describe('the offline shell', () => {
  // Every other journey runs without the service worker (playwright.config.ts); this one is about it.
  test.use({ serviceWorkers: 'allow' });

  test('the first visit installs the app shell only, and pages opened before open offline', async ({
    page,
    context,
  }) => {
    // The login page is painted on the server: its data come inside the document, its texts preloaded.
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('da', 'auth', 'login.title'));
    await expect(page.locator('#nbr-page-state'), 'the first page is server-painted').toHaveCount(1);
    const controlled = await page.evaluate(async () => {
      const ready = navigator.serviceWorker.ready.then(async () => {
        if (navigator.serviceWorker.controller) return true;
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
        return true;
      });
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000));
      return Promise.race([ready, timeout]);
    });
    expect(controlled, 'a service worker controls the page within 20 s of the first visit').toBe(true);

    // What the install downloaded: the shell (the document, the entry script and what it imports,
    // the icons: 45 files, 0.6 MB in December 2026), not the build (498 files, 4.6 MB before).
    const precache = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith('workbox-precache'));
      const files: { path: string; bytes: number }[] = [];
      for (const name of names) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          files.push({ path: new URL(request.url).pathname, bytes: (await response?.blob())?.size ?? 0 });
        }
      }
      return files;
    });
    const paths = precache.map((file) => file.path);
    expect(paths, 'the bare document is the shell').toContain('/index.html');
    expect(paths, 'the server-painted home page is never precached').not.toContain('/');
    expect(precache.length, 'files precached on install').toBeLessThan(80);
    const bytes = precache.reduce((sum, file) => sum + file.bytes, 0);
    expect(bytes, 'bytes precached on install').toBeLessThan(1_500_000);

    // The first page's own files (its lazy page, styles, texts) came before the worker; once it
    // controls the page the worker keeps them too.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const loaded = performance
              .getEntriesByType('resource')
              .map((entry) => new URL(entry.name))
              .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'));
            const missing: string[] = [];
            for (const url of loaded) if (!(await caches.match(url.href))) missing.push(url.pathname);
            const kept = (await (await caches.open('nbr-assets')).keys()).map((request) => request.url);
            for (const texts of ['/da/common.json', '/da/auth.json'])
              if (!kept.some((url) => url.includes('/assets/locales/') && url.endsWith(texts)))
                missing.push(texts);
            return missing;
          }),
        { message: 'the files and texts of the first page are cached' },
      )
      .toEqual([]);

    // Another page opened online is cached as it is used.
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('da', 'content', 'privacy.heading'),
    );

    await context.setOffline(true);
    // Offline, a page address opens the shell, which starts the app on the page from its cached files.
    const login = await page.goto('/login');
    expect(login?.fromServiceWorker(), 'the worker answers the navigation offline').toBe(true);
    await expect(page.locator('#nbr-page-state'), 'the bare shell, never a stored painted page').toHaveCount(
      0,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('da', 'auth', 'login.title'));
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('da', 'content', 'privacy.heading'),
    );
    await context.setOffline(false);
  });
});
