import './ui/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createPath, type DataRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterHydration } from './app/after-hydration.ts';
import { preloadConsentBanner, showsConsentBanner } from './app/consent-banner-slot.tsx';
import { AppProviders } from './app/providers.tsx';
import { registerServiceWorker } from './app/register-service-worker.ts';
import { lastPath, reloadOnce } from './app/reload.ts';
import { routePatternOf } from './app/route-pattern.ts';
import { installRoutePrefetch } from './app/route-prefetch.ts';
import { createAppRouter, routes } from './app/router.tsx';
import {
  adoptPaintedLanguage,
  currentAppLanguage,
  detectLanguage,
  i18n,
  initI18n,
  loadNamespaces,
} from './lib/i18n.ts';
import { startMeasurement } from './lib/measurement.ts';
import { currentLocation } from './lib/navigation.ts';
import { CACHE_MAX_AGE_MS, queryClient } from './lib/query-client.ts';
import { setRegionDefaultLanguage } from './lib/region.ts';
import { readPageState } from './lib/server-page.ts';
import { signIn, takeSignInHandover } from './lib/session.ts';
import { sessionStore } from './lib/session-store.ts';
import { STORAGE_KEYS } from './lib/storage.ts';
import { applyTheme } from './lib/theme.ts';
import { track } from './lib/tracking.ts';

applyTheme();
// A login posted before this script ran: its session, taken before the router asks who is here.
const handedOverToken = takeSignInHandover();

let router: DataRouter | null = null;

// Part of the app failed to download (a new deploy removed it). While a page is being opened (or the
// app is starting) that is a failed page load: reload that address. Otherwise it is a failed chunk of
// the page on screen: reload the last path. Once per address; a second failure shows the error page.
window.addEventListener('vite:preloadError', (event) => {
  const opening = router?.state.navigation.location;
  const target = opening ? createPath(opening) : router?.state.initialized ? lastPath() : currentLocation();
  if (reloadOnce(target)) event.preventDefault();
});
window.addEventListener('appinstalled', () => track('install', 'pwa'));

// A page the server painted (issue 31) carries its language, text namespaces, data and loader answers:
// the browser starts from exactly those, so its first render is the painted page and nothing is fetched
// twice (the page preloads its text files; they come from there).
const painted = readPageState();

await initI18n(painted?.language ?? detectLanguage());
if (painted) await loadNamespaces(painted.namespaces);
setRegionDefaultLanguage(currentAppLanguage());
i18n.on('languageChanged', setRegionDefaultLanguage);

if (painted) {
  // The data the page was painted with, as the server's cache held it (answered at its time).
  for (const { queryKey, state } of painted.queries) {
    queryClient.setQueryData(queryKey, state.data, { updatedAt: state.dataUpdatedAt });
  }
  // The painted page's route modules, loaded before the router starts (it would otherwise show nothing
  // while it loads them, and hydration would not match), and the measurement question's where the
  // page was painted with it (hydration then has no part waiting for its code).
  await Promise.all([
    ...(matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
    showsConsentBanner(painted.measurement, window.location.pathname) ? preloadConsentBanner() : undefined,
  ]);
}
router = createAppRouter(painted?.router);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <AppProviders paintedRegion={painted?.region ?? null} paintedMeasurement={painted?.measurement ?? null}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

if (painted) {
  // Painted for a visitor: a signed-in person's page becomes theirs (the access rules run again: /login
  // leads a signed-in person on to the app), and the language this device chose takes over, once
  // React has taken the page over (a change before that would throw the painted HTML away).
  const hydratedRouter = router;
  afterHydration(() => {
    if (sessionStore.getClaims()) void hydratedRouter.revalidate();
    void adoptPaintedLanguage(painted.language);
  });
  // As a transition: React then hydrates in slices and lets the browser in between (a press or a key
  // is answered, and hydrates its part first), where one hydration of the whole page was a long task
  // of 0.3–0.5 s on a slow phone. The page is there to read meanwhile: it was painted.
  startTransition(() => {
    hydrateRoot(container, app, {
      // A painted page that differs from the browser's first render: React renders it afresh, and the
      // e2e journeys fail on this line (e2e/support/fixtures.ts).
      onRecoverableError: (error, info) =>
        console.error('nbr: hydration mismatch', error, info.componentStack),
    });
  });
} else {
  createRoot(container).render(app);
}

// …and then what signing in does: the account's choices, and on to the page the person was going to.
if (handedOverToken) signIn(handedOverToken);

void registerServiceWorker();

// Measurement only after consent (lib/measurement.ts); the page the browser loaded is named by its
// route pattern, once the router has matched it.
const appRouter = router;
const pathTemplate = () => routePatternOf(appRouter.state.matches);
startMeasurement({ landingPath: pathTemplate(), pathTemplate });
installRoutePrefetch(appRouter);
// The signed-in account's page data is kept across reloads (30 days); its code stays off the first page.
void import('./lib/query-persist.ts').then(({ startQueryPersistence }) =>
  startQueryPersistence(queryClient, {
    maxAge: CACHE_MAX_AGE_MS,
    key: STORAGE_KEYS.queryCache,
    session: sessionStore,
  }),
);
