import { type AccessLogPage, AccessLogPageSchema } from '@nbr/domain/access-log';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /identities/me/access-log — who looked me or my bikes up, newest first, a page at a time. */
export function getAccessLog(cursor: string | null, signal?: AbortSignal): Promise<AccessLogPage> {
  return api.get('/identities/me/access-log', {
    query: cursor ? { cursor } : {},
    schema: AccessLogPageSchema,
    signal,
  });
}

export const accessLogQueryOptions = infiniteQueryOptions({
  queryKey: ['identities', 'me', 'access-log'] as const,
  queryFn: ({ pageParam, signal }) => getAccessLog(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.next_cursor,
  meta: { pageData: false },
});

export function useAccessLog(options: { enabled: boolean }) {
  return useInfiniteQuery({ ...accessLogQueryOptions, enabled: options.enabled });
}
