import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import {
  CACHE_GC_TIME_MS,
  CACHE_MAX_AGE_MS,
  createQueryClient,
  MAX_RETRIES,
  shouldRetry,
  throwsToErrorPage,
} from './query-client.ts';

const error = (status: number) =>
  new ApiError({ status, code: status === 404 ? 'not_found' : 'internal_error' });

describe('shouldRetry', () => {
  it('retries server and network failures up to three times', () => {
    expect(shouldRetry(0, error(500))).toBe(true);
    expect(shouldRetry(MAX_RETRIES - 1, error(503))).toBe(true);
    expect(shouldRetry(MAX_RETRIES, error(500))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 0, code: 'network_error' }))).toBe(true);
  });

  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429])
      expect(shouldRetry(0, error(status))).toBe(false);
  });
});

describe('throwsToErrorPage', () => {
  const query = (data: unknown = undefined, meta?: Record<string, unknown>) => ({ meta, state: { data } });

  it('shows the 404 and 500 pages for page data that failed to load', () => {
    expect(throwsToErrorPage(error(404), query())).toBe(true);
    expect(throwsToErrorPage(error(500), query())).toBe(true);
  });

  it('leaves other failures, shown data and opted-out queries to the page', () => {
    expect(throwsToErrorPage(error(403), query())).toBe(false);
    expect(throwsToErrorPage(error(422), query())).toBe(false);
    expect(throwsToErrorPage(error(500), query({ id: 1 }))).toBe(false);
    expect(throwsToErrorPage(error(404), query(undefined, { pageData: false }))).toBe(false);
    expect(throwsToErrorPage(new Error('x'), query())).toBe(false);
  });
});

describe('cache lifetime', () => {
  it('keeps data 30 days (SPEC §9) with a garbage-collection timer a browser can hold', () => {
    expect(CACHE_MAX_AGE_MS).toBe(2_592_000_000);
    expect(CACHE_GC_TIME_MS).toBe(2_147_483_647);
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(CACHE_GC_TIME_MS);
  });
});
