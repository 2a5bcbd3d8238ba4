import { i18n, localeFileUrl } from '../lib/i18n.ts';
import { assetUrlsLoaded } from './shell-precache.ts';
import { canRegisterServiceWorker } from './shell-rules.ts';

/**
 * Registers the service worker (offline shell) of a production build — only over HTTPS or on
 * localhost, where browsers allow it and where a stale worker cannot hijack a plain-HTTP site —
 * once the page has loaded.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (!canRegisterServiceWorker(window.location)) return;
  // After the page has loaded (Workbox's advice): the worker downloads the app shell on install
  // (src/app/shell-precache.ts), which would otherwise share the first visit's bandwidth with the
  // page the person is waiting for.
  if (document.readyState !== 'complete')
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({
    immediate: true,
    // Without a worker the app still works, just not offline.
    onRegisterError: (error: unknown) => console.warn('Service worker not registered', error),
  });
  void keepWhatThisPageLoaded();
}

/**
 * On a first visit the page's own files (its lazy page, styles and texts) were downloaded before
 * there was a worker to keep them; and a page the server painted brings its texts inside it, on any
 * visit. Once a worker controls the page it is given their addresses in one message (Workbox's
 * `CACHE_URLS`): it fetches them through its own routes, as if the page had asked, so it keeps them
 * and the shell can open the page offline later. What it keeps already it answers itself; the build's
 * other files come from the browser's HTTP cache (they are immutable). The worker does this work on
 * its own thread: the page's fetching each one again cost its main thread about 50 ms on a desktop.
 */
async function keepWhatThisPageLoaded(): Promise<void> {
  const { serviceWorker } = navigator;
  if (!serviceWorker.controller)
    await new Promise((resolve) =>
      serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  const texts = Object.entries(i18n.store?.data ?? {}).flatMap(([language, namespaces]) =>
    Object.keys(namespaces).map(
      (namespace) => new URL(localeFileUrl(language, namespace), window.location.href).href,
    ),
  );
  serviceWorker.controller?.postMessage({
    type: 'CACHE_URLS',
    payload: { urlsToCache: assetUrlsLoaded([...loaded, ...texts], window.location.origin) },
  });
}
