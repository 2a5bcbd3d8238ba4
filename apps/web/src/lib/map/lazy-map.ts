import { useEffect, useState, useSyncExternalStore } from 'react';
import { loadMapLibre, supportsWebGL } from './basemap.ts';

/*
 * When a page's map loads MapLibre (a large chunk, and its style sheet). Never while the page loads:
 * the page paints its list and counts first (from the server), the map's area shows a placeholder of
 * its own size, and MapLibre follows when the person turns to the map or the browser has had a quiet
 * moment after the page loaded, whichever comes first.
 *
 *   const trigger = mapLoadTrigger({ shown: view === 'map', turned });
 *   const mapLibre = useMapLibre(trigger);     // null until loaded (or failed: see its status)
 */

type MapLibre = typeof import('maplibre-gl');

/** How long to wait for a quiet moment before loading anyway. */
export const IDLE_TIMEOUT_MS = 2000;

/** 'now': the person turned to the map; 'idle': the map is on screen, load once the page is quiet; 'never': it is not. */
export type MapLoadTrigger = 'now' | 'idle' | 'never';

export function mapLoadTrigger({ shown, turned }: { shown: boolean; turned: boolean }): MapLoadTrigger {
  if (!shown) return 'never';
  return turned ? 'now' : 'idle';
}

/** Once the page has been idle after its load, every later map loads at once. */
let pageIdle = false;

/**
 * Calls back once the page has loaded and the browser is idle (requestIdleCallback, or a timer where
 * the browser has none), at the latest IDLE_TIMEOUT_MS after the load; at once when that has already
 * happened on this page. Returns a function that cancels it.
 */
export function afterPageIdle(callback: () => void): () => void {
  if (pageIdle) {
    callback();
    return () => {};
  }
  let cancelIdle = () => {};
  const idle = () => {
    const done = () => {
      pageIdle = true;
      callback();
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(done, 1);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') {
    idle();
    return () => cancelIdle();
  }
  window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancelIdle();
  };
}

/** For tests: the page is freshly loaded again. */
export function resetPageIdleForTests(): void {
  pageIdle = false;
}

export type MapLibreState =
  | { status: 'waiting'; mapLibre: null }
  | { status: 'ready'; mapLibre: MapLibre }
  | { status: 'failed'; mapLibre: null };

const WAITING: MapLibreState = { status: 'waiting', mapLibre: null };

/**
 * MapLibre for a map, loaded when the trigger says (and kept once loaded, as the chunk is). On the
 * server and in the first render in the browser it is always waiting, so the page hydrates as painted.
 */
export function useMapLibre(trigger: MapLoadTrigger): MapLibreState {
  const [state, setState] = useState<MapLibreState>(WAITING);
  const loaded = state.status === 'ready';
  useEffect(() => {
    if (trigger === 'never' || loaded) return;
    let active = true;
    const load = () => {
      loadMapLibre().then(
        (mapLibre) => {
          if (active) setState({ status: 'ready', mapLibre });
        },
        () => {
          if (active) setState({ status: 'failed', mapLibre: null });
        },
      );
    };
    if (trigger === 'now') {
      load();
      return () => {
        active = false;
      };
    }
    const cancel = afterPageIdle(load);
    return () => {
      active = false;
      cancel();
    };
  }, [trigger, loaded]);
  return state;
}

let webGL: boolean | undefined;
const subscribeNever = () => () => {};

/**
 * Whether this browser can draw a map: assumed so while the server paints and the browser hydrates
 * (most can), then the real answer, asked once.
 */
export function useWebGL(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => {
      webGL ??= supportsWebGL();
      return webGL;
    },
    () => true,
  );
}
