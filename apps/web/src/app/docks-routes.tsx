import type { RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { notFound, page } from './route-page.ts';

/*
 * Docks and smart locks (issue 28, features/docks): a person parks a registered bike, live; an
 * organisation's admins run their docks. In the signed-in chrome, and not part of the first download:
 * the router patches these in on the first navigation under /app/docks (router.tsx,
 * patchRoutesOnNavigation).
 */
export const docksRoutes: RouteObject[] = [
  {
    path: paths.app.docks.path,
    lazy: page(() => import('./app-layout.tsx')),
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          {
            index: true,
            lazy: page(() => import('../features/docks/pages/docks-page.tsx'), ['docks']),
          },
          {
            path: paths.app.dockLocks.path,
            lazy: page(() => import('../features/docks/pages/dock-locks-page.tsx'), ['docks']),
          },
          {
            path: paths.app.dockLock.path,
            lazy: page(() => import('../features/docks/pages/lock-page.tsx'), ['docks']),
          },
          {
            path: paths.app.dockLockWebsocket.path,
            lazy: page(() => import('../features/docks/pages/lock-live-page.tsx'), ['docks']),
          },
          {
            path: paths.app.docksOperate.path,
            lazy: page(() => import('../features/docks/pages/operate-docks-page.tsx'), ['docks']),
          },
          {
            path: paths.app.docksOperateNew.path,
            lazy: page(() => import('../features/docks/pages/dock-form-page.tsx'), ['docks']),
          },
          {
            path: paths.app.dockOperate.path,
            lazy: page(() => import('../features/docks/pages/operate-dock-page.tsx'), ['docks']),
          },
          {
            path: paths.app.dockOperateEdit.path,
            lazy: page(() => import('../features/docks/pages/dock-form-page.tsx'), ['docks']),
          },
          {
            path: paths.app.dockOperateLockHistory.path,
            lazy: page(() => import('../features/docks/pages/lock-history-page.tsx'), ['docks']),
          },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
