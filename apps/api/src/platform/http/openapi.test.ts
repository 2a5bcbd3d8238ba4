import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NO_CONTENT, openApiPlugin, operationIdOf } from './openapi.ts';

describe('operationIdOf', () => {
  it.each([
    ['GET', '/api/bikes/:bike_id/theft-report/pdf', 'getBikesByBikeIdTheftReportPdf'],
    ['POST', '/api/identities/authentications', 'postIdentitiesAuthentications'],
    ['GET', '/api/v1/checks', 'getV1Checks'],
    ['DELETE', '/api/bikes/:bike_id/pictures/:picture_id', 'deleteBikesByBikeIdPicturesByPictureId'],
    ['GET', '/api/chats/', 'getChats'],
    ['GET', '/api/health', 'getHealth'],
    ['GET', '/api', 'getRoot'],
    ['PUT', '/api/orders/:id(^\\d+$)/lines', 'putOrdersByIdLines'],
    ['GET', '/.well-known/jwks.json', 'getWellKnownJwksJson'],
  ])('%s %s → %s', (method, url, operationId) => {
    expect(operationIdOf(method, url)).toBe(operationId);
  });
});

describe('the OpenAPI plugin', () => {
  let app: FastifyInstance | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** A bare app with the docs plugin and the given routes, ready. */
  async function appWith(addRoutes: (api: FastifyInstance) => void): Promise<FastifyInstance> {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openApiPlugin, { version: '1.0.0', publicUrl: 'http://localhost:3000' });
    await app.register(async (api) => addRoutes(api), { prefix: '/api' });
    await app.ready();
    return app;
  }

  it('gives each operation the operationId of its method and path and the security of its access level', async () => {
    const ready = await appWith((api) => {
      api.get(
        '/bikes/:bike_id',
        { schema: { response: { 200: z.object({ id: z.string() }) } }, config: { access: 'signed_in' } },
        async () => ({ id: 'x' }),
      );
      api.delete(
        '/bikes/:bike_id',
        { schema: { response: { 204: NO_CONTENT } }, config: { access: 'staff_admin' } },
        async (_request, reply) => reply.code(204).send(),
      );
      api.get(
        '/search',
        { schema: { response: { 200: z.object({ hits: z.number() }) } }, config: { access: 'public' } },
        async () => ({ hits: 0 }),
      );
    });
    const document = ready.swagger() as unknown as {
      paths: Record<string, Record<string, { operationId: string; security: unknown; responses: object }>>;
    };
    const bike = document.paths['/api/bikes/{bike_id}'];
    expect(bike?.get?.operationId).toBe('getBikesByBikeId');
    expect(bike?.get?.security).toEqual([{ bearer: [] }]);
    expect(bike?.delete?.operationId).toBe('deleteBikesByBikeId');
    expect(bike?.delete?.security).toEqual([{ bearer: [] }]);
    // 204: documented without a body.
    expect(bike?.delete?.responses).toMatchObject({ 204: { description: expect.any(String) } });
    expect(bike?.delete?.responses).not.toHaveProperty(['204', 'content']);
    // Anyone may call it; a token is read when one comes.
    expect(document.paths['/api/search']?.get?.security).toEqual([{}, { bearer: [] }]);
  });

  it('refuses a route that names its own operationId', async () => {
    await expect(
      appWith((api) =>
        api.get(
          '/bikes',
          { schema: { operationId: 'listBikes' }, config: { access: 'public' } },
          async () => [],
        ),
      ),
    ).rejects.toThrow('GET /api/bikes declares schema.operationId; operationIds are derived');
  });

  it('refuses a route that declares its own security', async () => {
    await expect(
      appWith((api) =>
        api.get(
          '/bikes',
          { schema: { security: [{ bearer: [] }] }, config: { access: 'signed_in' } },
          async () => [],
        ),
      ),
    ).rejects.toThrow('GET /api/bikes declares schema.security; security is derived from config.access');
  });

  it('refuses two routes whose operationIds would be the same, naming both', async () => {
    await expect(
      appWith((api) => {
        api.get('/theft-report', { config: { access: 'public' } }, async () => ({}));
        api.get('/theft/report', { config: { access: 'public' } }, async () => ({}));
      }),
    ).rejects.toThrow(
      'GET /api/theft/report and GET /api/theft-report both make the operationId getTheftReport',
    );
  });

  it('refuses one route for several methods (they would share one operationId)', async () => {
    await expect(
      appWith((api) => {
        api.route({
          method: ['PUT', 'PATCH'],
          url: '/bikes',
          config: { access: 'public' },
          handler: async () => ({}),
        });
      }),
    ).rejects.toThrow('PUT,PATCH /api/bikes: declare one route per method');
  });

  it('leaves hidden routes alone', async () => {
    const ready = await appWith((api) => {
      api.post('/notify', { schema: { hide: true, operationId: 'mine' } }, async () => ({}));
    });
    expect((ready.swagger() as { paths: object }).paths).toEqual({});
  });
});
