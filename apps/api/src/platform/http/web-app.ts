import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressLimit } from './rate-limit.ts';
import { isServerPath } from './request-target.ts';

/** Vite names these files by content hash: a new build gets new names, so caching them for a year is safe. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The entry points of a build must be revalidated, or clients would keep an old build forever. */
const REVALIDATE = 'no-cache';
/**
 * The bare app answers every address that is a person's own (/app, the backoffice…): the same file
 * for everyone, but kept out of shared caches all the same, so no proxy ever stores an answer to an
 * address that names someone's page.
 */
const BARE_APP = 'private, no-cache';

/** A browser posting a page's form itself (not a call of the API, which sends JSON). */
function isPageFormPost(request: FastifyRequest): boolean {
  if (isServerPath(request.url)) return false;
  const type = request.headers['content-type'] ?? '';
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
}

/** The pages whose form the browser may post itself (see the route's action in apps/web). */
const FORM_PAGES = ['/login'] as const;

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

/** What the web build's server bundle (apps/web/src/entry-server.tsx) offers; typed here, loaded at start. */
interface PaintRequest {
  url: string;
  host: string;
  protocol?: 'http' | 'https';
  form?: { contentType: string; body: string };
  acceptLanguage?: string;
  cookie?: string;
  callApi: (call: {
    method: string;
    url: string;
    headers: Record<string, string>;
    body?: string;
  }) => Promise<{ status: number; headers: Record<string, string>; body: string }>;
}
type PaintResult =
  | { kind: 'page'; status: number; html: string; language: string }
  | { kind: 'redirect'; status: number; location: string; setCookie: string[] }
  | { kind: 'bare'; status?: number; error?: unknown };
interface Painter {
  paint(request: PaintRequest): Promise<PaintResult>;
}

/** The server bundle, written by `npm run build` beside the browser's build (apps/web/dist-server). */
export function serverBundleOf(distDir: string): string {
  return path.join(path.dirname(distDir), 'dist-server', 'entry-server.js');
}

/**
 * Loads the painter of the public pages from the build's server bundle, or null when there is none (a
 * build of before issue 31, a test's build) or it cannot be loaded: then every page is the bare app,
 * which renders itself in the browser as before.
 */
async function loadPainter(app: FastifyInstance, distDir: string): Promise<Painter | null> {
  const bundle = serverBundleOf(distDir);
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(bundle) || !existsSync(manifestFile)) return null;
  try {
    const module = (await import(pathToFileURL(bundle).href)) as {
      createPainter(options: { template: string; manifest: unknown }): Painter;
    };
    return module.createPainter({
      template: readFileSync(path.join(distDir, 'index.html'), 'utf8'),
      manifest: JSON.parse(readFileSync(manifestFile, 'utf8')),
    });
  } catch (error) {
    app.log.error(
      { err: error },
      'the web build has a server bundle that does not load; pages are not painted',
    );
    return null;
  }
}

/** Answers of the in-process API call, as text headers. */
function textHeaders(headers: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') result[name] = value;
    else if (typeof value === 'number') result[name] = String(value);
  }
  return result;
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
    const staticOptions: FastifyStaticOptions = {
      root: options.distDir,
      index: false,
      cacheControl: false,
      preCompressed: true,
      allowedPath: (pathname) => options.serveSourceMaps || !pathname.endsWith('.map'),
      setHeaders: (response, filePath) => {
        // The file sent may be its brotli or gzip copy (preCompressed): named here as the original.
        const relative = path
          .relative(options.distDir, filePath)
          .split(path.sep)
          .join('/')
          .replace(/\.(?:br|gz)$/, '');
        response.header(
          'cache-control',
          relative.startsWith('assets/') ? IMMUTABLE : relative === 'index.html' ? BARE_APP : REVALIDATE,
        );
      },
    };
    // The build's files under /assets/ by address; the few beside index.html (the worker, icons, the
    // install manifest) each by a route of its own, made when the server starts: so a page address
    // (/search?q=…) goes straight to the page, where asking the disk for it first (and for its
    // spelling) cost 5 % of painting it.
    await app.register(fastifyStatic, {
      ...staticOptions,
      root: path.join(options.distDir, 'assets'),
      prefix: '/assets/',
    });
    await app.register(fastifyStatic, {
      ...staticOptions,
      prefix: '/',
      wildcard: false,
      globIgnore: ['assets/**'],
      decorateReply: false,
    });
  }

  const isWebRoute = hasBuild ? webRouteMatcher(options.distDir) : () => true;
  const painter = hasBuild ? await loadPainter(app, options.distDir) : null;
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
      .header('cache-control', BARE_APP)
      .sendFile('index.html', options.distDir, { cacheControl: false });
  };

  /**
   * A public page painted on the server (issue 31), or the bare app. The page's own API requests are
   * made in-process through the same routes, from the visitor's address (their limits count), as a
   * visitor: a painted page never holds anything private, so any cache may keep it per language.
   */
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: 200 | 404,
    form?: { contentType: string; body: string },
  ) => {
    if (!painter || status !== 200) return sendIndex(reply, status);
    const result = await painter.paint({
      url: request.url,
      host: request.headers.host ?? '',
      protocol: request.protocol === 'https' ? 'https' : 'http',
      form,
      acceptLanguage: request.headers['accept-language'],
      cookie: request.headers.cookie,
      callApi: async (call) => {
        const answer = await app.inject({
          method: call.method as 'GET',
          url: call.url,
          headers: call.headers,
          payload: call.body,
          remoteAddress: request.ip,
        });
        return { status: answer.statusCode, headers: textHeaders(answer.headers), body: answer.body };
      },
    });
    if (result.kind === 'redirect') {
      if (result.setCookie.length > 0) reply.header('set-cookie', result.setCookie);
      return reply.header('cache-control', 'no-store').redirect(result.location, result.status);
    }
    if (result.kind === 'bare') {
      if (result.error)
        request.log.warn({ err: result.error }, 'painting the page failed; answering the bare app');
      return sendIndex(reply, result.status === 404 ? 404 : status);
    }
    return reply
      .status(result.status)
      .header('cache-control', REVALIDATE)
      .header('vary', 'Accept-Language, Cookie')
      .header('content-language', result.language)
      .type('text/html; charset=utf-8')
      .send(result.html);
  };

  // The static plugin would answer the root, a directory, with 403.
  app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, 200));

  // Forms a browser may send before the app's script has run (issue 31): the page's route action
  // answers them (the login signs in and hands the session over; a refusal paints the form again with
  // what was typed). Only from our own pages: a post from another site is refused (login CSRF).
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, body),
    );
    for (const pathname of FORM_PAGES) {
      forms.post(
        pathname,
        {
          schema: { hide: true },
          preHandler: addressLimit(app, 'form-page', {
            max: app.config.rateLimit.perMinute,
            timeWindow: 60_000,
          }),
        },
        async (request, reply) => {
          const site = request.headers['sec-fetch-site'];
          const contentType = request.headers['content-type'] ?? '';
          if (
            (site && site !== 'same-origin' && site !== 'none') ||
            !painter ||
            typeof request.body !== 'string'
          ) {
            return reply.status(403).send({ detail: request.t('errors.forbidden'), code: 'forbidden' });
          }
          return sendPage(request, reply, 200, { contentType, body: request.body });
        },
      );
    }
  });

  app.setNotFoundHandler(
    {
      preHandler: addressLimit(app, 'not-found', { max: app.config.rateLimit.perMinute, timeWindow: 60_000 }),
    },
    async (request, reply) => {
      // A form of a painted page posted before the app's script ran, on a page whose form only the app
      // sends (FORM_PAGES are answered above): the page again, by a GET, with nothing of the form kept.
      if (request.method === 'POST' && isPageFormPost(request)) {
        return reply.header('cache-control', 'no-store').redirect(request.url, 303);
      }
      if (isNavigation(request)) {
        const pathname = request.url.split('?')[0] ?? '/';
        const dataPage = await findDataPage(pathname);
        return sendPage(request, reply, (dataPage ?? isWebRoute(pathname)) ? 200 : 404);
      }
      return reply.status(404).send({ detail: request.t('errors.not_found'), code: 'not_found' });
    },
  );
}
