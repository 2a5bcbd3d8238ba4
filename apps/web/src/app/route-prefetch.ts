import { matchRoutes, type RouteObject } from 'react-router';
import { createPrefetcher } from '../lib/prefetch.ts';

/*
 * Fetching a page's code ahead (SPEC §9): when a pointer rests on, or focus reaches, a link into the
 * app, the code of the page it leads to is fetched, within lib/prefetch.ts's rules (at most 4 every
 * 3 seconds; none on 2g, with data saving or for crawlers). Areas the router patches in on their
 * first visit (backoffice, insurance, …) are not known before and are left alone.
 */

type LazyRoute = RouteObject & { lazy?: unknown };

function pageLoader(routes: readonly RouteObject[], pathname: string): (() => Promise<unknown>) | null {
  const matches = matchRoutes(routes as RouteObject[], pathname) ?? [];
  const last = matches[matches.length - 1]?.route as LazyRoute | undefined;
  return typeof last?.lazy === 'function' ? (last.lazy as () => Promise<unknown>) : null;
}

/** Installs the listeners once; answers their removal. */
export function installRoutePrefetch(router: { routes: readonly RouteObject[] }): () => void {
  const prefetch = createPrefetcher({
    fetch: (pathname) => pageLoader(router.routes, pathname)?.() ?? undefined,
  });
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== window.location.origin) return;
    if (anchor.pathname === window.location.pathname || !pageLoader(router.routes, anchor.pathname)) return;
    prefetch(anchor.pathname);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  return () => {
    document.removeEventListener('pointerover', onIntent);
    document.removeEventListener('focusin', onIntent);
  };
}
