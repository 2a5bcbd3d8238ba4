import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressLimit } from './rate-limit.ts';
import { isServerPath } from './request-target.ts';

/** Vite names these files by content hash: a new build gets new names, so caching them for a year is safe. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The entry points of a build must be revalidated, or clients would keep an old build forever. */
const REVALIDATE = 'no-cache';

/** A browser navigation (as opposed to a missing script, image or API call). */
function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isServerPath(request.url)) return false;
  if (request.headers.accept?.includes('text/html')) return true;
  const lastSegment = request.url.split('?')[0]?.split('/').pop() ?? '';
  return !lastSegment.includes('.');
}

/** What the web build writes beside index.html: the addresses it has screens for (apps/web/src/app/route-manifest.ts). */
const ROUTE_MANIFEST = 'route-manifest.json';

/**
 * Whether a path is one of the web app's addresses, from the build's route manifest (React Router
 * patterns, `:name` one segment). Without a manifest (an older build) every path counts as known.
 */
export function webRouteMatcher(distDir: string): (pathname: string) => boolean {
  const file = path.join(distDir, ROUTE_MANIFEST);
  if (!existsSync(file)) return () => true;
  const { routes } = JSON.parse(readFileSync(file, 'utf8')) as { routes: string[] };
  const patterns = routes.map((route) => {
    const source = route
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return new RegExp(`^${source}/?$`);
  });
  return (pathname) => {
    let decoded: string;
    try {
      decoded = decodeURI(pathname);
    } catch {
      return false;
    }
    return patterns.some((pattern) => pattern.test(decoded));
  };
}

const MISSING_BUILD_PAGE = (distDir: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Web app not built</title></head>
<body>
<h1>The web app has not been built</h1>
<p>The API is running, but there is no web app in <code>${distDir.replace(/[<>&]/g, '')}</code>.</p>
<p>Build it with <code>npm run build</code> (or start everything with <code>npm start</code>, which builds what is missing).</p>
<p>The API itself answers under <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

/**
 * Serves the built web app with a fallback to index.html for client-side routes (404 for an address
 * that is not one of them), and answers every unknown /api and /dev path with a JSON 404.
 *
 * The build writes `.br` and `.gz` beside each text file (apps/web/vite.config.ts): the best one the
 * browser accepts is sent as it is, with `Vary: Accept-Encoding`, the original file's type, and
 * ranges and HEAD answered on that encoding. Source maps are written by the build but, in
 * production, never served: the public gets the app, not its source.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    distDir: string;
    serveSourceMaps: boolean;
    /**
     * Addresses whose pages are data staff publish (a flow's short address, a region page): true or
     * false when the path is such an address and its page exists or not, undefined when it is not
     * one (the route manifest decides). A failing lookup answers 200: the app then asks the API,
     * which says what is wrong.
     */
    findDataPage?: (pathname: string) => Promise<boolean | undefined>;
  },
): Promise<void> {
  const hasBuild = existsSync(path.join(options.distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      index: false,
      cacheControl: false,
      preCompressed: true,
      allowedPath: (pathname) => options.serveSourceMaps || !pathname.endsWith('.map'),
      setHeaders: (response, filePath) => {
        const relative = path.relative(options.distDir, filePath).split(path.sep).join('/');
        response.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  const isWebRoute = hasBuild ? webRouteMatcher(options.distDir) : () => true;
  const findDataPage = async (pathname: string): Promise<boolean | undefined> => {
    if (!options.findDataPage) return undefined;
    let decoded: string;
    try {
      decoded = decodeURI(pathname);
    } catch {
      return undefined;
    }
    try {
      return await options.findDataPage(decoded);
    } catch (error) {
      app.log.warn({ err: error }, 'data page lookup failed; answering the page with 200');
      return true;
    }
  };

  /** index.html, with 404 for an address the app has no screen for (the app then shows its 404 page). */
  const sendIndex = (reply: FastifyReply, status: 200 | 404 = 200) => {
    if (!hasBuild) {
      return reply.status(503).type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE(options.distDir));
    }
    return reply
      .status(status)
      .header('cache-control', REVALIDATE)
      .sendFile('index.html', options.distDir, { cacheControl: false });
  };

  // The static plugin would answer the root, a directory, with 403.
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler(
    {
      preHandler: addressLimit(app, 'not-found', { max: app.config.rateLimit.perMinute, timeWindow: 60_000 }),
    },
    async (request, reply) => {
      if (isNavigation(request)) {
        const pathname = request.url.split('?')[0] ?? '/';
        const dataPage = await findDataPage(pathname);
        return sendIndex(reply, (dataPage ?? isWebRoute(pathname)) ? 200 : 404);
      }
      return reply.status(404).send({ detail: request.t('errors.not_found'), code: 'not_found' });
    },
  );
}
