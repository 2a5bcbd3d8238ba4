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

  test('after a first visit the app shell opens offline', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('da', 'content', 'home.hero.heading'),
    );
    // The service worker precaches the whole build on install; wait until it controls the page.
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

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('da', 'content', 'home.hero.heading'),
    );

    // Another page of the shell that was never opened online also comes from the cache.
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('da', 'content', 'privacy.heading'),
    );
    await context.setOffline(false);
  });
});
