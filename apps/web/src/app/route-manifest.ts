import { paths } from '../config/paths.ts';

/*
 * The addresses the web app has a screen for, as the build hands them to the API (dist/route-manifest.json)
 * so that the server answers an unknown address with 404, not 200 with the 404 page. The router is the
 * one source: every route there names its address as `path: paths.<area>.<name>.path`, and the build
 * reads those names from these files (route-manifest.test.ts checks the result against the router).
 */

/** The files under src/app that hold route objects. */
export const ROUTE_FILES = [
  'router.tsx',
  'insurance-routes.tsx',
  'backoffice-routes.tsx',
  'org-search-routes.tsx',
  'docks-routes.tsx',
] as const;

/** The file the build writes beside index.html. */
export const ROUTE_MANIFEST_FILE = 'route-manifest.json';

const ROUTE_PATH = /\bpath:\s*paths\.(\w+)\.(\w+)\.path\b/g;

type PathTable = Record<string, Record<string, { path: string }>>;

/**
 * The React Router patterns (`/app/my-bikes/:bikeId`) the route files' sources name, sorted, with '/'
 * and without /404.
 */
export function routePatternsIn(sources: readonly string[]): string[] {
  const table = paths as unknown as PathTable;
  const found = new Set<string>(['/']);
  for (const source of sources) {
    for (const [, area = '', name = ''] of source.matchAll(ROUTE_PATH)) {
      const entry = table[area]?.[name];
      if (!entry) throw new Error(`route manifest: paths.${area}.${name} is not in config/paths.ts`);
      found.add(entry.path);
    }
  }
  // The 404 page's own address is no page: the server answers it with 404 like any unknown one.
  found.delete(paths.public.notFound.path);
  // A flow's poster address /{memo} would match every one-segment address: the server asks the flows
  // whether such a flow is published instead (findFlowPage), so it is no pattern here.
  found.delete(paths.flows.shortFlow.path);
  return [...found].sort();
}
