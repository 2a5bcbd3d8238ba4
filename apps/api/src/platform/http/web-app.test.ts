import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_SECRETS, SINGLE_MACHINE_PRODUCTION } from '../../test/config-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createStaffFixtures } from '../../test/staff-fixtures.ts';

const INDEX =
  '<!doctype html><html lang="da"><head><title>Cykelregister</title></head><body><div id="root"></div></body></html>';

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'nbr-web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'assets', 'main-3f9a1c.js'), 'console.log("app")');
    await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {})');
    await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Cykelregister"}');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/login',
    '/app/settings',
    '/reset-password?code=abc',
    '/sticker-id/01/5790000000000/21/ABC12',
  ])(
    'answers the navigation %s with index.html, revalidated on every load, in no shared cache',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.body).toBe(INDEX);
      expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    },
  );

  it('caches hashed assets for a year and revalidates the service worker and the manifest', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-3f9a1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    // The service worker precaches /index.html itself, the bare app: in no shared cache.
    const shell = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(shell.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers a missing asset with 404 instead of the page, so a stale chunk fails loudly', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/gone-123.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('keeps /api and /dev out of the fallback', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/unknown',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it.each(['//api/unknown', '/%61pi/unknown', '/API/unknown', '//dev/unknown'])(
    'keeps %s out of the fallback too, however the path is spelled',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    },
  );
});

/** A build as apps/web/vite.config.ts writes it: text files with .br and .gz beside them, hidden maps. */
async function writeCompressedBuild(dist: string): Promise<void> {
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  await writeFile(path.join(dist, 'index.html.gz'), gzipSync(INDEX));
  await writeFile(path.join(dist, 'assets', 'main-3f9a1c.js'), BUNDLE);
  await writeFile(path.join(dist, 'assets', 'main-3f9a1c.js.br'), brotliCompressSync(BUNDLE));
  await writeFile(path.join(dist, 'assets', 'main-3f9a1c.js.gz'), gzipSync(BUNDLE));
  await writeFile(path.join(dist, 'assets', 'main-3f9a1c.js.map'), '{"version":3,"sources":["main.tsx"]}');
  await writeFile(path.join(dist, 'assets', 'logo-0c1d2e.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
}
const BUNDLE = `${'export const greeting = "hej";\n'.repeat(200)}`;

describe('serving the build compressed', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'nbr-web-dist-'));
    await writeCompressedBuild(dist);
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const getAsset = (acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({
      method,
      url: '/assets/main-3f9a1c.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('keeps the bare app out of shared caches when it is sent compressed too', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/app/my-bikes',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('sends the brotli file to a browser that accepts it, typed and cached as the script', async () => {
    const response = await getAsset('gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it('sends the gzip file when only gzip is accepted', async () => {
    const response = await getAsset('gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it.each([
    ['no Accept-Encoding', undefined],
    ['identity only', 'identity'],
    ['brotli and gzip refused', 'br;q=0, gzip;q=0'],
  ])('sends the file as it is with %s, still saying it varies', async (_case, acceptEncoding) => {
    const response = await getAsset(acceptEncoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(BUNDLE);
  });

  it('answers HEAD with the headers of the encoding GET would send', async () => {
    const head = await getAsset('br', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(brotliCompressSync(BUNDLE).length);
    expect(head.body).toBe('');
  });

  it('answers a range of the file it sends', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/main-3f9a1c.js',
      headers: { range: 'bytes=0-5' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.body).toBe(BUNDLE.slice(0, 6));
  });

  it('compresses the page itself for navigations', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/search',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('text/html');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
  });

  it('sends images as they are (they are compressed already)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/logo-0c1d2e.png',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('serves source maps outside production, for debugging', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/main-3f9a1c.js.map' });
    expect(response.statusCode).toBe(200);
  });
});

describe('source maps in production', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'nbr-web-dist-'));
    await writeCompressedBuild(dist);
    t = await createTestApp({
      env: {
        WEB_DIST_DIR: dist,
        ...SINGLE_MACHINE_PRODUCTION,
        ...PRODUCTION_SECRETS,
        SMTP_URL: 'smtp://mail.example.org:587',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('are never served to the public, whatever the encoding asked', async () => {
    for (const acceptEncoding of ['', 'br', 'gzip']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/main-3f9a1c.js.map',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.statusCode, acceptEncoding).toBe(404);
      expect(response.body).not.toContain('sources');
    }
  });

  it('while the scripts themselves are', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/main-3f9a1c.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
  });
});

describe('without a web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DIST_DIR: path.join(os.tmpdir(), 'nbr-no-such-build') } });
  });
  afterAll(() => t.close());

  it('answers navigations with a 503 page that says how to build', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('npm run build');
  });

  it('still serves the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});

describe('serving the built web app with its route manifest', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'nbr-web-dist-'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(
      path.join(dist, 'route-manifest.json'),
      JSON.stringify({
        routes: [
          '/',
          '/app',
          '/app/my-bikes/:bikeId',
          '/hvordan',
          '/sticker-id/01/:gtin/21/:stickerId',
          '/flows/:fullyQualifiedFlowMemo',
          '/flows/:fullyQualifiedFlowMemo/:stepMemo',
        ],
      }),
    );
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/app',
    '/app/',
    '/hvordan?x=1',
    '/app/my-bikes/019ac15e-0000',
    '/sticker-id/01/579/21/ABC12',
  ])('answers the app address %s with index.html and 200', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
  });

  it.each(['/nowhere', '/app/nowhere', '/app/my-bikes/1/nowhere', '/hvordan/more'])(
    'answers the unknown address %s with 404 and index.html, whose app shows its 404 page',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.body).toBe(INDEX);
    },
  );

  it('answers a published flow’s addresses with 200 and any other flow address with 404 (issue 29 §2)', async () => {
    const admin = (await createStaffFixtures(t.app)).admin.token;
    const memo = `plakat-${Date.now().toString(36)}`;
    const definition = {
      title: { da: 'Plakat' },
      steps: [
        {
          memo: 'start',
          title: { da: 'Start' },
          blocks: [],
          questions: [],
          action: null,
          routes: [],
          otherwise: 'end',
        },
      ],
    };
    const staff = { authorization: `Bearer ${admin}` };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/backoffice/flows',
          headers: staff,
          payload: { memo, definition },
        })
      ).statusCode,
    ).toBe(201);
    const status = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).statusCode;
    // Not published yet: no page.
    expect(await status(`/${memo}`)).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/backoffice/flows/${memo}/publish`, headers: staff }))
        .statusCode,
    ).toBe(200);
    expect(await status(`/${memo}`)).toBe(200);
    expect(await status(`/flows/${memo}`)).toBe(200);
    expect(await status(`/flows/${memo}/start`)).toBe(200);
    expect(await status(`/flows/${memo}/no-such-step`)).toBe(404);
    expect(await status('/flows/no-such-flow')).toBe(404);
    expect(await status('/no-such-flow')).toBe(404);
    // The 404 page's own address and the app's other reserved words are no flow either.
    expect(await status('/404')).toBe(404);
    // The app's own addresses are never a flow's: the manifest decides.
    expect(await status('/hvordan')).toBe(200);
    expect(await status('/app')).toBe(200);
  });
});
