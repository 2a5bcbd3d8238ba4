import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';

/*
 * Web vitals (LCP, INP, CLS, FCP, TTFB) from the `web-vitals` package, sent as tracking events
 * (`web-vital/{name}`) with a 3-second debounce. measurement.ts loads this module only after the
 * person consented to measurement, so neither the package nor a request exists before that.
 */

export const WEB_VITALS_DEBOUNCE_MS = 3000;

export interface VitalEvent {
  name: Metric['name'];
  /** Milliseconds (CLS: a unitless score), rounded. */
  value: number;
  rating: Metric['rating'];
  /** The route pattern of the page measured (`/app/bikes/:bikeId`), never an address with ids. */
  path: string;
}

export interface VitalsBatcher {
  add(event: VitalEvent): void;
  /** Sends what waits now (the page is being hidden or left). */
  flush(): void;
}

/**
 * Collects events and sends them once no new one came for `delayMs`; a metric reported again
 * (CLS and INP grow while the page lives) replaces its waiting value.
 */
export function createVitalsBatcher(
  send: (event: VitalEvent) => void,
  delayMs: number = WEB_VITALS_DEBOUNCE_MS,
): VitalsBatcher {
  const waiting = new Map<string, VitalEvent>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const events = [...waiting.values()];
    waiting.clear();
    for (const event of events) send(event);
  };
  return {
    add(event) {
      waiting.set(`${event.name} ${event.path}`, event);
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    flush,
  };
}

export function toVitalEvent(metric: Metric, path: string): VitalEvent {
  const digits = metric.name === 'CLS' ? 4 : 0;
  const factor = 10 ** digits;
  return {
    name: metric.name,
    value: Math.round(metric.value * factor) / factor,
    rating: metric.rating,
    path,
  };
}

let started = false;

/**
 * Starts reporting this page load's web vitals, once per page load. `path` names the page a metric
 * belongs to: the page the browser loaded for TTFB, FCP and LCP; the page on screen for CLS and INP.
 */
export function startWebVitals(
  path: (metric: Metric['name']) => string,
  send: (event: VitalEvent) => void,
): void {
  if (started) return;
  started = true;
  const batcher = createVitalsBatcher(send);
  const report = (metric: Metric) => batcher.add(toVitalEvent(metric, path(metric.name)));
  onTTFB(report);
  onFCP(report);
  onLCP(report);
  onCLS(report);
  onINP(report);
  // Waiting events must not be lost when the tab is hidden or closed (keepalive carries them).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') batcher.flush();
  });
}
