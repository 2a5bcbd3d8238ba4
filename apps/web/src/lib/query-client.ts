import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/** Page data is retried up to three times (SPEC §2), except for answers that will not change: 4xx. */
export const MAX_RETRIES = 3;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * Cached data is kept 30 days (SPEC §9: 2,592,000 s): in memory and, for the signed-in account,
 * across reloads (query-persist.ts). TanStack's persister keeps only what the cache still holds, so
 * the in-memory cache keeps unused data as long.
 */
export const CACHE_MAX_AGE_MS = 2_592_000 * 1000;

/**
 * How long unused data stays in memory: the 30 days, capped at the longest timer a browser keeps
 * (2^31 − 1 ms, about 24.8 days; a longer one fires at once and would drop the data at once).
 */
export const CACHE_GC_TIME_MS = Math.min(CACHE_MAX_AGE_MS, 2 ** 31 - 1);

/**
 * Page data that answers 404 or a server error (after its retries) shows the 404 or 500 page
 * (SPEC §2): the error is thrown to the route's error boundary. Queries that expect a 404 as an
 * ordinary answer opt out with `meta: { pageData: false }`; data already on screen stays.
 */
export function throwsToErrorPage(
  error: unknown,
  query: { meta?: Record<string, unknown>; state: { data: unknown } },
): boolean {
  if (query.meta?.pageData === false || query.state.data !== undefined) return false;
  return isApiError(error) && (error.status === 404 || error.status >= 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        staleTime: 30_000,
        gcTime: CACHE_GC_TIME_MS,
        refetchOnWindowFocus: true,
        throwOnError: (error, query) => throwsToErrorPage(error, query),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
