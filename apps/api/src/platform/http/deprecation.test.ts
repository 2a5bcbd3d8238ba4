import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Deprecation, deprecationHeaders, deprecationPlugin } from './deprecation.ts';
import { openApiPlugin } from './openapi.ts';

describe('deprecationHeaders', () => {
  it('dates the deprecation (RFC 9745), the sunset after its last day (RFC 8594) and links the successor', () => {
    expect(
      deprecationHeaders({ since: '2027-01-01', sunset: '2027-12-31', successor: '/api/v2/checks' }),
    ).toEqual({
      deprecation: '@1798761600',
      sunset: 'Sat, 01 Jan 2028 00:00:00 GMT',
      link: '</api/v2/checks>; rel="successor-version"',
    });
    expect(deprecationHeaders({ since: '2027-01-01', sunset: '2028-06-30' })).not.toHaveProperty('link');
  });

  it('refuses a sunset less than 12 months after the announcement, and a date it cannot read', () => {
    expect(() => deprecationHeaders({ since: '2027-01-01', sunset: '2027-12-30' })).toThrow(
      'deprecation.sunset 2027-12-30 is less than 365 days after 2027-01-01',
    );
    expect(() => deprecationHeaders({ since: '1 January 2027', sunset: '2028-06-30' })).toThrow(
      'deprecation.since must be a date, YYYY-MM-DD',
    );
    expect(() => deprecationHeaders({ since: '2027-01-01', sunset: '2028-02-30' })).toThrow(
      'deprecation.sunset must be a date, YYYY-MM-DD',
    );
  });
});

describe('a deprecated route', () => {
  let app: FastifyInstance | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function appWith(deprecation: Deprecation): Promise<FastifyInstance> {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(deprecationPlugin);
    await app.register(openApiPlugin, { version: '1.0.0', publicUrl: 'http://localhost:3000' });
    app.get(
      '/api/v1/checks',
      {
        schema: { response: { 200: z.object({ status: z.string() }) } },
        config: { access: 'public', deprecation },
      },
      async () => ({ status: 'unknown' }),
    );
    app.get(
      '/api/v2/checks',
      { schema: { response: { 200: z.object({ status: z.string() }) } }, config: { access: 'public' } },
      async () => ({ status: 'unknown' }),
    );
    await app.ready();
    return app;
  }

  it('says so in every answer and in the OpenAPI document; its successor does not', async () => {
    const ready = await appWith({ since: '2027-01-01', sunset: '2027-12-31', successor: '/api/v2/checks' });
    const old = await ready.inject({ method: 'GET', url: '/api/v1/checks' });
    expect(old.statusCode).toBe(200);
    expect(old.headers.deprecation).toBe('@1798761600');
    expect(old.headers.sunset).toBe('Sat, 01 Jan 2028 00:00:00 GMT');
    expect(old.headers.link).toBe('</api/v2/checks>; rel="successor-version"');
    const successor = await ready.inject({ method: 'GET', url: '/api/v2/checks' });
    expect(successor.headers.deprecation).toBeUndefined();
    expect(successor.headers.sunset).toBeUndefined();

    const document = ready.swagger() as unknown as {
      paths: Record<string, { get: { deprecated?: boolean; description?: string } }>;
    };
    expect(document.paths['/api/v1/checks']?.get.deprecated).toBe(true);
    expect(document.paths['/api/v1/checks']?.get.description).toBe(
      'Deprecated on 2027-01-01: answers until the end of 2027-12-31; use /api/v2/checks instead (see the Deprecation and Sunset headers).',
    );
    expect(document.paths['/api/v2/checks']?.get.deprecated).toBeUndefined();
  });

  it('is refused when registered with a notice shorter than the policy’s', async () => {
    await expect(appWith({ since: '2027-01-01', sunset: '2027-06-30' })).rejects.toThrow(
      'GET /api/v1/checks: deprecation.sunset 2027-06-30 is less than 365 days after 2027-01-01',
    );
  });
});
