import { SignUpSchema } from '@nbr/domain/identity';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { AppError, ValidationError } from '../errors.ts';

/** Test routes are open to anyone; every /api route must say so. */
const PUBLIC = { config: { access: 'public' as const } };

/** Routes that exist only in this test, to reach each branch of the error handler. */
function testRoutes(app: FastifyInstance) {
  app.register(
    async (api) => {
      const routes = api.withTypeProvider<ZodTypeProvider>();
      routes.post('/signup-like', { ...PUBLIC, schema: { body: SignUpSchema } }, async () => ({ ok: true }));
      routes.get(
        '/things/:id',
        {
          ...PUBLIC,
          schema: {
            params: z.object({ id: z.uuid() }),
            querystring: z.object({ page: z.coerce.number().int().min(1) }),
          },
        },
        async () => ({ ok: true }),
      );
      routes.post(
        '/strict',
        {
          ...PUBLIC,
          schema: { body: z.strictObject({ name: z.string().min(3).max(5), count: z.number().max(10) }) },
        },
        async () => ({ ok: true }),
      );
      routes.get('/conflict', PUBLIC, async () => {
        throw new AppError('email_in_use');
      });
      routes.get('/reset-failed', PUBLIC, async () => {
        throw new AppError('password_reset_failed');
      });
      routes.get('/bad-token', PUBLIC, async () => {
        throw new AppError('invalid_token');
      });
      routes.get('/common-password', PUBLIC, async () => {
        throw new ValidationError([{ loc: ['body', 'password'], type: 'password_too_common' }]);
      });
      routes.get('/confirmations', PUBLIC, async () => {
        throw new AppError('confirmations_missing');
      });
      routes.get('/crash', PUBLIC, async () => {
        throw new Error('connection to 10.0.0.7 refused; password=hunter2');
      });
      routes.post(
        '/store-text',
        { ...PUBLIC, schema: { body: z.object({ text: z.string() }) } },
        async (request) => {
          // A real query: what PostgreSQL (and PGlite) say about a NUL byte in text.
          await app.db.execute(sql`select ${request.body.text}::text as stored`);
          return { ok: true };
        },
      );
      routes.get('/trailing/', PUBLIC, async () => ({ ok: 'slash' }));
      routes.get('/language', PUBLIC, async (request) => ({
        language: request.language,
        source: request.languageSource,
      }));
    },
    { prefix: '/api/test' },
  );
}

describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ extend: testRoutes });
  });
  afterAll(() => t.close());

  it('answers a failed body schema with 422 in the client shape, translated (da by default)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/signup-like',
      payload: { email: 'not-an-address', password: 'short', zip_code: '12' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [
        { loc: ['body', 'email'], msg: 'Indtast en gyldig e-mailadresse.', type: 'invalid_email' },
        {
          loc: ['body', 'password'],
          msg: 'Adgangskoden skal være på mindst 8 tegn.',
          type: 'password_too_short',
        },
        { loc: ['body', 'zip_code'], msg: 'Indtast et postnummer på 4 cifre.', type: 'invalid_zip_code' },
      ],
      code: 'validation_failed',
    });
  });

  it.each([
    ['en', 'Enter a valid e-mail address.', 'This field is required.'],
    ['no', 'Skriv inn en gyldig e-postadresse.', 'Feltet må fylles ut.'],
    ['nb-NO,nb;q=0.9', 'Skriv inn en gyldig e-postadresse.', 'Feltet må fylles ut.'],
    ['is', 'Enter a valid e-mail address.', 'This field is required.'],
  ])('translates 422 messages for Accept-Language %s', async (acceptLanguage, emailText, requiredText) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/signup-like',
      headers: { 'accept-language': acceptLanguage },
      payload: { email: 'nope' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      { loc: ['body', 'email'], msg: emailText, type: 'invalid_email' },
      { loc: ['body', 'password'], msg: requiredText, type: 'required' },
    ]);
  });

  it('lets ?lang= win over Accept-Language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/language?lang=no',
      headers: { 'accept-language': 'en' },
    });
    expect(response.json()).toEqual({ language: 'no', source: 'query' });
    const fallback = await t.app.inject({
      method: 'GET',
      url: '/api/test/language',
      headers: { 'accept-language': 'fr' },
    });
    expect(fallback.json()).toEqual({ language: 'da', source: 'default' });
  });

  it('puts path and query issues under "path" and "query", with generic types for schemas without codes', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/things/123?page=0',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ['path', 'id'], msg: 'The format is not valid.', type: 'invalid_format' }],
      code: 'validation_failed',
    });
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/test/things/0190f0d8-7b5c-7cc2-9a0e-2b6b8f1f6f11?page=0',
      headers: { 'accept-language': 'en' },
    });
    expect(query.json().detail).toEqual([
      { loc: ['query', 'page'], msg: 'Must be at least 1.', type: 'too_small' },
    ]);
  });

  it('names lengths, unknown keys and wrong types', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/strict',
      headers: { 'accept-language': 'en' },
      payload: { name: 'toolong', count: 'x', extra: 1 },
    });
    expect(response.json().detail).toEqual([
      { loc: ['body', 'name'], msg: 'Can be at most 5 characters.', type: 'too_long' },
      { loc: ['body', 'count'], msg: 'The value has the wrong type.', type: 'invalid_type' },
      { loc: ['body', 'extra'], msg: 'This field is not allowed.', type: 'unrecognized_key' },
    ]);
  });

  it('answers malformed JSON with a 422 on the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/strict',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ['body'], msg: 'The request body is not valid JSON.', type: 'invalid_json' }],
      code: 'validation_failed',
    });
  });

  it('answers a body of another type or beyond the size limit with its status and bad_request', async () => {
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/test/strict',
      headers: { 'content-type': 'application/xml', 'accept-language': 'en' },
      payload: '<name>abc</name>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({ detail: 'The request could not be understood.', code: 'bad_request' });

    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/test/strict',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024), count: 1 }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ detail: 'Forespørgslen kunne ikke forstås.', code: 'bad_request' });
  });

  it('answers an AppError with its status, a translated detail and the stable code', async () => {
    const da = await t.app.inject({ method: 'GET', url: '/api/test/reset-failed' });
    expect(da.statusCode).toBe(400);
    expect(da.json()).toEqual({ detail: 'Kunne ikke nulstille adgangskoden', code: 'password_reset_failed' });

    const en = await t.app.inject({
      method: 'GET',
      url: '/api/test/conflict',
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({ detail: 'This e-mail address is already in use.', code: 'email_in_use' });
  });

  it('answers invalid_token with exactly {"detail":"invalid_token"} plus the code, in every language', async () => {
    for (const language of ['da', 'en', 'no']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/test/bad-token',
        headers: { 'accept-language': language },
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe('{"detail":"invalid_token","code":"invalid_token"}');
    }
  });

  it('answers a service-found field problem like a schema failure', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/common-password',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [
        {
          loc: ['body', 'password'],
          msg: 'This password is too common. Please choose another.',
          type: 'password_too_common',
        },
      ],
      code: 'validation_failed',
    });
    const confirmations = await t.app.inject({
      method: 'GET',
      url: '/api/test/confirmations',
      headers: { 'accept-language': 'en' },
    });
    expect(confirmations.statusCode).toBe(422);
    expect(confirmations.json()).toEqual({
      detail: [{ loc: ['body'], msg: 'Please confirm every point.', type: 'confirmations_missing' }],
      code: 'validation_failed',
    });
  });

  it('hides the internals of an unexpected failure', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/crash',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      detail: 'Something went wrong on our side. Please try again later.',
      code: 'internal_error',
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('answers text PostgreSQL cannot store (a NUL byte) with 422 invalid_characters, not 500', async () => {
    const fine = await t.app.inject({ method: 'POST', url: '/api/test/store-text', payload: { text: 'ok' } });
    expect(fine.statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/store-text',
      payload: { text: 'a\u0000b' },
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ loc: ['body'], type: 'invalid_characters' });
  });

  it('answers unknown /api and /dev paths with a JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/api/identities/nothing/deeper', '/dev/nothing']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ detail: 'Ikke fundet.', code: 'not_found' });
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/nothing',
      headers: { 'accept-language': 'en' },
    });
    expect(post.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('normalises trailing slashes', async () => {
    for (const url of ['/api/health', '/api/health/', '/api/test/trailing', '/api/test/trailing/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
  });
});

describe('error answers while the database cannot answer', () => {
  let t: TestApp;
  const logLines: Array<Record<string, unknown>> = [];
  const withCode = (code: string, message: string) => Object.assign(new Error(message), { code });
  /** What Drizzle throws: the statement and its values, with the driver's error as the cause. */
  const failedQuery = (cause: Error) =>
    new Error('Failed query: select * from persons where email = $1\nparams: anna@example.org', { cause });
  const failures: Record<string, () => Error> = {
    refused: () => failedQuery(withCode('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.7:5432')),
    'admin-shutdown': () =>
      failedQuery(withCode('57P01', 'terminating connection due to administrator command')),
    'statement-timeout': () => failedQuery(withCode('57014', 'canceling statement due to statement timeout')),
    'read-only-after-failover': () =>
      failedQuery(withCode('25006', 'cannot execute INSERT in a read-only transaction')),
    terminated: () => new Error('Connection terminated unexpectedly'),
    'no-connection-in-time': () => new Error('timeout exceeded when trying to connect'),
  };

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void logLines.push(JSON.parse(line)) },
      extend: (app) => {
        app.get<{ Params: { failure: string } }>('/api/test/database/:failure', PUBLIC, async (request) => {
          throw (failures[request.params.failure] ?? (() => new Error('unknown')))();
        });
      },
    });
  });
  afterAll(() => t.close());

  it.each(Object.keys(failures))(
    '%s: 503 service_unavailable with Retry-After, in the caller language',
    async (failure) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/test/database/${failure}`,
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        detail: 'The service is temporarily unavailable. Please try again later.',
        code: 'service_unavailable',
      });
    },
  );

  it('answers in Danish by default and Norwegian when asked', async () => {
    const da = await t.app.inject({ method: 'GET', url: '/api/test/database/refused' });
    expect(da.json()).toEqual({
      detail: 'Tjenesten er midlertidigt utilgængelig. Prøv igen senere.',
      code: 'service_unavailable',
    });
    const no = await t.app.inject({
      method: 'GET',
      url: '/api/test/database/refused',
      headers: { 'accept-language': 'no' },
    });
    expect(no.json().detail).toBe('Tjenesten er midlertidig utilgjengelig. Prøv igjen senere.');
  });

  it('logs a warning naming the reason, never the statement or its values', async () => {
    logLines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/test/database/admin-shutdown' });
    const warning = logLines.find((line) => line.msg === 'database unavailable');
    expect(warning).toMatchObject({ level: 40, database: 'admin_shutdown_57P01' });
    const everything = JSON.stringify(logLines);
    expect(everything).not.toContain('anna@example.org');
    expect(everything).not.toContain('Failed query');
  });
});
