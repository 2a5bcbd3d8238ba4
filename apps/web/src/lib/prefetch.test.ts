import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPrefetcher, createPrefetchLimiter, isCrawler, prefetchAllowed } from './prefetch.ts';

describe('createPrefetchLimiter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets at most 4 prefetches start in 3 seconds', () => {
    const limiter = createPrefetchLimiter();
    expect([1, 2, 3, 4, 5].map(() => limiter.take())).toEqual([true, true, true, true, false]);
    vi.advanceTimersByTime(2999);
    expect(limiter.take()).toBe(false);
    vi.advanceTimersByTime(1);
    expect([1, 2, 3, 4, 5].map(() => limiter.take())).toEqual([true, true, true, true, false]);
  });

  it('frees a slot as each prefetch leaves the window', () => {
    const limiter = createPrefetchLimiter();
    limiter.take();
    vi.advanceTimersByTime(1000);
    limiter.take();
    limiter.take();
    limiter.take();
    expect(limiter.take()).toBe(false);
    vi.advanceTimersByTime(2000);
    expect(limiter.take()).toBe(true);
    expect(limiter.take()).toBe(false);
  });
});

describe('prefetchAllowed', () => {
  const desktop =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

  it('allows an ordinary browser on a fast connection', () => {
    expect(
      prefetchAllowed({ connection: { effectiveType: '4g', saveData: false }, userAgent: desktop }),
    ).toBe(true);
    expect(prefetchAllowed({ userAgent: desktop })).toBe(true);
  });

  it('refuses on 2g and with data saving on', () => {
    expect(prefetchAllowed({ connection: { effectiveType: '2g' }, userAgent: desktop })).toBe(false);
    expect(prefetchAllowed({ connection: { effectiveType: 'slow-2g' }, userAgent: desktop })).toBe(false);
    expect(prefetchAllowed({ connection: { effectiveType: '4g', saveData: true }, userAgent: desktop })).toBe(
      false,
    );
  });

  it('refuses for crawlers', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0 Safari/537.36',
    ]) {
      expect(isCrawler(agent), agent).toBe(true);
      expect(prefetchAllowed({ userAgent: agent }), agent).toBe(false);
    }
    expect(isCrawler(desktop)).toBe(false);
  });
});

describe('createPrefetcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches each page once, in batches of 4 per 3 seconds, and not on 2g', () => {
    const fetch = vi.fn(() => Promise.resolve());
    let connection = { effectiveType: '4g' };
    const prefetch = createPrefetcher({ fetch, environment: () => ({ connection, userAgent: 'Firefox' }) });
    expect(['/a', '/a', '/b', '/c', '/d', '/e'].map(prefetch)).toEqual([
      true,
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(fetch).toHaveBeenCalledTimes(4);
    vi.advanceTimersByTime(3000);
    connection = { effectiveType: '2g' };
    expect(prefetch('/e')).toBe(false);
    connection = { effectiveType: '3g' };
    expect(prefetch('/e')).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(5);
  });
});
