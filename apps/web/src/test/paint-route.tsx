import type { Region } from '@nbr/domain/locale-values';
import { dehydrate, hydrate, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  type LoaderFunction,
  RouterProvider,
  StaticRouterProvider,
} from 'react-router';
import { i18n } from '../lib/i18n.ts';
import type { ServerLoaderContext } from '../lib/page-data.ts';
import { createQueryClient, queryClient } from '../lib/query-client.ts';
import { PaintedRegionContext, regionForLanguage } from '../lib/region.ts';

export interface PaintedRoute {
  path: string;
  Component: ComponentType;
  loader?: LoaderFunction;
}

/**
 * A page as issue 31 serves it: the server runs the route's loader with a query cache of the request,
 * paints the page to HTML with that cache, and the browser hydrates the HTML with the cache's
 * contents in the app's query client (not running the loader again). `errors` are what React
 * reported while hydrating (a first render that differs from the server's HTML); `html` is what a
 * browser without JavaScript shows. Call `unmount` after the test.
 */
export async function paintRoute(
  route: PaintedRoute,
  url: string,
  {
    movesTo = [],
    region = regionForLanguage(i18n.language),
  }: {
    /** The pages the page may send the browser on to. */
    movesTo?: readonly PaintedRoute[];
    /** The region the server paints with (the device's cookie, else the language's). */
    region?: Region;
  } = {},
) {
  const serverClient = createQueryClient();
  // A failed request fails the paint at once here (the browser asks again): no waiting for retries.
  serverClient.setDefaultOptions({
    ...serverClient.getDefaultOptions(),
    queries: { ...serverClient.getDefaultOptions().queries, retry: false },
  });
  const requestContext: ServerLoaderContext = { queryClient: serverClient, language: 'da', region: 'dk' };
  const handler = createStaticHandler([
    { path: route.path, Component: route.Component, loader: route.loader },
  ]);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')), { requestContext });
  if (context instanceof Response) throw new Error(`The loader answered ${context.status}`);
  // A loader that fails leaves the page to the browser (lib/page-data.ts): nothing is painted.
  if (context.errors) throw new Error('The loader failed: the server answers the bare app');
  const html = renderToString(
    <QueryClientProvider client={serverClient}>
      <PaintedRegionContext.Provider value={region}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </PaintedRegionContext.Provider>
    </QueryClientProvider>,
  );

  hydrate(queryClient, dehydrate(serverClient));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const router = createMemoryRouter(
    [route, ...movesTo].map(({ path, Component }) => ({ path, Component })),
    { initialEntries: [url] },
  );
  const errors: unknown[] = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(
      container,
      <QueryClientProvider client={queryClient}>
        <PaintedRegionContext.Provider value={region}>
          <RouterProvider router={router} />
        </PaintedRegionContext.Provider>
      </QueryClientProvider>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  return {
    html,
    errors,
    router,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}
