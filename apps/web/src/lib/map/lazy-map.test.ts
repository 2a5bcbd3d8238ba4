import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * When a map loads MapLibre: never with the page. At once when the person turns to the map, once the
 * page has loaded and been idle when the map is shown first, not at all while it is not shown; a map
 * whose frame may be off screen when its frame comes near the view ('visible'), or when the person
 * scrolls it nearer ('scrolled-to': one near the view at load waits for them).
 */

const loadMapLibre = vi.fn(() => Promise.resolve({ fake: 'maplibre' }));
vi.mock('./basemap.ts', () => ({ loadMapLibre, supportsWebGL: () => true }));

/** A fresh page each test: the "idle since load" flag is the module's. */
async function lazyMap() {
  vi.resetModules();
  return import('./lazy-map.ts');
}

let idleCallbacks: Array<() => void> = [];
let readyState: DocumentReadyState = 'complete';

/** A stand-in IntersectionObserver: `see` tells the observers what the view now shows of a frame. */
class FakeObserver {
  static all: FakeObserver[] = [];
  options: IntersectionObserverInit | undefined;
  targets: Element[] = [];
  readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}

/** How much of `target` is within the observers' (widened) view: 0 to 1, or null for none of it. */
function see(target: Element, ratio: number | null) {
  for (const observer of FakeObserver.all) {
    if (!observer.targets.includes(target)) continue;
    const entry = { target, isIntersecting: ratio !== null, intersectionRatio: ratio ?? 0 };
    observer.callback([entry as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
  }
}

beforeEach(() => {
  idleCallbacks = [];
  readyState = 'complete';
  vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => {});
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  loadMapLibre.mockClear();
});

function runIdle() {
  for (const callback of idleCallbacks.splice(0)) callback();
}

describe('mapLoadTrigger', () => {
  it('loads at once when the person turned to the map, when idle when it is shown first, else never', async () => {
    const { mapLoadTrigger } = await lazyMap();
    expect(mapLoadTrigger({ shown: true, turned: true })).toBe('now');
    expect(mapLoadTrigger({ shown: true, turned: false })).toBe('idle');
    expect(mapLoadTrigger({ shown: false, turned: false })).toBe('never');
    expect(mapLoadTrigger({ shown: false, turned: true })).toBe('never');
  });
});

describe('afterPageIdle', () => {
  it('waits for the page to load, then for a quiet moment; afterwards calls back at once', async () => {
    const { afterPageIdle } = await lazyMap();
    readyState = 'loading';
    const first = vi.fn();
    afterPageIdle(first);
    expect(idleCallbacks).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(idleCallbacks).toHaveLength(1);
    expect(first).not.toHaveBeenCalled();
    runIdle();
    expect(first).toHaveBeenCalledTimes(1);

    const later = vi.fn();
    afterPageIdle(later);
    expect(later).toHaveBeenCalledTimes(1);
    expect(idleCallbacks).toHaveLength(0);
  });

  it('uses a timer where the browser has no requestIdleCallback, and can be cancelled', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('requestIdleCallback', undefined);
      const { afterPageIdle } = await lazyMap();
      const cancelled = vi.fn();
      afterPageIdle(cancelled)();
      const called = vi.fn();
      afterPageIdle(called);
      vi.runAllTimers();
      expect(called).toHaveBeenCalledTimes(1);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('whenNearView', () => {
  it('watches the frame with a margin around the view and calls back once it comes near', async () => {
    const { whenNearView, VIEW_MARGIN_PX } = await lazyMap();
    const frame = document.createElement('div');
    const near = vi.fn();
    whenNearView(frame, near, { nearAtStart: 'counts' });
    expect(FakeObserver.all[0]?.options?.rootMargin).toBe(`${VIEW_MARGIN_PX}px 0px`);
    see(frame, null);
    expect(near).not.toHaveBeenCalled();
    see(frame, 0.25);
    expect(near).toHaveBeenCalledTimes(1);
    // Once is enough: it stops watching.
    expect(FakeObserver.all[0]?.targets).toEqual([]);
  });

  it("counts a frame near the view at the start, or with 'waits' only once it comes nearer", async () => {
    const { whenNearView } = await lazyMap();
    const counted = document.createElement('div');
    const atStart = vi.fn();
    whenNearView(counted, atStart, { nearAtStart: 'counts' });
    see(counted, 1);
    expect(atStart).toHaveBeenCalledTimes(1);

    const waiting = document.createElement('div');
    const scrolledTo = vi.fn();
    whenNearView(waiting, scrolledTo, { nearAtStart: 'waits' });
    see(waiting, 0.25);
    expect(scrolledTo).not.toHaveBeenCalled();
    // Further away (the person scrolled the other way), then nearer again.
    see(waiting, null);
    expect(scrolledTo).not.toHaveBeenCalled();
    see(waiting, 0);
    expect(scrolledTo).toHaveBeenCalledTimes(1);
  });

  it("with 'waits', a frame off screen at the start counts as soon as it comes near", async () => {
    const { whenNearView } = await lazyMap();
    const frame = document.createElement('div');
    const near = vi.fn();
    whenNearView(frame, near, { nearAtStart: 'waits' });
    see(frame, null);
    see(frame, 0.5);
    expect(near).toHaveBeenCalledTimes(1);
  });

  it('can stop watching; without IntersectionObserver it counts at once or waits for good', async () => {
    const { whenNearView } = await lazyMap();
    const frame = document.createElement('div');
    const stopped = vi.fn();
    whenNearView(frame, stopped, { nearAtStart: 'counts' })();
    see(frame, 1);
    expect(stopped).not.toHaveBeenCalled();

    vi.stubGlobal('IntersectionObserver', undefined);
    const counts = vi.fn();
    const waits = vi.fn();
    whenNearView(frame, counts, { nearAtStart: 'counts' });
    whenNearView(frame, waits, { nearAtStart: 'waits' });
    expect(counts).toHaveBeenCalledTimes(1);
    expect(waits).not.toHaveBeenCalled();
  });
});

describe('useMapLibre', () => {
  it('loads nothing while the map is not shown, and at once when the person turns to it', async () => {
    const { useMapLibre } = await lazyMap();
    const { result, rerender } = renderHook(({ trigger }) => useMapLibre(trigger), {
      initialProps: { trigger: 'never' as 'never' | 'now' },
    });
    expect(result.current.status).toBe('waiting');
    expect(loadMapLibre).not.toHaveBeenCalled();
    await act(async () => rerender({ trigger: 'now' }));
    expect(loadMapLibre).toHaveBeenCalledTimes(1);
    expect(result.current).toEqual({ status: 'ready', mapLibre: { fake: 'maplibre' } });
  });

  it('waits for the page to be idle when the map is shown first', async () => {
    const { useMapLibre } = await lazyMap();
    const { result } = renderHook(() => useMapLibre('idle'));
    expect(loadMapLibre).not.toHaveBeenCalled();
    expect(idleCallbacks).toHaveLength(1);
    await act(async () => runIdle());
    expect(loadMapLibre).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('ready');
  });

  it('says so when MapLibre cannot be loaded', async () => {
    loadMapLibre.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    const { useMapLibre } = await lazyMap();
    const { result } = renderHook(() => useMapLibre('now'));
    await act(async () => {});
    expect(result.current.status).toBe('failed');
  });

  it("'visible': loads nothing while the frame is off screen, then once it is near and the page idle", async () => {
    const { useMapLibre } = await lazyMap();
    const frame = { current: document.createElement('div') };
    const { result } = renderHook(() => useMapLibre('visible', frame));
    see(frame.current, null);
    expect(result.current.status).toBe('waiting');
    expect(idleCallbacks).toHaveLength(0);
    await act(async () => see(frame.current, 0.5));
    expect(result.current.status).toBe('loading');
    expect(loadMapLibre).not.toHaveBeenCalled();
    await act(async () => runIdle());
    expect(loadMapLibre).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('ready');
  });

  it("'scrolled-to': a frame in view at the start waits for the person; scrolling to it loads at once", async () => {
    const { useMapLibre } = await lazyMap();
    const frame = { current: document.createElement('div') };
    const { result, rerender } = renderHook(({ trigger }) => useMapLibre(trigger, frame), {
      initialProps: { trigger: 'scrolled-to' as 'scrolled-to' | 'now' },
    });
    await act(async () => see(frame.current, 1));
    expect(result.current.status).toBe('waiting');
    expect(loadMapLibre).not.toHaveBeenCalled();
    // The person presses "show the map".
    await act(async () => rerender({ trigger: 'now' }));
    expect(loadMapLibre).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('ready');
  });

  it("'scrolled-to': a frame below the fold loads when the person scrolls to it, without waiting for idle", async () => {
    const { useMapLibre } = await lazyMap();
    const frame = { current: document.createElement('div') };
    const { result } = renderHook(() => useMapLibre('scrolled-to', frame));
    await act(async () => see(frame.current, null));
    expect(loadMapLibre).not.toHaveBeenCalled();
    await act(async () => see(frame.current, 0.25));
    expect(loadMapLibre).toHaveBeenCalledTimes(1);
    expect(idleCallbacks).toHaveLength(0);
    expect(result.current.status).toBe('ready');
  });
});
