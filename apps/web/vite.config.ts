import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { offlineBasemap } from './src/lib/map/offline-basemap.vite.ts';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
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

export default defineConfig(({ command }) => {
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
      offlineBasemap(),
      VitePWA({
        // Registered by the app itself, and only over HTTPS or on localhost (src/app/service-worker.ts).
        injectRegister: false,
        registerType: 'autoUpdate',
        includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
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
          // The offline shell: the built app is precached; any page address opens the app's page.
          // The shell is cached under '/' rather than '/index.html': every server of an SPA answers
          // '/', while ours (rightly) never serves index.html under its own name.
          globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,woff2}'],
          manifestTransforms: [
            async (entries) => ({
              manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/' } : entry)),
              warnings: [],
            }),
          ],
          navigateFallback: '/',
          navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/dev(\/|$)/, /^\/version\.json$/],
          cleanupOutdatedCaches: true,
          clientsClaim: true,
          skipWaiting: true,
        },
        devOptions: { enabled: false },
      }),
    ],
    server: { port: 5173, strictPort: false, proxy },
    preview: { proxy },
    build: { sourcemap: true, target: 'es2022' },
  };
});
