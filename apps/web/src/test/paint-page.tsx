import { dehydrate, hydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  createMemoryRouter,
  type LoaderFunctionArgs,
  matchRoutes,
  type RouteObject,
  RouterProvider,
} from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';

/** A page module as the router loads it: its screen and the loader of the queries the screen reads. */
export interface PageModule {
  Component: ComponentType;
  loader: (args: LoaderFunctionArgs) => Promise<unknown>;
}

export interface PaintedPage {
  /** The page in the document, hydrated. */
  container: HTMLElement;
  /** The HTML the server painted. */
  html: string;
  /** The addresses the loader asked the API for. */
  loaderRequests: string[];
  /** The addresses the browser asked for while hydrating and right after. */
  browserRequests: string[];
  /** What React reported about the hydration (a mismatch is one), errors and warnings alike. */
  hydrationErrors: string[];
  unmount: () => void;
}

function requestUrl(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function page(client: QueryClient, routes: RouteObject[], path: string) {
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </QueryClientProvider>
  );
}

/**
 * A page the way issue 31 serves it (SSR.md): the route's loader runs with a server query client in
 * its context, the page is rendered to HTML with that client, and the browser hydrates the HTML with a
 * client that starts from the server's cache as it is serialised into the page. The API is whatever
 * `api` answers (a fetch stand-in); the test asserts that the browser asked for nothing the loader did
 * not already bring, and that React found the HTML to be what it renders itself.
 *
 * `routePath` is the route's pattern (`/dk/*`), `path` the address opened. The test runs in jsdom, so
 * the "server" could read the browser's storage: set the device's state up in `device`, not before.
 */
export async function paintPage(options: {
  module: PageModule;
  routePath: string;
  path: string;
  api: (url: string) => Response | Promise<Response>;
  /**
   * What only the browser has (a session, a basket, a stored choice), set up after the server painted
   * the page and before the browser hydrates it: the server never sees it.
   */
  device?: () => void;
}): Promise<PaintedPage> {
  const { module, routePath, path, api, device } = options;
  const routes: RouteObject[] = [{ path: routePath, Component: module.Component }];
  const requests: string[] = [];
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = requestUrl(input);
    requests.push(url);
    return api(url);
  });

  const server = createQueryClient();
  // A failing answer fails the loader at once (the test says so) instead of after the retries' waits.
  server.setDefaultOptions({ queries: { ...server.getDefaultOptions().queries, retry: false } });
  const matched = matchRoutes(routes, path);
  await module.loader({
    request: new Request(new URL(path, 'http://localhost')),
    params: matched?.at(-1)?.params ?? {},
    context: { queryClient: server },
  } as LoaderFunctionArgs);
  const loaderRequests = requests.splice(0);
  const html = renderToString(page(server, routes, path));

  device?.();
  const browser = createQueryClient();
  hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
  server.clear();

  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const hydrationErrors: string[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    hydrationErrors.push(args.map(String).join(' '));
  });
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, page(browser, routes, path), {
      onRecoverableError: (error) => hydrationErrors.push(String(error)),
    });
  });
  // Effects that would ask again (a stale query refetched on mount) have run by now.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  consoleError.mockRestore();

  return {
    container,
    html,
    loaderRequests,
    browserRequests: requests.splice(0),
    hydrationErrors,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
      browser.clear();
      fetchSpy.mockRestore();
    },
  };
}

/** A JSON answer of the API stand-in. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
