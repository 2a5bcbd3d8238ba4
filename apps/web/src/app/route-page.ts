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
 * A lazily loaded page with the i18n namespaces it needs, loaded together so the page never shows
 * untranslated keys. If the page's code cannot be downloaded (a new deploy replaced it), the
 * browser loads the address afresh — once; a second failure shows the error page.
 */
export function page(load: () => Promise<RouteModule>, namespaces: readonly string[] = []) {
  return async (): Promise<RouteModule> => {
    try {
      const [module] = await Promise.all([load(), loadNamespaces(['common', ...namespaces])]);
      // No module: the download failed and main.tsx already started a reload; wait for it.
      if (!module) return new Promise<never>(() => {});
      return module;
    } catch (error) {
      if (isChunkLoadError(error) && reloadOnce(navigationTarget())) return new Promise<never>(() => {});
      throw error;
    }
  };
}

export const notFound = page(() => import('./routes/not-found.tsx'));
