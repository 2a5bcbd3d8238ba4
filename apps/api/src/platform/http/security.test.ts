import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { sensitiveRateLimit } from './rate-limit.ts';
import { REACT_ARIA_PRESSABLE_STYLE } from './security.ts';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { CORS_ORIGINS: 'https://partner.example.org, https://other.example.org' },
    });
  });
  afterAll(() => t.close());

  it('sends a strict content security policy and the usual hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'img-src': "'self' data: blob:",
      'connect-src': "'self'",
      'worker-src': "'self'",
      'manifest-src': "'self'",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
    });
    expect(directives['style-src']).toBe("'self' 'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='");
    expect(csp).not.toContain('unsafe-eval');
    // Inline scripts and <style> elements are refused; only style="" attributes, which a page painted
    // on the server carries in its HTML, are allowed (they run nothing and load from nowhere else).
    expect(directives['style-src-attr']).toBe("'unsafe-inline'");
    const { 'style-src-attr': _attributes, ...others } = directives;
    expect(Object.values(others).join(' ')).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('serves Swagger UI at /api/docs under a policy of its own and the OpenAPI 3.1 document beside it', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    expect(String(ui.headers['content-security-policy'])).toContain("frame-ancestors 'none'");

    const document = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const spec = document.json();
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.paths['/api/health'].get.responses['200']).toBeDefined();
    // Every route documents the error answers any route may give.
    const loginResponses = spec.paths['/api/identities/authentications'].post.responses;
    expect(loginResponses['422'].content['application/json'].schema.properties.code).toBeDefined();
    expect(loginResponses['429']).toBeDefined();
    expect(spec.paths['/api/identities/authentications'].post.requestBody).toBeDefined();
    // Stand-ins and static files are not part of the API.
    expect(Object.keys(spec.paths).some((path) => path.startsWith('/dev'))).toBe(false);
  });

  it('allows the configured origins across sites, and only those', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: {
        origin: 'https://partner.example.org',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,app-version,session-id',
      },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example.org');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('session-id');

    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the inline style allowed by hash', () => {
  it('is exactly the style the installed react-aria injects', async () => {
    const require = createRequire(import.meta.url);
    const entry = require.resolve('react-aria');
    const root = entry.slice(
      0,
      entry.lastIndexOf(`${path.sep}react-aria${path.sep}`) + '/react-aria/'.length,
    );
    const source = await readFile(path.join(root, 'dist/private/interactions/usePress.mjs'), 'utf8');
    const literal = /style\.textContent = `([\s\S]*?)`\.trim\(\)/.exec(source)?.[1];
    expect(literal, 'react-aria no longer injects its pressable style this way').toBeDefined();
    const injected = literal!.replace(/\$\{[^}]+\}/, 'data-react-aria-pressable').trim();
    expect(injected).toBe(REACT_ARIA_PRESSABLE_STYLE);
  });
});

describe('CORS without configured origins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends no CORS headers, so only the same origin can read answers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://partner.example.org' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limits', () => {
  let t: TestApp;
  const sensitiveRoute = (app: FastifyInstance) => {
    app.post('/api/test/login-like', { config: { ...sensitiveRateLimit(), access: 'public' } }, async () => ({
      ok: true,
    }));
    app.get('/api/test/open', { config: { access: 'public' } }, async () => ({ ok: true }));
  };
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_SENSITIVE_PER_MINUTE: '2' },
      extend: sensitiveRoute,
    });
  });
  afterAll(() => t.close());

  it('answers 429 rate_limited, translated, with Retry-After, once the budget is spent', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/test/open',
        remoteAddress: '10.1.1.1',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({
          detail: 'For mange forsøg. Prøv igen om lidt.',
          code: 'rate_limited',
        });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const english = await t.app.inject({
      method: 'GET',
      url: '/api/test/open',
      remoteAddress: '10.1.1.1',
      headers: { 'accept-language': 'en' },
    });
    expect(english.json()).toEqual({
      detail: 'Too many attempts. Please try again in a moment.',
      code: 'rate_limited',
    });

    // Another client still has its own budget.
    const other = await t.app.inject({ method: 'GET', url: '/api/test/open', remoteAddress: '10.2.2.2' });
    expect(other.statusCode).toBe(200);
  });

  it('gives sensitive routes a tighter budget of their own', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/login-like',
        remoteAddress: '10.3.3.3',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('never limits the health check', async () => {
    for (let i = 0; i < 8; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.4.4.4' });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('request logs', () => {
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
  });
  afterAll(() => t.close());

  it('carries app-version and session-id on every line of a request and never the token', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: {
        'app-version': 'web-2026.11.21',
        'session-id': 'abc-123',
        authorization: 'Bearer secret-token',
      },
    });
    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines.length).toBeGreaterThanOrEqual(2);
    for (const line of requestLines) {
      expect(line.app_version).toBe('web-2026.11.21');
      expect(line.session_id).toBe('abc-123');
    }
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  it('keeps one-time codes in URLs out of the logs', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/password-resets/SECRETCODE/validate',
    });
    expect(JSON.stringify(lines)).not.toContain('SECRETCODE');
  });

  it('keeps them out however the path or the parameter is spelled', async () => {
    for (const url of [
      '//api/identities/authentications/password-resets/SPELLEDCODE1/validate',
      '/api/identities/authentications/%70assword-resets/SPELLEDCODE2/validate',
      'http://localhost/api/identities/authentications/password-resets/SPELLEDCODE3/validate',
      '/api/health?%74oken=SPELLEDCODE4',
      '/api/health?TOKEN=SPELLEDCODE5',
    ]) {
      await t.app.inject({ method: url.includes('validate') ? 'POST' : 'GET', url });
    }
    expect(JSON.stringify(lines)).not.toMatch(/SPELLEDCODE/);
  });
});
