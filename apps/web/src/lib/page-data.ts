import type { Language, Region } from '@nbr/domain/locale-values';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { currentLanguage } from './api-client.ts';
import { queryClient as browserQueryClient } from './query-client.ts';
import { currentRegion } from './region.ts';

/**
 * What the server gives a route's loader when it paints a page (apps/web/src/entry-server.tsx): the
 * request's own query cache, which is serialised into the page so hydration fetches nothing twice,
 * and the language and region the page is painted in (the app's own i18next and stored region know
 * no request there).
 */
export interface ServerLoaderContext {
  queryClient: QueryClient;
  language: Language;
  region: Region;
}

function serverContext(context: unknown): ServerLoaderContext | null {
  const candidate = context as Partial<ServerLoaderContext> | null | undefined;
  return candidate?.queryClient ? (candidate as ServerLoaderContext) : null;
}

/** The language the page is shown in, for a loader: the painted request's, else the app's. */
export function pageLanguage(args: Pick<LoaderFunctionArgs, 'context'>): string {
  return serverContext(args.context)?.language ?? currentLanguage();
}

/** The region the page is shown for, for a loader: the painted request's, else this device's. */
export function pageRegion(args: Pick<LoaderFunctionArgs, 'context'>): Region {
  return serverContext(args.context)?.region ?? currentRegion();
}

/** Asks for one query a page reads, with the very options its hook gives useQuery (so the keys match). */
export type FetchPageQuery = <TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
) => Promise<void>;

/** The request's query client when the server is painting the page; null in the browser. */
function serverQueryClient(context: unknown): QueryClient | null {
  return serverContext(context)?.queryClient ?? null;
}

/**
 * A page's loader from the queries its screen reads. On the server it waits for them: the page is
 * painted with its data, and the data goes into the page. In the browser it only starts them, so
 * opening a page never waits longer than before: the screen shows its loading state and fills in as
 * the answers come.
 *
 * A query that fails on the server fails the loader: the server then answers the bare app (with the
 * page's status), which asks again and shows what the screen shows for that failure.
 *
 *     export const loader = pageData(({ params }, fetch) => [fetch(stolenBikeQuery(params.bikeId))]);
 */
export function pageData(
  queries: (args: LoaderFunctionArgs, fetch: FetchPageQuery) => readonly Promise<void>[],
) {
  return async (args: LoaderFunctionArgs): Promise<null> => {
    const server = serverQueryClient(args.context);
    if (server) {
      await Promise.all(
        queries(args, async (options) => {
          await server.fetchQuery(options);
        }),
      );
      return null;
    }
    queries(args, (options) => browserQueryClient.prefetchQuery(options));
    return null;
  };
}
