import type { Language, Region } from '@nbr/domain/locale-values';
import { act } from '@testing-library/react';
import i18next from 'i18next';
import { type ComponentType, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  type LoaderFunctionArgs,
  RouterProvider,
  StaticRouterProvider,
} from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import type { MeasurementChoice } from '../lib/consent.ts';
import type { ServerLoaderContext } from '../lib/page-data.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { regionForLanguage, setRegionDefaultLanguage } from '../lib/region.ts';

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

/**
 * A page the way issue 31 serves it, modelled on entry-server.tsx and main.tsx: React Router's static
 * handler runs the route's loader with a query cache of the request (whose Accept-Language names the
 * page's language, as the server's does), the page is rendered to HTML with that cache, an i18next of
 * the request and the painted region, and the browser hydrates the HTML with a client holding the
 * answered queries, without running the loader again. The API is whatever `api` answers (a fetch
 * stand-in); the test asserts that the browser asked for nothing the loader did not bring, and that
 * React found the HTML to be what it renders itself.
 *
 * While the "server" works, the app's own i18next speaks no language (`cimode`), as on the server,
 * where only the request's i18next knows it: a loader that reads the app's language fails the test.
 * The test runs in jsdom, so the "server" could also read the browser's storage: what only the device
 * has (a session, a basket) is set up in `device`, which runs after the painting, before hydration.
 *
 * `routePath` is the route's pattern (`/dk/*`), `path` the address opened.
 */
export async function paintPage(options: {
  module: PageModule;
  routePath: string;
  path: string;
  api: (url: string) => Response | Promise<Response>;
  /** The request's language; the app's i18next is in it when the browser hydrates. Default: the test's. */
  language?: Language;
  /** The region the server paints with (the device's cookie, else the language's). */
  region?: Region;
  /** The measurement answer the server paints with (the device's cookie; null, the default: none). */
  measurement?: MeasurementChoice | null;
  device?: () => void;
}): Promise<PaintedPage> {
  const { module, routePath, path, api, device } = options;
  const testLanguage = i18next.language;
  const language = options.language ?? (testLanguage as Language);
  const region = options.region ?? regionForLanguage(language);
  const measurement = options.measurement ?? null;
  const requests: string[] = [];
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = requestUrl(input);
    requests.push(url);
    return api(url);
  });

  const server = createQueryClient();
  // A failing answer fails the loader at once (the test says so) instead of after the retries' waits.
  server.setDefaultOptions({ queries: { ...server.getDefaultOptions().queries, retry: false } });
  const requestI18n = i18next.createInstance();
  void requestI18n.init({
    lng: language,
    resources: i18next.store.data,
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    initAsync: false,
  });
  await i18next.changeLanguage('cimode');
  let html: string;
  let loaderRequests: string[];
  try {
    const handler = createStaticHandler([
      { path: routePath, Component: module.Component, loader: module.loader },
    ]);
    const context = await handler.query(
      new Request(new URL(path, 'http://localhost'), { headers: { 'accept-language': language } }),
      {
        requestContext: {
          queryClient: server,
          language,
          region: regionForLanguage(language),
        } satisfies ServerLoaderContext,
      },
    );
    if (context instanceof Response) throw new Error(`The loader answered ${context.status}`);
    // A loader that fails leaves the page to the browser (lib/page-data.ts): nothing is painted.
    if (context.errors) throw Object.values(context.errors)[0];
    loaderRequests = requests.splice(0);
    html = renderToString(
      <StrictMode>
        <AppProviders
          i18n={requestI18n}
          queryClient={server}
          paintedRegion={region}
          paintedMeasurement={measurement}
        >
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppProviders>
      </StrictMode>,
    );
  } catch (error) {
    fetchSpy.mockRestore();
    throw error;
  } finally {
    await i18next.changeLanguage(language);
  }

  device?.();
  // As main.tsx: a region not chosen on the device follows the page's language.
  setRegionDefaultLanguage(language);
  // As main.tsx: the answered queries of the page's state, at the time they were answered.
  const browser = createQueryClient();
  for (const query of server.getQueryCache().getAll()) {
    if (query.state.status === 'success') {
      browser.setQueryData(query.queryKey, query.state.data, { updatedAt: query.state.dataUpdatedAt });
    }
  }
  server.clear();

  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const hydrationErrors: string[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    hydrationErrors.push(args.map(String).join(' '));
  });
  const router = createMemoryRouter([{ path: routePath, Component: module.Component }], {
    initialEntries: [path],
  });
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <AppProviders queryClient={browser} paintedRegion={region} paintedMeasurement={measurement}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
      { onRecoverableError: (error) => hydrationErrors.push(String(error)) },
    );
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
      void i18next.changeLanguage(testLanguage);
      container.remove();
      browser.clear();
      fetchSpy.mockRestore();
      setRegionDefaultLanguage('da');
    },
  };
}

/** A JSON answer of the API stand-in. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
