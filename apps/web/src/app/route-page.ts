import type { RouteObject } from 'react-router';
import { loadNamespaces } from '../lib/i18n.ts';
import { currentLocation } from '../lib/navigation.ts';
import { reloadOnce } from './reload.ts';
import { isChunkLoadError } from './shell-rules.ts';

type RouteModule = Awaited<
  ReturnType<NonNullable<Extract<RouteObject['lazy'], (...args: never[]) => unknown>>>
>;

/** Where a navigation is going (the router's target, else the address bar); router.tsx sets it. */
let navigationTarget: () => string = currentLocation;

export function setNavigationTarget(target: () => string): void {
  navigationTarget = target;
}

/**
 * What a page's route tells the server that paints it (entry-server.tsx) and the browser that hydrates
 * it, once its module is loaded.
 */
export interface PageHandle {
  /** The i18n namespaces its screen reads ('common' first); the server puts them into the page. */
  namespaces: readonly string[];
  /** Painted on the server for everyone (a public page); other pages are the bare app. */
  serverRendered: boolean;
  /**
   * The page module's source file (`src/features/…/x-page.tsx`), written in by the server build
   * (vite.config.ts, pageSources): the server links the page's stylesheets and scripts from the
   * client build's manifest. Undefined in the browser.
   */
  source?: string;
}

/** A module loader the server build gives the module's source file (`source`, vite.config.ts: pageSources). */
type SourcedLoad<T> = (() => Promise<T>) & { source?: string };

/** The module loader of page(). */
type PageLoad = SourcedLoad<RouteModule>;

/**
 * A lazily loaded module that is not a page but may be painted with one (the measurement question):
 * written `withSource(() => import('./x.tsx'))` in a file of app/, the server build gives the loader
 * its module's source file as for page(), so the server links the module's stylesheets and script
 * when it paints it. Undefined in the browser.
 */
export function withSource<T>(load: SourcedLoad<T>): SourcedLoad<T> {
  return load;
}

export function pageHandleOf(handle: unknown): PageHandle | null {
  const candidate = handle as Partial<PageHandle> | null | undefined;
  return candidate && Array.isArray(candidate.namespaces) ? (candidate as PageHandle) : null;
}

/**
 * A lazily loaded page with the i18n namespaces it needs, loaded together so the page never shows
 * untranslated keys. If the page's code cannot be downloaded (a new deploy replaced it), the
 * browser loads the address afresh — once; a second failure shows the error page.
 *
 * `serverRendered` pages are painted on the server in the visitor's language (issue 31): their
 * screens must render the same on the server and in the browser's first render (docs/web-app.md).
 */
export function page(
  load: PageLoad,
  namespaces: readonly string[] = [],
  options: { serverRendered?: boolean } = {},
) {
  const handle: PageHandle = {
    namespaces: ['common', ...namespaces],
    serverRendered: options.serverRendered ?? false,
    source: load.source,
  };
  const lazy = async (): Promise<RouteModule> => {
    try {
      // The server has every text of every language at hand (entry-server.tsx).
      const [module] = await Promise.all([
        load(),
        import.meta.env.SSR ? undefined : loadNamespaces(handle.namespaces),
      ]);
      // No module: the download failed and main.tsx already started a reload; wait for it.
      if (!module) return new Promise<never>(() => {});
      return { ...module, handle };
    } catch (error) {
      if (isChunkLoadError(error) && reloadOnce(navigationTarget())) return new Promise<never>(() => {});
      throw error;
    }
  };
  // Known before the module is loaded: the server decides from it whether to paint an address.
  return Object.assign(lazy, { pageHandle: handle });
}

/** A route's page handle: its loaded module's, else the one its lazy loader carries. */
export function routePageHandle(route: { handle?: unknown; lazy?: unknown }): PageHandle | null {
  return (
    pageHandleOf(route.handle) ??
    pageHandleOf((route.lazy as { pageHandle?: unknown } | undefined)?.pageHandle)
  );
}

export const notFound = page(() => import('./routes/not-found.tsx'));
