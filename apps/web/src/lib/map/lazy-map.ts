import { type RefObject, useEffect, useState, useSyncExternalStore } from 'react';
import { loadMapLibre, supportsWebGL } from './basemap.ts';

/*
 * When a page's map loads MapLibre (a large chunk, and its style sheet). Never while the page loads:
 * the page paints its content first (from the server) and the map's area shows a placeholder of its
 * own size. MapLibre's evaluation and the map's start are long tasks; on a phone (4× slower CPU in
 * Lighthouse) they cost the page its interactivity, so a map only loads when its trigger says:
 *
 *   'now'          the person turned to the map (chose the map view, pressed "show the map"): at once.
 *   'idle'         the map is on screen: once the browser has had a quiet moment after the page loaded.
 *   'visible'      the map's frame may be off screen: once it comes within VIEW_MARGIN_PX of the view,
 *                  and not before that quiet moment (a frame in view at load loads as 'idle' does).
 *   'scrolled-to'  when the person brings the frame nearer the view (scrolls towards it), then at once;
 *                  a frame already near the view at load waits for a press instead (a phone, where
 *                  nothing the person did not ask for should run before the page is interactive).
 *   'never'        it is not shown.
 *
 *   const trigger = mapLoadTrigger({ shown: view === 'map', turned });
 *   const { mapLibre, status } = useMapLibre(trigger);          // null until loaded: see its status
 *   const { mapLibre, status } = useMapLibre('visible', frameRef); // the frame the view is watched for
 */

type MapLibre = typeof import('maplibre-gl');

/** How long to wait for a quiet moment before loading anyway. */
export const IDLE_TIMEOUT_MS = 2000;

/** How near the view a frame must come to load its map: MapLibre is on its way before the frame shows. */
export const VIEW_MARGIN_PX = 200;

export type MapLoadTrigger = 'now' | 'idle' | 'visible' | 'scrolled-to' | 'never';

/** The list-and-map page's map: at once when the person turned to it, else once idle while it is shown. */
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

/** How many steps of nearness the view is watched in: scrolling towards a frame crosses one. */
const NEARNESS_STEPS = [0, 0.25, 0.5, 0.75, 1];

/**
 * Calls back once `element` comes within VIEW_MARGIN_PX of the view (IntersectionObserver). With
 * `nearAtStart: 'waits'` an element already that near when first seen calls back only when it comes
 * nearer still (the person scrolls towards it; it may also leave and come back). Without
 * IntersectionObserver, 'counts' calls back at once and 'waits' never. Returns a function that stops
 * watching.
 */
export function whenNearView(
  element: Element,
  callback: () => void,
  { nearAtStart }: { nearAtStart: 'counts' | 'waits' },
): () => void {
  if (typeof IntersectionObserver !== 'function') {
    if (nearAtStart === 'counts') callback();
    return () => {};
  }
  /** How much of the frame was within the margin at the last look; -1 outside, undefined before the first. */
  let last: number | undefined;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const nearness = entry.isIntersecting ? entry.intersectionRatio : -1;
        const first = last === undefined;
        const nearer = first ? nearAtStart === 'counts' : nearness > (last ?? -1);
        last = nearness;
        if (entry.isIntersecting && nearer) {
          observer.disconnect();
          callback();
          return;
        }
      }
    },
    { rootMargin: `${VIEW_MARGIN_PX}px 0px`, threshold: NEARNESS_STEPS },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * 'waiting' for its trigger (the person, the view), 'loading' once that has come (for 'visible' the
 * quiet moment may still be ahead), 'ready' once loaded, 'failed' when the chunk could not be loaded.
 */
export type MapLibreState =
  | { status: 'waiting'; mapLibre: null }
  | { status: 'loading'; mapLibre: null }
  | { status: 'ready'; mapLibre: MapLibre }
  | { status: 'failed'; mapLibre: null };

const WAITING: MapLibreState = { status: 'waiting', mapLibre: null };
const LOADING: MapLibreState = { status: 'loading', mapLibre: null };

/**
 * MapLibre for a map, loaded when the trigger says (and kept once loaded, as the chunk is); 'visible'
 * and 'scrolled-to' watch `frame`, the element the map is drawn in. On the server and in the first
 * render in the browser it is always waiting, so the page hydrates as painted.
 */
export function useMapLibre(trigger: MapLoadTrigger, frame?: RefObject<Element | null>): MapLibreState {
  const [state, setState] = useState<MapLibreState>(WAITING);
  const loaded = state.status === 'ready';
  useEffect(() => {
    if (trigger === 'never' || loaded) return;
    let active = true;
    let cancelIdle = () => {};
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
    const start = (when: 'now' | 'idle') => {
      setState(LOADING);
      if (when === 'now') load();
      else cancelIdle = afterPageIdle(load);
    };
    let stopWatching = () => {};
    if (trigger === 'now' || trigger === 'idle') {
      start(trigger);
    } else if (frame?.current) {
      const when = trigger === 'visible' ? 'idle' : 'now';
      stopWatching = whenNearView(frame.current, () => start(when), {
        nearAtStart: trigger === 'visible' ? 'counts' : 'waits',
      });
    }
    return () => {
      active = false;
      stopWatching();
      cancelIdle();
    };
  }, [trigger, loaded, frame]);
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
