import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';
import {
  createVitalsBatcher,
  toVitalEvent,
  type VitalEvent,
  WEB_VITALS_DEBOUNCE_MS,
} from './web-vitals-reporter.ts';

const event = (name: VitalEvent['name'], value: number, path = '/'): VitalEvent => ({
  name,
  value,
  rating: 'good',
  path,
});

describe('createVitalsBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends once no new metric came for 3 seconds', () => {
    const send = vi.fn();
    const batcher = createVitalsBatcher(send);
    expect(WEB_VITALS_DEBOUNCE_MS).toBe(3000);
    batcher.add(event('TTFB', 120));
    vi.advanceTimersByTime(2000);
    batcher.add(event('FCP', 800));
    vi.advanceTimersByTime(2999);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send.mock.calls.map(([sent]) => sent.name)).toEqual(['TTFB', 'FCP']);
  });

  it('keeps only the newest value of a metric that is reported again', () => {
    const send = vi.fn();
    const batcher = createVitalsBatcher(send);
    batcher.add(event('CLS', 0.01));
    batcher.add(event('CLS', 0.05));
    vi.advanceTimersByTime(3000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0].value).toBe(0.05);
  });

  it('sends what waits at once when the page is hidden', () => {
    const send = vi.fn();
    const batcher = createVitalsBatcher(send);
    batcher.add(event('LCP', 1800));
    batcher.flush();
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('toVitalEvent', () => {
  it('keeps the name, a rounded value, the rating and the route pattern, nothing else', () => {
    const metric = {
      name: 'LCP',
      value: 1234.567,
      rating: 'needs-improvement',
      id: 'v5-1',
      entries: [],
    } as unknown as Metric;
    expect(toVitalEvent(metric, '/app/bikes/:bikeId')).toEqual({
      name: 'LCP',
      value: 1235,
      rating: 'needs-improvement',
      path: '/app/bikes/:bikeId',
    });
    const cls = { name: 'CLS', value: 0.123456, rating: 'needs-improvement' } as unknown as Metric;
    expect(toVitalEvent(cls, '/').value).toBe(0.1235);
  });
});
