import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isServerPath } from './request-target.ts';

/**
 * What a cache may keep of an API answer, decided once: nothing, unless the route says otherwise.
 *
 * Every answer of /api and /dev is `Cache-Control: no-store` unless its route sets Cache-Control
 * itself (the public stolen-bike map, the JWKS: `public, max-age=…`; a signed private picture:
 * `private, …`). A route only declares caching for an answer that is the same for everyone, or
 * `private` for one behind an unguessable signed address; forgetting to declare is safe, it only
 * costs a request. Error answers are never kept, whatever the route set before it failed: a 401 or
 * 429 in a shared cache would be served to everyone.
 */
export const NO_STORE = 'no-store';

export const cacheControlPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!isServerPath(request.routeOptions.url ?? request.url)) return payload;
      if (reply.statusCode >= 400 || !reply.hasHeader('cache-control'))
        reply.header('cache-control', NO_STORE);
      return payload;
    });
  },
  { name: 'cache-control' },
);
