import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

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
  ])('answers the navigation %s with index.html, revalidated on every load', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('caches hashed assets for a year and revalidates the service worker and the manifest', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-3f9a1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // The service worker precaches /index.html itself.
    for (const url of ['/sw.js', '/manifest.webmanifest', '/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
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
