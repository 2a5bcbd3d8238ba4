import { getMeasurementChoice, subscribeMeasurementChoice } from './consent.ts';
import { track } from './tracking.ts';

/*
 * Measurement only after consent (issue 30 §2). On the first "accept" (or at start when it was
 * given before) the web-vitals reporter and the tag manager are downloaded and started; before
 * that neither their code nor any request of theirs leaves the browser. A "reject" after an accept
 * stops the events at once (track() checks each); a tag manager already running is ended by
 * reloading the page, since a loaded container cannot be taken out again.
 */

export interface MeasurementOptions {
  /** The route pattern of the page the browser loaded (`/app/bikes/:bikeId`). */
  landingPath: string;
  /** The route pattern of the page on screen. */
  pathTemplate: () => string;
}

let running = false;

async function start(options: MeasurementOptions): Promise<void> {
  if (running) return;
  running = true;
  const [vitals, tagManager] = await Promise.all([
    import('./web-vitals-reporter.ts'),
    import('./tag-manager.ts'),
  ]);
  const loadMetrics = new Set(['TTFB', 'FCP', 'LCP']);
  vitals.startWebVitals(
    (metric) => (loadMetrics.has(metric) ? options.landingPath : options.pathTemplate()),
    ({ name, value, rating, path }) => track('web-vital', name, { value, rating, path }),
  );
  await tagManager.loadTagManager();
}

/** Mount once at start-up. */
export function startMeasurement(options: MeasurementOptions): void {
  if (getMeasurementChoice() === 'granted') void start(options);
  subscribeMeasurementChoice((choice) => {
    if (choice === 'granted') void start(options);
    else if (running) {
      void import('./tag-manager.ts').then(({ tagManagerLoaded }) => {
        if (tagManagerLoaded()) window.location.reload();
      });
    }
  });
}
