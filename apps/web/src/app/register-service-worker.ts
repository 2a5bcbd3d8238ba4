import { i18n, localeFileUrl } from '../lib/i18n.ts';
import { assetUrlsLoaded } from './shell-precache.ts';
import { canRegisterServiceWorker } from './shell-rules.ts';

/**
 * Registers the service worker (offline shell) of a production build — only over HTTPS or on
 * localhost, where browsers allow it and where a stale worker cannot hijack a plain-HTTP site —
 * once the page has loaded.
 */
/** How long after the page's load the worker is registered (see below). */
const REGISTER_AFTER_LOAD_MS = 5000;

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (!canRegisterServiceWorker(window.location)) return;
  // After the page has loaded (Workbox's advice): the worker downloads the app shell on install
  // (src/app/shell-precache.ts), which would otherwise share the first visit's bandwidth with the
  // page the person is waiting for. And a moment later still: registering it and keeping the page's
  // files through it (below) are long tasks on a slow phone (0.25–0.55 s at Lighthouse's 4× slowdown,
  // 7 Dec 2026), in the seconds when the person starts using the page. Offline comes that much later.
  if (document.readyState !== 'complete')
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  await new Promise((resolve) => window.setTimeout(resolve, REGISTER_AFTER_LOAD_MS));
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
 * there was a worker to keep them. Once a worker controls the page they are asked for through it, so
 * it keeps them and the shell can open the page offline later. What it keeps already it answers
 * itself; the build's other files come from the browser's HTTP cache (they are immutable).
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
  await Promise.all(
    assetUrlsLoaded([...loaded, ...texts], window.location.origin).map((url) =>
      // A file that cannot be had now is cached the next time the app uses it.
      fetch(url).catch(() => undefined),
    ),
  );
}
