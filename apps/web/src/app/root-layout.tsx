import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useHref, useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { requiresLogin } from '../lib/access.ts';
import { useMeasurementChoice } from '../lib/consent.ts';
import { currentLocation } from '../lib/navigation.ts';
import { sendToLogin } from '../lib/redirect.ts';
import { sessionStore } from '../lib/session-store.ts';
import { useRunAfterHydration } from './after-hydration.ts';
import { useBuildWatcher } from './build-watcher.ts';
import styles from './layout.module.css';
import { NavigationProgress } from './navigation-progress.tsx';
import { rememberLastPath } from './reload.ts';
import { RouteAnnouncer } from './route-announcer.tsx';

/**
 * If the session ends while a page that needs it is open (another tab signed out, expiry, a revoked
 * token), go to login and say why. The address is read from the browser, not from React: rendering
 * the page that a sign-out just navigated to may lag behind, and that must not count as losing the
 * session on the old page.
 */
function useSessionGuard(): void {
  const snapshot = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.getSnapshot,
    sessionStore.getServerSnapshot,
  );
  useEffect(() => {
    if (!snapshot.claims && requiresLogin(window.location.pathname)) {
      sendToLogin('loggedIn', currentLocation(), 'session_ended');
    }
  }, [snapshot.claims]);
}

/**
 * The address a link shows: app paths through the router (base path, relative paths), absolute
 * addresses (https://…, mailto:) untouched — react-aria then opens those itself, not the router.
 */
export function useLinkHref(href: string): string {
  const routed = useHref(href);
  return /^[a-z][a-z\d+.-]*:/i.test(href) ? href : routed;
}

/** The measurement question's code is only downloaded while the question is open. */
const ConsentBanner = lazy(() =>
  import('./consent-banner.tsx').then((module) => ({ default: module.ConsentBanner })),
);

/** Scroll position is restored per path (not per history entry), as SPEC §2 asks. */
const scrollKey = (location: { pathname: string }) => location.pathname;

/** Everything every page shares: routing for links, scroll, announcements, progress, new builds. */
export function RootLayout() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  const measurementChoice = useMeasurementChoice();
  // The answer is stored in this browser: the question appears once the page is the browser's own.
  const hydrated = useHydrated();
  useBuildWatcher();
  useSessionGuard();
  useRunAfterHydration();

  useEffect(() => {
    rememberLastPath(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);

  return (
    <AriaRouterProvider navigate={(href, options) => void navigate(href, options)} useHref={useLinkHref}>
      <a href="#main" className={styles.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <NavigationProgress />
      <Outlet />
      <RouteAnnouncer />
      {hydrated &&
      measurementChoice === null &&
      location.pathname !== paths.content.measurementSettings.path ? (
        <Suspense fallback={null}>
          <ConsentBanner />
        </Suspense>
      ) : null}
      <ScrollRestoration getKey={scrollKey} />
    </AriaRouterProvider>
  );
}
