import { canRegisterServiceWorker } from './shell-rules.ts';

/**
 * Registers the service worker (offline shell) of a production build — only over HTTPS or on
 * localhost, where browsers allow it and where a stale worker cannot hijack a plain-HTTP site —
 * once the page has loaded.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (!canRegisterServiceWorker(window.location)) return;
  // After the page has loaded (Workbox's advice): the worker precaches the whole build, which would
  // otherwise share the first visit's bandwidth with the page the person is waiting for.
  if (document.readyState !== 'complete')
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({
    immediate: true,
    // Without a worker the app still works, just not offline.
    onRegisterError: (error: unknown) => console.warn('Service worker not registered', error),
  });
}
