import { apiRequest } from './api-client.ts';

/** Whether the app runs installed (home-screen PWA) rather than in a browser tab. */
export function isInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches ?? false;
  const iosStandalone = (window.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || iosStandalone;
}

/**
 * Records a usage event (POST /api/actions/{kind}/{name}?installed=…). Fire-and-forget: tracking
 * never delays or breaks what the user is doing, and survives the page being left.
 */
export function track(kind: string, name: string, properties?: Record<string, unknown>): void {
  apiRequest(`/actions/${encodeURIComponent(kind)}/${encodeURIComponent(name)}`, {
    method: 'POST',
    body: properties,
    query: { installed: isInstalled() },
    keepalive: true,
  }).catch(() => {
    // Losing an event is acceptable; bothering the user with it is not.
  });
}
