/*
 * Prefetch rules (SPEC §9, issue 30 §2): the code of a page a link leads to may be fetched ahead,
 * in batches of at most 4 every 3 seconds, and never on a 2g connection, with data saving on, or
 * for a crawler (it reads what it asked for and nothing more).
 */

export const PREFETCH_BATCH = 4;
export const PREFETCH_WINDOW_MS = 3000;

interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

export interface PrefetchEnvironment {
  connection?: ConnectionInfo | undefined;
  userAgent?: string;
}

/** Crawlers, link previewers and headless renderers by their user agent. */
const CRAWLER =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|lighthouse|headlesschrome|prerender/i;

export function isCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent);
}

/** Whether prefetching is allowed at all in this browser. */
export function prefetchAllowed(environment: PrefetchEnvironment): boolean {
  const connection = environment.connection;
  if (connection?.saveData) return false;
  if (connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g') return false;
  return !isCrawler(environment.userAgent ?? '');
}

/** This browser's environment (navigator.connection is Chromium's Network Information API). */
export function browserPrefetchEnvironment(): PrefetchEnvironment {
  if (typeof navigator === 'undefined') return {};
  return {
    connection: (navigator as Navigator & { connection?: ConnectionInfo }).connection,
    userAgent: navigator.userAgent,
  };
}

export interface PrefetchLimiter {
  /** Whether one more prefetch may start now; counts it when it may. */
  take(): boolean;
}

/** At most `batch` prefetches in any `windowMs`; `now` is injectable for tests. */
export function createPrefetchLimiter(
  batch: number = PREFETCH_BATCH,
  windowMs: number = PREFETCH_WINDOW_MS,
  now: () => number = () => Date.now(),
): PrefetchLimiter {
  const started: number[] = [];
  return {
    take() {
      const at = now();
      while (started.length > 0 && (started[0] as number) <= at - windowMs) started.shift();
      if (started.length >= batch) return false;
      started.push(at);
      return true;
    },
  };
}

/**
 * A prefetcher: fetches each key at most once, within the limiter and only where allowed.
 * Answers whether the fetch started.
 */
export function createPrefetcher(options: {
  fetch: (key: string) => Promise<unknown> | undefined;
  limiter?: PrefetchLimiter;
  environment?: () => PrefetchEnvironment;
}): (key: string) => boolean {
  const limiter = options.limiter ?? createPrefetchLimiter();
  const environment = options.environment ?? browserPrefetchEnvironment;
  const done = new Set<string>();
  return (key) => {
    if (done.has(key) || !prefetchAllowed(environment()) || !limiter.take()) return false;
    done.add(key);
    options.fetch(key)?.catch(() => done.delete(key));
    return true;
  };
}
