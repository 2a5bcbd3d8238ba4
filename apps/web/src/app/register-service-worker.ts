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
  const wasControlled = navigator.serviceWorker.controller !== null;
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({
    immediate: true,
    // Without a worker the app still works, just not offline.
    onRegisterError: (error: unknown) => console.warn('Service worker not registered', error),
  });
  if (!wasControlled) void keepWhatThisPageLoaded();
}

/**
 * On a first visit the page's own files (its lazy page, styles and language files) were downloaded
 * before there was a worker to keep them. Once one controls the page they are asked for again through
 * it, so it caches them: the page opens offline later. They come from the browser's HTTP cache (the
 * build's files are immutable), not from the network.
 */
async function keepWhatThisPageLoaded(): Promise<void> {
  const { serviceWorker } = navigator;
  if (!serviceWorker.controller)
    await new Promise((resolve) =>
      serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  await Promise.all(
    assetUrlsLoaded(loaded, window.location.origin).map((url) =>
      // A file that cannot be had now is cached the next time the app uses it.
      fetch(url).catch(() => undefined),
    ),
  );
}
