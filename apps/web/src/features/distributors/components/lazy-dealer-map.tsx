import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { MapPoint } from '../../../components/map/markers-map.tsx';
import styles from '../distributors.module.css';

/*
 * The dealers' map without MapLibre at page load: the list is the page's first screen (painted by the
 * server), and MapLibre's code and drawing would hold the main thread while a phone shows it. The
 * map's code loads when the browser is idle, or at once when the person turns to the map (points at
 * it, touches it); until it is drawn a frame of the map's size holds its place, so nothing moves.
 */

const DealerMap = lazy(() => import('./dealer-map.tsx').then((module) => ({ default: module.DealerMap })));

/** How long the map waits for an idle moment at most; also the wait where the browser has no idle callback. */
export const MAP_IDLE_TIMEOUT_MS = 2000;

/** Calls `run` once the browser is idle (or after MAP_IDLE_TIMEOUT_MS); answers the cancel. */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: MAP_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, MAP_IDLE_TIMEOUT_MS);
  return () => window.clearTimeout(timer);
}

/** The dealers' map (dealer-map.tsx), loaded when the browser is idle or the person turns to it. */
export function LazyDealerMap(props: { points: readonly MapPoint[]; onSelect: (id: string) => void }) {
  const [wanted, setWanted] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const cancelIdle = whenIdle(want);
    // A pointer over the frame (or a finger on it) is the person turning to the map: no more waiting.
    const element = frame.current;
    element?.addEventListener('pointerenter', want);
    element?.addEventListener('pointerdown', want);
    return () => {
      cancelIdle();
      element?.removeEventListener('pointerenter', want);
      element?.removeEventListener('pointerdown', want);
    };
  }, [wanted]);

  const placeholder = <div ref={frame} className={styles.map} data-testid="distributor-map-placeholder" />;
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DealerMap {...props} />
    </Suspense>
  );
}
