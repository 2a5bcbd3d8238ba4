import { type ComponentType, lazy, Suspense } from 'react';
import { paths } from '../config/paths.ts';
import type { MeasurementChoice } from '../lib/consent.ts';
import { withSource } from './route-page.ts';

/*
 * Where the measurement question (consent-banner.tsx) appears, and how its code arrives: downloaded
 * only while the question is open. A page the server paints with the question open carries it in its
 * HTML, its stylesheet and script linked in the <head> (entry-server.tsx, by `loadConsentBanner.source`),
 * and main.tsx loads the module before hydrating, so hydration finds nothing to wait for.
 */

/** The banner's module; the server build writes its source file in (vite.config.ts, pageSources). */
export const loadConsentBanner = withSource(() => import('./consent-banner.tsx'));

/** Whether the question is asked on `pathname` (not on the settings page that answers it too). */
export function showsConsentBanner(choice: MeasurementChoice | null, pathname: string): boolean {
  return choice === null && pathname !== paths.content.measurementSettings.path;
}

/** The banner's component once preloaded: rendered as it is (a lazy component suspends once, loaded or not). */
let loaded: ComponentType | null = null;

const LazyConsentBanner = lazy(async () => ({ default: (await loadConsentBanner()).ConsentBanner }));

/**
 * Loads the banner's module ahead of its first render (main.tsx, before hydrating a page showing it).
 * A failed download never stops the app: main.tsx reloads the page once (vite:preloadError, the
 * module then undefined), and a second failure reaches the error page when the banner renders.
 */
export function preloadConsentBanner(): Promise<void> {
  return loadConsentBanner().then(
    (module) => {
      loaded = module?.ConsentBanner ?? null;
    },
    () => {},
  );
}

/** The measurement question, its code loaded on its first render unless it was loaded before. */
export function ConsentBannerSlot() {
  const Banner = loaded ?? LazyConsentBanner;
  return (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  );
}
