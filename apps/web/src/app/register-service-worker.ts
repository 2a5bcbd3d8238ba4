import { canRegisterServiceWorker } from './shell-rules.ts';

/**
 * Registers the service worker (offline shell) of a production build — only over HTTPS or on
 * localhost, where browsers allow it and where a stale worker cannot hijack a plain-HTTP site.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (!canRegisterServiceWorker(window.location)) return;
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({
    immediate: true,
    // Without a worker the app still works, just not offline.
    onRegisterError: (error: unknown) => console.warn('Service worker not registered', error),
  });
}
