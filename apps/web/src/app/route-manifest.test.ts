import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { backofficeRoutes } from './backoffice-routes.tsx';
import { docksRoutes } from './docks-routes.tsx';
import { insuranceEnrolmentRoutes, insuranceRoutes } from './insurance-routes.tsx';
import { orgSearchRoutes } from './org-search-routes.tsx';
import { ROUTE_FILES, routePatternsIn } from './route-manifest.ts';
import { routes } from './router.tsx';

/*
 * The manifest the build hands the API (route-manifest.json) is every address the router has a
 * screen for, no more and no less: the API answers 404 to every other address.
 */

const sources = import.meta.glob<string>('./*.tsx', { eager: true, query: '?raw', import: 'default' });

/** Every address of a route tree (index routes take their parent's), without the 404 splats. */
function addresses(tree: readonly RouteObject[], parent = '/'): string[] {
  return tree.flatMap((route) => {
    const own =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    const isPage = route.index === true || (route.path !== undefined && !route.children);
    return [...(isPage && !own.endsWith('*') ? [own] : []), ...addresses(route.children ?? [], own)];
  });
}

describe('the route manifest', () => {
  it('lists exactly the addresses of the router and of the areas it patches in', () => {
    const fromSources = routePatternsIn(ROUTE_FILES.map((file) => sources[`./${file}`] ?? ''));
    const fromRouter = new Set(
      addresses([
        ...routes,
        ...insuranceRoutes,
        ...insuranceEnrolmentRoutes,
        ...backofficeRoutes,
        ...orgSearchRoutes,
        ...docksRoutes,
      ]),
    );
    fromRouter.delete('/404');
    fromRouter.delete('/:fullyQualifiedFlowMemo');
    expect(fromSources).toEqual([...fromRouter].sort());
    expect(fromSources).toContain('/app/my-bikes/:bikeId');
    expect(fromSources).toContain('/app/docks/:dockId/locks/:lockId/websocket');
    expect(fromSources).toContain('/backoffice/identities/:identityPartyId');
    expect(fromSources).not.toContain('/404');
    expect(fromSources).not.toContain('/:fullyQualifiedFlowMemo');
  });

  it('refuses a route file that names an address config/paths.ts does not have', () => {
    expect(() => routePatternsIn(['{ path: paths.app.nowhere.path, lazy: page }'])).toThrow(
      /paths.app.nowhere/,
    );
  });
});
