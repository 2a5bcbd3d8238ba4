import { useEffect, useSyncExternalStore } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useHref, useLocation, useNavigate } from 'react-router';
import { requiresLogin } from '../lib/access.ts';
import { useMeasurementChoice } from '../lib/consent.ts';
import { currentLocation } from '../lib/navigation.ts';
import { sendToLogin } from '../lib/redirect.ts';
import { sessionStore } from '../lib/session-store.ts';
import { useRunAfterHydration } from './after-hydration.ts';
import { useBuildWatcher } from './build-watcher.ts';
import { ConsentBannerSlot, showsConsentBanner } from './consent-banner-slot.tsx';
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

/** Scroll position is restored per path (not per history entry), as SPEC §2 asks. */
const scrollKey = (location: { pathname: string }) => location.pathname;

/** Everything every page shares: routing for links, scroll, announcements, progress, new builds. */
export function RootLayout() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  // On a painted page, first the answer it was painted with (its cookie), then this device's own.
  const measurementChoice = useMeasurementChoice();
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
      {showsConsentBanner(measurementChoice, location.pathname) ? <ConsentBannerSlot /> : null}
      <ScrollRestoration getKey={scrollKey} />
    </AriaRouterProvider>
  );
}
