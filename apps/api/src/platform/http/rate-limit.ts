import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.ts';
import { countRateLimitRefusal, type RateLimitBudget } from '../telemetry/metrics.ts';
import { rateLimitStore, SharedOrLocalCounters } from './rate-limit-store.ts';
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
 * The one place a request is refused for going over a budget: every budget's refusal comes here,
 * named, and answers 429 `rate_limited` (the plugin, or routeBudget, has set Retry-After). The log
 * names the budget, never the client.
 */
export function rateLimitRefusal(request: FastifyRequest, budget: string, kind: RateLimitBudget): AppError {
  countRateLimitRefusal(kind, request.routeOptions.url);
  request.log.warn({ budget }, 'rate limit exceeded');
  return new AppError('rate_limited');
}

/**
 * A budget's counter key, `<budget>:<client>` (stored as `nbr:rate-limit:<budget>:<client>`). The
 * client (an address, an account, an e-mail address) is hashed: Redis never holds it in clear.
 */
export function budgetKey(budget: string, client: string): string {
  return `${budget}:${createHash('sha256').update(client).digest('hex').slice(0, 32)}`;
}

/** `POST /api/identities/authentications`: HEAD counts as the GET it mirrors. */
function routeName(method: RouteOptions['method'], url: string): string {
  const name = Array.isArray(method) ? method.join(',') : method;
  return `${name === 'HEAD' ? 'GET' : name} ${url}`;
}

/**
 * A limit per client address under its own budget name, as a hook for a route's options (the
 * routes' own `config.rateLimit` and the web app's not-found answers).
 */
export function addressLimit(
  app: FastifyInstance,
  budget: string,
  options: Pick<RateLimitOptions, 'max' | 'timeWindow'>,
): onRequestHookHandler {
  return app.rateLimit({
    ...options,
    keyGenerator: (request) => budgetKey(budget, normalizeIP(request.ip)),
    errorResponseBuilder: (request) => rateLimitRefusal(request, budget, 'route'),
  });
}

/**
 * A route budget with its own key, checked as a preHandler: after validation, so a rejected body
 * costs nothing, and after authentication, so the key can be the signed-in person. `name` says what
 * `client` answers (`account`, `email`, `visitor`…) and must differ between the budgets of one route:
 * the budget is `<METHOD> <route> <name>`. `applies` lets a route count only some requests. Answers
 * the preHandler list for the route's options.
 */
export function routeBudget(
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindow: string,
  client: (request: FastifyRequest) => string,
  applies: (request: FastifyRequest) => boolean = () => true,
): Array<(request: FastifyRequest, reply: FastifyReply) => Promise<void>> {
  return budgetCheck(
    app,
    (request) => `${routeName(request.routeOptions.method, request.routeOptions.url ?? '')} ${name}`,
    max,
    timeWindow,
    client,
    applies,
  );
}

/**
 * A budget several routes share under one name (`budget`, e.g. `voucher-guesses account`): every
 * route it is hung on counts in the same counter per client, so a guess is a guess wherever it is
 * tried. Otherwise as routeBudget.
 */
export function sharedBudget(
  app: FastifyInstance,
  budget: string,
  max: number,
  timeWindow: string,
  client: (request: FastifyRequest) => string,
  applies: (request: FastifyRequest) => boolean = () => true,
): Array<(request: FastifyRequest, reply: FastifyReply) => Promise<void>> {
  return budgetCheck(app, () => budget, max, timeWindow, client, applies);
}

function budgetCheck(
  app: FastifyInstance,
  budgetOf: (request: FastifyRequest) => string,
  max: number,
  timeWindow: string,
  client: (request: FastifyRequest) => string,
  applies: (request: FastifyRequest) => boolean,
): Array<(request: FastifyRequest, reply: FastifyReply) => Promise<void>> {
  if (!app.hasDecorator('createRateLimit')) return [];
  const check = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request) => budgetKey(budgetOf(request), client(request)),
  });
  return [
    async (request, reply) => {
      if (!applies(request)) return;
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', Math.max(1, result.ttlInSeconds));
      throw rateLimitRefusal(request, budgetOf(request), 'route_key');
    },
  ];
}

/** A budget per signed-in person (their address when there is no session). */
export function perAccountBudget(
  app: FastifyInstance,
  max: number,
  timeWindow: string,
  applies?: (request: FastifyRequest) => boolean,
): Array<(request: FastifyRequest, reply: FastifyReply) => Promise<void>> {
  return routeBudget(
    app,
    'account',
    max,
    timeWindow,
    (request) => request.auth?.identityPartyId ?? request.ip,
    applies,
  );
}

/**
 * Takes over the routes that declare a limit of their own (`config.rateLimit`): the plugin would give
 * each of them a store child of its own, the implicit HEAD route included, so one handler is made per
 * budget (`<METHOD> <route>`, HEAD counted as GET) and hung on every route of it, and the plugin is
 * told to leave the route alone.
 */
function shareBudgetsBetweenHeadAndGet(app: FastifyInstance): void {
  const handlers = new Map<string, onRequestHookHandler>();
  app.addHook('onRoute', (route) => {
    const own: unknown = route.config?.rateLimit;
    if (typeof own !== 'object' || own === null) return;
    const name = routeName(route.method, route.url);
    let handler = handlers.get(name);
    if (!handler) {
      handler = addressLimit(app, name, own as RateLimitOptions);
      handlers.set(name, handler);
    }
    const existing = route.onRequest;
    route.onRequest = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), handler];
    route.config = { ...route.config, rateLimit: false };
  });
}

export interface RateLimitPluginOptions {
  /** RATE_LIMIT_PER_MINUTE: the global budget per client address. */
  perMinute: number;
  /** Shares the counts between instances; null counts in this process. */
  redis: Redis | null;
  /** RATE_LIMIT_INSTANCES: while Redis is down each instance allows 1/instances of every budget. */
  instances: number;
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitPluginOptions) => {
    const counters = new SharedOrLocalCounters({
      redis: options.redis,
      instances: options.instances,
      log: app.log.child({ component: 'rate-limit' }),
    });
    // Before the plugin's own onRoute hook, so the routes taken over are already marked as such.
    shareBudgetsBetweenHeadAndGet(app);
    await app.register(rateLimit, {
      global: true,
      max: options.perMinute,
      timeWindow: 60_000,
      allowList: (request) => !isLimitedRequest(request),
      keyGenerator: (request) => budgetKey('global', normalizeIP(request.ip)),
      // Every budget counts in one store: Redis, or this instance's stricter share while it is down.
      // It never fails, so no limit is ever skipped.
      store: rateLimitStore(counters),
      errorResponseBuilder: (request) => rateLimitRefusal(request, 'global', 'global'),
    });
  },
  { name: 'rate-limit' },
);
