import type { RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { notFound, page } from './route-page.ts';

/*
 * The organisation search (issue 17 §3, features/org-search): members acting for the police, a
 * municipality or an insurer, in the signed-in chrome. Not part of the first download: the router
 * patches these in on the first navigation under /org-bike-search (router.tsx,
 * patchRoutesOnNavigation).
 */
export const orgSearchRoutes: RouteObject[] = [
  {
    path: paths.public.orgBikeSearch.path,
    lazy: page(() => import('./app-layout.tsx')),
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          {
            index: true,
            lazy: page(() => import('../features/org-search/pages/org-bike-search-page.tsx'), ['org-search']),
          },
          {
            path: paths.public.orgBikeSearchBike.path,
            lazy: page(() => import('../features/org-search/pages/org-bike-page.tsx'), ['org-search']),
          },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
