import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * When a map loads MapLibre: never with the page. At once when the person turns to the map, once the
 * page has loaded and been idle when the map is shown first, not at all while it is not shown.
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

beforeEach(() => {
  idleCallbacks = [];
  readyState = 'complete';
  vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => {});
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
});
