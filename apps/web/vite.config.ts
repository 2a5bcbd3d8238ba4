import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ROUTE_FILES, ROUTE_MANIFEST_FILE, routePatternsIn } from './src/app/route-manifest.ts';
import { shellPrecache, type ViteManifest } from './src/app/shell-precache.ts';
import { offlineBasemap } from './src/lib/map/offline-basemap.vite.ts';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
/** Vite's notes on the build (`build.manifest`): which files the entry script imports. */
const BUILD_MANIFEST = new URL('./dist/.vite/manifest.json', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

function gitHash(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

/** Unique per build: the build time, plus the commit when there is one. */
function createBuildId(): string {
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const hash = gitHash();
  return hash ? `${stamp}-${hash}` : stamp;
}

/**
 * Writes /version.json next to the built app. The running app fetches it (never cached) on
 * navigation and reloads once when the site has been rebuilt since it was loaded (SPEC §2).
 */
function versionFile(buildId: string): Plugin {
  const body = () => `${JSON.stringify({ build_id: buildId, version: pkg.version })}\n`;
  return {
    name: 'nbr-version-file',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: body() });
    },
    configureServer(server) {
      server.middlewares.use('/version.json', (_request, response) => {
        response.setHeader('Content-Type', 'application/json');
        response.setHeader('Cache-Control', 'no-store');
        response.end(body());
      });
    },
  };
}

/**
 * Writes /route-manifest.json: the addresses the app has screens for, read from the router's files
 * (src/app/route-manifest.ts). The API answers a navigation to any other address with 404.
 */
function routeManifest(): Plugin {
  return {
    name: 'nbr-route-manifest',
    async generateBundle() {
      const sources = await Promise.all(
        ROUTE_FILES.map((file) => readFile(new URL(`./src/app/${file}`, import.meta.url), 'utf8')),
      );
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_MANIFEST_FILE,
        source: `${JSON.stringify({ routes: routePatternsIn(sources) })}\n`,
      });
    },
  };
}

const LOCALES_DIR = fileURLToPath(new URL('./src/locales', import.meta.url));

/**
 * Writes every text file (src/locales/<language>/<namespace>.json) as
 * /assets/locales/<build id>/<language>/<namespace>.json, the address lib/i18n.ts fetches (and the
 * dev server answers from the sources). Under /assets/ a file is cached for good, which the build id
 * in its address makes safe.
 */
function localeFiles(buildId: string): Plugin {
  return {
    name: 'nbr-locale-files',
    async generateBundle() {
      for (const language of await readdir(LOCALES_DIR)) {
        const dir = path.join(LOCALES_DIR, language);
        if (!(await stat(dir)).isDirectory()) continue;
        for (const file of await readdir(dir)) {
          if (!file.endsWith('.json')) continue;
          const texts = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as unknown;
          this.emitFile({
            type: 'asset',
            fileName: `assets/locales/${buildId}/${language}/${file}`,
            source: JSON.stringify(texts),
          });
        }
      }
    },
    configureServer(server) {
      server.middlewares.use('/assets/locales/', (request, response, next) => {
        const [, language = '', file = ''] =
          /^\/[^/]+\/([a-z]{2})\/([a-z-]+\.json)$/.exec(request.url ?? '') ?? [];
        if (!language) return next();
        readFile(path.join(LOCALES_DIR, language, file), 'utf8').then(
          (text) => {
            response.setHeader('Content-Type', 'application/json');
            response.end(text);
          },
          () => {
            response.statusCode = 404;
            response.end();
          },
        );
      });
    },
  };
}

/** Where the server bundle of entry-server.tsx is written (the API loads it: platform/http/web-app.ts). */
const SERVER_OUT_DIR = 'dist-server';

/**
 * `page(() => import('…')` in the route files and `withSource(() => import('…')` (a module painted
 * with a page: the measurement question) in app/, whose module the server build names (pageSources).
 */
const PAGE_IMPORT = /\b(?:page|withSource)\(\s*\(\)\s*=>\s*import\((['"])([^'"]+)\1\)/g;

/**
 * Server build only: gives each page() of the route files, and each withSource() of app/, its
 * module's source file (`src/features/…/x-page.tsx`), the key of the client build's manifest, so the
 * server links the painted page's stylesheets and scripts (entry-server.tsx). The browser's build is
 * left as it is.
 */
function pageSources(): Plugin {
  let root = '';
  return {
    name: 'nbr-page-sources',
    apply: (_config, env) => Boolean(env.isSsrBuild),
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.startsWith(path.join(root, 'src', 'app'))) return null;
      if (!PAGE_IMPORT.test(code)) return null;
      PAGE_IMPORT.lastIndex = 0;
      // Only text inside a line changes, so the source map stays true (map: null keeps the lines).
      const transformed = code.replace(PAGE_IMPORT, (call, quote: string, specifier: string) => {
        const source = path
          .relative(root, path.resolve(path.dirname(file), specifier))
          .split(path.sep)
          .join('/');
        return call.replace(
          `() => import(${quote}${specifier}${quote})`,
          `Object.assign(() => import(${quote}${specifier}${quote}), { source: ${JSON.stringify(source)} })`,
        );
      });
      return { code: transformed, map: null };
    },
  };
}

/**
 * Server build only: `react-i18next` is src/server-react-i18next.ts, the package with a useTranslation
 * made for painting (the reason is in that file); that file itself gets the package.
 */
function serverTranslation(): Plugin {
  const serverModule = path.resolve(import.meta.dirname, 'src/server-react-i18next.ts');
  return {
    name: 'nbr-server-translation',
    enforce: 'pre',
    apply: (_config, env) => Boolean(env.isSsrBuild),
    resolveId(source, importer) {
      if (source !== 'react-i18next' || importer === serverModule) return null;
      return serverModule;
    },
  };
}

/** The server build shows the same build id as the browser build it serves. */
function clientBuildId(outDir: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(outDir, 'version.json'), 'utf8')) as { build_id: string })
      .build_id;
  } catch {
    throw new Error('Build the browser app (vite build) before its server bundle (vite build --ssr)');
  }
}

/** Text the server may send compressed; images, fonts and archives are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed answer saves less than its encoding costs. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, at the highest
 * levels (done once per build, not per request); the API serves the best one the browser accepts
 * (apps/api/src/platform/http/web-app.ts). Runs after the service worker is generated, so that it
 * is compressed too. Source maps are not: they are never served to the public.
 */
function precompress(): Plugin {
  let outDir = '';
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  async function filesUnder(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  }
  return {
    name: 'nbr-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        // Not the build's own notes (.vite/manifest.json): those are never served.
        const files = (await filesUnder(outDir)).filter(
          (file) => COMPRESSIBLE.test(file) && !path.relative(outDir, file).startsWith('.'),
        );
        await Promise.all(
          files.map(async (file) => {
            if ((await stat(file)).size < COMPRESS_MIN_BYTES) return;
            const source = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzipAsync(source, { level: zlibConstants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < source.length) await writeFile(`${file}.br`, br);
            if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => {
  if (isSsrBuild) {
    const buildId = clientBuildId(path.resolve(import.meta.dirname, 'dist'));
    return {
      define: {
        __BUILD_ID__: JSON.stringify(buildId),
        __APP_VERSION__: JSON.stringify(`${pkg.version}+${buildId}`),
      },
      plugins: [serverTranslation(), react(), pageSources(), offlineBasemap()],
      build: { outDir: SERVER_OUT_DIR, target: 'node22', sourcemap: true, emptyOutDir: true },
    };
  }
  const buildId = command === 'build' ? createBuildId() : 'dev';
  const proxy = {
    '/api': { target: apiTarget, changeOrigin: false, ws: true },
    '/dev': { target: apiTarget, changeOrigin: false },
  };
  return {
    define: {
      __BUILD_ID__: JSON.stringify(buildId),
      __APP_VERSION__: JSON.stringify(`${pkg.version}+${buildId}`),
    },
    plugins: [
      react(),
      versionFile(buildId),
      localeFiles(buildId),
      routeManifest(),
      offlineBasemap(),
      VitePWA({
        // Registered by the app itself, and only over HTTPS or on localhost (src/app/service-worker.ts).
        injectRegister: false,
        registerType: 'autoUpdate',
        manifest: {
          id: '/app',
          name: 'Nordic Bike Registry — det nationale cykelregister',
          short_name: 'Cykelregister',
          description:
            'Det nationale cykelregister for Danmark: registrér din cykel med stelnummer og oblat, meld den stjålet, og få den lettere tilbage.',
          lang: 'da',
          dir: 'ltr',
          display: 'standalone',
          orientation: 'portrait',
          theme_color: '#004568',
          background_color: '#f5f7f9',
          categories: ['bike', 'register', 'plate', 'frame number', 'transport'],
          start_url: '/app',
          scope: '/',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          // Install downloads the app shell only (src/app/shell-precache.ts): the bare document under
          // /index.html, the entry script with what it imports statically, and the icons. The glob
          // finds every file so that the shell's are found with their revisions; the transform keeps
          // the shell's. Vite has written its manifest by now: the worker is generated at closeBundle.
          globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,woff2}'],
          manifestTransforms: [
            async (entries) => ({
              manifest: shellPrecache(
                entries,
                JSON.parse(await readFile(BUILD_MANIFEST, 'utf8')) as ViteManifest,
              ),
              warnings: [],
            }),
          ],
          // Navigations are not answered with the precached shell up front: see runtimeCaching.
          navigateFallback: null,
          // Functions here are copied into sw.js as source text: they may use nothing from this file.
          runtimeCaching: [
            {
              // A page address: the server's page, fresh and in the person's language. Offline, or
              // when the network has not answered within the timeout, the precached shell, which
              // starts the app by itself; never a stored page (of this address or another one).
              // /api, /dev and /version.json are never pages of the app.
              urlPattern: ({ request, url }) =>
                request.mode === 'navigate' && !/^\/(?:api|dev)(?:\/|$)|^\/version\.json$/.test(url.pathname),
              handler: 'NetworkFirst',
              options: {
                cacheName: 'nbr-pages',
                networkTimeoutSeconds: 4,
                plugins: [
                  {
                    cacheWillUpdate: async () => null,
                    // Workbox keeps precached files under their URL with a revision parameter.
                    cachedResponseWillBeUsed: async () =>
                      (await caches.match(new URL('/index.html', self.location.href).href, {
                        ignoreSearch: true,
                      })) ?? null,
                  },
                ],
              },
            },
            {
              // The rest of the build as the app uses it: content-hashed, so a stored file is never
              // stale. Old builds' files leave by count and age.
              urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
              handler: 'CacheFirst',
              options: {
                cacheName: 'nbr-assets',
                expiration: { maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true },
              },
            },
          ],
          cleanupOutdatedCaches: true,
          clientsClaim: true,
          skipWaiting: true,
        },
        devOptions: { enabled: false },
      }),
      precompress(),
    ],
    server: { port: 5173, strictPort: false, proxy },
    preview: { proxy },
    build: {
      // Maps are written for reading stack traces and bundles, but the built files do not point to
      // them and the server never serves them in production: the public gets no source.
      sourcemap: 'hidden',
      target: 'es2022',
      // dist/.vite/manifest.json: what each route loads (scripts/check-first-route-budget.mjs).
      manifest: true,
      // One stylesheet for the whole app (about 22 KiB compressed; MapLibre's own is loaded with the
      // map, lib/map/basemap.ts): a painted page asked for 12–15 stylesheets of 1–3 KiB before its
      // first paint, three rounds of requests on a slow line, and every later page asked for its own.
      cssCodeSplit: false,
    },
  };
});
