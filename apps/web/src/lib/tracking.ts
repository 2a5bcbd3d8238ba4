import { apiRequest } from './api-client.ts';
import { getMeasurementChoice, subscribeMeasurementChoice } from './consent.ts';

/** Whether the app runs installed (home-screen PWA) rather than in a browser tab. */
export function isInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches ?? false;
  const iosStandalone = (window.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || iosStandalone;
}

/** Events held in memory while the measurement question is open (never stored, never sent unasked). */
export const MAX_WAITING_EVENTS = 20;
let waiting: Array<() => void> = [];

subscribeMeasurementChoice((choice) => {
  const held = waiting;
  waiting = [];
  if (choice === 'granted') for (const send of held) send();
});

/**
 * Records a usage event (POST /api/actions/{kind}/{name}?installed=…). Fire-and-forget: tracking
 * never delays or breaks what the user is doing, and survives the page being left. Only with the
 * person's consent to measurement (consent.ts): while the question is open the event waits in this
 * tab (sent on "accept", dropped on "reject"); after "reject" nothing is sent.
 * Properties are small facts (a region, a route pattern, a number), never personal data.
 */
export function track(kind: string, name: string, properties?: Record<string, unknown>): void {
  const send = () => {
    apiRequest(`/actions/${encodeURIComponent(kind)}/${encodeURIComponent(name)}`, {
      method: 'POST',
      body: properties,
      query: { installed: isInstalled() },
      keepalive: true,
    }).catch(() => {
      // Losing an event is acceptable; bothering the user with it is not.
    });
  };
  const choice = getMeasurementChoice();
  if (choice === 'granted') send();
  else if (choice === null && waiting.length < MAX_WAITING_EVENTS) waiting.push(send);
}
