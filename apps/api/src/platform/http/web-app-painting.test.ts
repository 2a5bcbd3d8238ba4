import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

const INDEX =
  '<!doctype html><html lang="da"><head><title>Cykelregister</title></head><body><div id="root"></div></body></html>';

/*
 * A server bundle standing in for apps/web/src/entry-server.tsx (built to dist-server): its painter
 * answers by the address, so the API's side of painting (issue 31) is tested without a web build.
 * /login is painted; /search paints with the answer of an API request it makes in-process (the
 * address the API saw, and the language); /x/broken fails; /x/moved redirects with a cookie; /x/bare
 * is not a painted page; a posted form is echoed. (A one-segment address would be a flow's poster
 * address, which the flows answer first.)
 */
const SERVER_BUNDLE = `
export function createPainter({ template, manifest }) {
  return {
    async paint(request) {
      const { pathname } = new URL(request.url, 'http://x');
      if (request.form) {
        return { kind: 'page', status: 401, language: 'da', html: 'form:' + request.form.contentType + ':' + request.form.body };
      }
      if (pathname === '/login') {
        return { kind: 'page', status: 200, language: 'no', html: template.replace('<div id="root"></div>', '<div id="root"><h1>Logg inn</h1></div>') + (manifest.ok ? '' : 'no manifest') };
      }
      if (pathname === '/search') {
        const answer = await request.callApi({ method: 'GET', url: '/api/health', headers: { 'accept-language': 'no' } });
        return { kind: 'page', status: 200, language: 'no', html: 'health:' + answer.status };
      }
      if (pathname === '/x/broken') return { kind: 'bare', error: new Error('render failed') };
      if (pathname === '/x/gone') return { kind: 'bare', status: 404 };
      if (pathname === '/x/moved') return { kind: 'redirect', status: 302, location: '/app', setCookie: ['a=b; Path=/'] };
      return { kind: 'bare' };
    },
  };
}
`;

/** A web build as `npm run build` writes it: dist (index.html, the manifest) and dist-server beside it. */
async function writeBuild(files: { manifest: string; serverBundle: string }): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'nbr-web-'));
  const dist = path.join(root, 'dist');
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, '.vite', 'manifest.json'), files.manifest);
  await mkdir(path.join(root, 'dist-server'));
  await writeFile(path.join(root, 'dist-server', 'entry-server.js'), files.serverBundle);
  return root;
}

describe('pages painted on the server', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = await writeBuild({ manifest: '{"ok": true}', serverBundle: SERVER_BUNDLE });
    t = await createTestApp({ env: { WEB_DIST_DIR: path.join(root, 'dist') } });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  const navigate = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('sends a painted page in its language, revalidated and kept apart per language and cookie', async () => {
    const response = await navigate('/login');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>Logg inn</h1>');
    expect(response.body).not.toContain('no manifest');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('Accept-Language, Cookie');
    expect(response.headers['content-language']).toBe('no');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it("answers the page's API requests in-process, through the API's own routes", async () => {
    const response = await navigate('/search');
    expect(response.body).toBe('health:200');
  });

  it('sends the bare app when painting fails, or when the address is not a painted page', async () => {
    for (const url of ['/x/broken', '/x/bare']) {
      const response = await navigate(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
    expect((await navigate('/x/gone')).statusCode).toBe(404);
  });

  it('follows a redirect of the page, with the cookies it sets, never cached', async () => {
    const response = await navigate('/x/moved');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/app');
    expect(response.headers['set-cookie']).toEqual(['a=b; Path=/']);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('never paints an address the app has no page for', async () => {
    const response = await navigate('/api-less/unknown/deep/path.with.dot');
    expect(response.body).not.toContain('health');
  });

  it("hands a form posted from our own page to the page's action", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: 'email=a%40b.dk&password=x',
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe('form:application/x-www-form-urlencoded:email=a%40b.dk&password=x');
  });

  it('shows the page again, by a GET, for a form only the app sends, so nothing of it lands in an address', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/signup?insurer=abc',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: 'email=a%40b.dk&password=secret',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/signup?insurer=abc');
    expect(response.headers.location).not.toContain('secret');
  });

  it('refuses a form posted from another site (a login forced on the visitor)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: 'email=a%40b.dk&password=x',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });
});

describe('a server bundle that does not load', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = await writeBuild({ manifest: '{}', serverBundle: 'throw new Error("broken bundle");' });
    t = await createTestApp({ env: { WEB_DIST_DIR: path.join(root, 'dist') } });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('leaves every page to the browser', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
  });
});
