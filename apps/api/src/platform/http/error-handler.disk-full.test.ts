import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

/*
 * A full disk anywhere in a request answers 503 storage_full with Retry-After, in the caller's
 * language, instead of a 500 (issue 26, problem 8); the log line names the cause without the
 * values of the query that met it.
 */

const PUBLIC = { config: { access: 'public' as const } };

/** What Node's fs answers when the disk or the quota is full. */
function fileSystemError(code: 'ENOSPC' | 'EDQUOT') {
  return Object.assign(new Error(`${code}: no space left, write '/data/files/x.partial'`), { code });
}

/** What Drizzle throws around PostgreSQL's disk_full: the query error carries the query's values. */
function databaseDiskFull() {
  const cause = Object.assign(new Error('could not extend file "base/5/16436": No space left on device'), {
    code: '53100',
  });
  return Object.assign(
    new Error('Failed query: insert into people (email) values ($1)\nparams: secret.person@example.org'),
    { cause, params: ['secret.person@example.org'] },
  );
}

function testRoutes(app: FastifyInstance) {
  app.register(
    async (api) => {
      api.post('/enospc', PUBLIC, async () => {
        throw fileSystemError('ENOSPC');
      });
      api.post('/edquot', PUBLIC, async () => {
        throw new Error('storing failed', { cause: fileSystemError('EDQUOT') });
      });
      api.post('/database-full', PUBLIC, async () => {
        throw databaseDiskFull();
      });
    },
    { prefix: '/api/test' },
  );
}

describe('a full disk', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(line) },
      extend: testRoutes,
    });
  });
  afterAll(() => t.close());

  it('answers 503 storage_full with Retry-After in the caller language, wherever it was met', async () => {
    const texts = {
      en: 'We cannot save anything right now because our storage is full. Nothing was saved; please try again later.',
      da: 'Vi kan ikke gemme noget lige nu, fordi vores lager er fuldt. Intet blev gemt; prøv igen senere.',
      no: 'Vi kan ikke lagre noe akkurat nå fordi lageret vårt er fullt. Ingenting ble lagret; prøv igjen senere.',
    };
    for (const [url, language] of [
      ['/api/test/enospc', 'en'],
      ['/api/test/edquot', 'da'],
      ['/api/test/database-full', 'no'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url, headers: { 'accept-language': language } });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toEqual({ detail: texts[language], code: 'storage_full' });
      expect(response.headers['retry-after']).toBe('300');
    }
  });

  it('logs the cause as an error, without the values of the query', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'POST', url: '/api/test/database-full' });
    const logged = lines.join('\n');
    expect(logged).toContain('request failed: the disk is full');
    expect(logged).toContain('could not extend file');
    expect(logged).not.toContain('secret.person@example.org');
  });
});
