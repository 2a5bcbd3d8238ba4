import './ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPath, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { registerServiceWorker } from './app/register-service-worker.ts';
import { lastPath, reloadOnce } from './app/reload.ts';
import { routePatternOf } from './app/route-pattern.ts';
import { installRoutePrefetch } from './app/route-prefetch.ts';
import { router } from './app/router.tsx';
import { currentAppLanguage, i18n, initI18n } from './lib/i18n.ts';
import { startMeasurement } from './lib/measurement.ts';
import { currentLocation } from './lib/navigation.ts';
import { CACHE_MAX_AGE_MS, queryClient } from './lib/query-client.ts';
import { setRegionDefaultLanguage } from './lib/region.ts';
import { sessionStore } from './lib/session-store.ts';
import { STORAGE_KEYS } from './lib/storage.ts';
import { applyTheme } from './lib/theme.ts';
import { track } from './lib/tracking.ts';

applyTheme();

// Part of the app failed to download (a new deploy removed it). While a page is being opened (or the
// app is starting) that is a failed page load: reload that address. Otherwise it is a failed chunk of
// the page on screen: reload the last path. Once per address; a second failure shows the error page.
window.addEventListener('vite:preloadError', (event) => {
  const opening = router.state.navigation.location;
  const target = opening ? createPath(opening) : router.state.initialized ? lastPath() : currentLocation();
  if (reloadOnce(target)) event.preventDefault();
});
window.addEventListener('appinstalled', () => track('install', 'pwa'));

await initI18n();
setRegionDefaultLanguage(currentAppLanguage());
i18n.on('languageChanged', setRegionDefaultLanguage);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

void registerServiceWorker();

// Measurement only after consent (lib/measurement.ts); the page the browser loaded is named by its
// route pattern, once the router has matched it.
const pathTemplate = () => routePatternOf(router.state.matches);
startMeasurement({ landingPath: pathTemplate(), pathTemplate });
installRoutePrefetch(router);
// The signed-in account's page data is kept across reloads (30 days); its code stays off the first page.
void import('./lib/query-persist.ts').then(({ startQueryPersistence }) =>
  startQueryPersistence(queryClient, {
    maxAge: CACHE_MAX_AGE_MS,
    key: STORAGE_KEYS.queryCache,
    session: sessionStore,
  }),
);
