import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.ts';
import { countRateLimitRefusal, type RateLimitBudget } from '../telemetry/metrics.ts';
import { canonicalRequestTarget, isServerPath } from './request-target.ts';

/** Only the API and the stand-ins are limited: the web app's static files are cheap and cacheable. */
export function isLimitedPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/dev/');
}

/**
 * Whether a request counts against the limits, decided on the route the router matched (its
 * declared pattern, `/api/search`), never on how the client spelled the path (`//api/search`,
 * `/%61pi/search`, `http://host/api/search`): a spelling the router accepts must not skip a budget.
 * A request that matched no route is judged on its canonical target (see request-target.ts), in any
 * case: `/API/…` is a 404 of the API, not a page.
 */
export function isLimitedRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined ? isLimitedPath(route) : isServerPath(canonicalRequestTarget(request.url));
}

/**
 * Route config for routes an attacker would hammer (log-in, sign-up, password reset): a tight
 * per-address budget of their own, counted per route, on top of the global one.
 * Use as `config: sensitiveRateLimit()` in a route's options.
 */
export function sensitiveRateLimit(): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max: (request: FastifyRequest) => request.server.config.rateLimit.sensitivePerMinute,
      timeWindow: 60_000,
    },
  };
}

/**
 * The budget of the public register lookups (GET /api/search, GET /api/stickers/{id}) per client
 * address, RATE_LIMIT_SEARCH_PER_MINUTE in place of the global one: plenty for a person looking up a
 * bike or scanning stickers, too little to walk the register.
 */
export function registerLookupRateLimit(): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max: (request: FastifyRequest) => request.server.config.rateLimit.searchPerMinute,
      timeWindow: 60_000,
    },
  };
}

/**
 * A route budget with its own key, checked as a preHandler: after validation, so a rejected body
 * costs nothing, and after authentication, so the key can be the signed-in person. `applies` lets a
 * route count only some requests. Answers the preHandler list for the route's options.
 */
export function routeBudget(
  app: FastifyInstance,
  max: number,
  timeWindow: string,
  key: (request: FastifyRequest) => string,
  applies: (request: FastifyRequest) => boolean = () => true,
): Array<(request: FastifyRequest) => Promise<void>> {
  if (!app.hasDecorator('createRateLimit')) return [];
  const check = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request) => `${request.routeOptions.url}:${key(request)}`,
  });
  return [
    async (request: FastifyRequest) => {
      if (!applies(request)) return;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        countRateLimitRefusal('route_key', request.routeOptions.url);
        throw new AppError('rate_limited');
      }
    },
  ];
}

/** A budget per signed-in person (their address when there is no session). */
export function perAccountBudget(
  app: FastifyInstance,
  max: number,
  timeWindow: string,
  applies?: (request: FastifyRequest) => boolean,
): Array<(request: FastifyRequest) => Promise<void>> {
  return routeBudget(
    app,
    max,
    timeWindow,
    (request) => `account:${request.auth?.identityPartyId ?? request.ip}`,
    applies,
  );
}

/** A refusal by the plugin, logged and counted in the metrics under the budget that refused. */
function logRefusal(budget: RateLimitBudget, request: FastifyRequest, key: string): void {
  countRateLimitRefusal(budget, request.routeOptions.url);
  request.log.warn({ key }, 'rate limit exceeded');
}

/**
 * The budget a route's own limit counts in: HEAD is GET without the body, so the HEAD route Fastify
 * adds beside every GET route spends the GET's budget instead of bringing a second one.
 */
function budgetName(route: RouteOptions): string {
  const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
  return `${method === 'HEAD' ? 'GET' : method} ${route.url}`;
}

/**
 * Takes over the routes that declare a limit of their own (`config.rateLimit`): the plugin would give
 * each of them a store of its own, the implicit HEAD route included, so one handler is made per
 * budget and hung on every route of it, and the plugin is told to leave the route alone. The key
 * names the budget, so budgets kept in one Redis stay apart.
 */
function shareBudgetsBetweenHeadAndGet(app: FastifyInstance): void {
  const handlers = new Map<string, onRequestHookHandler>();
  app.addHook('onRoute', (route) => {
    const own: unknown = route.config?.rateLimit;
    if (typeof own !== 'object' || own === null) return;
    const name = budgetName(route);
    let handler = handlers.get(name);
    if (!handler) {
      handler = app.rateLimit({
        ...(own as RateLimitOptions),
        keyGenerator: (request) => `${name}|${normalizeIP(request.ip)}`,
        onExceeded: (request, key) => logRefusal('route', request, key),
      });
      handlers.set(name, handler);
    }
    const existing = route.onRequest;
    route.onRequest = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), handler];
    route.config = { ...route.config, rateLimit: false };
  });
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { perMinute: number; redis: Redis | null }) => {
    // Before the plugin's own onRoute hook, so the routes taken over are already marked as such.
    shareBudgetsBetweenHeadAndGet(app);
    await app.register(rateLimit, {
      global: true,
      max: options.perMinute,
      timeWindow: 60_000,
      allowList: (request) => !isLimitedRequest(request),
      ...(options.redis ? { redis: options.redis, nameSpace: 'nbr:rate-limit:' } : {}),
      // A Redis outage must not take the whole API down with it.
      skipOnError: true,
      errorResponseBuilder: () => new AppError('rate_limited'),
      onExceeded: (request, key) => logRefusal('global', request, key),
    });
  },
  { name: 'rate-limit' },
);
