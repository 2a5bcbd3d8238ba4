import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { NoAccess } from '../features/backoffice/components/no-access.tsx';
import type { StaffContext } from '../features/backoffice/staff-context.ts';
import { profileQueryOptions } from '../lib/api/identity/get-profile.ts';
import { errorMessage } from '../lib/api-errors.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Icon, type IconName } from '../ui/icon.tsx';
import { PageLayout } from '../ui/page-layout.tsx';
import { LoadingState } from '../ui/spinner.tsx';
import styles from './backoffice-layout.module.css';
import layoutStyles from './layout.module.css';
import { SiteFooter } from './public-layout.tsx';
import { SiteHeader } from './site-header.tsx';
import { ShellTop } from './switch-user-banner.tsx';

const AREAS: ReadonlyArray<{ key: string; href: string; icon: IconName; end?: boolean }> = [
  { key: 'layout.home', href: paths.backoffice.home.getHref(), icon: 'briefcase', end: true },
  { key: 'layout.identities', href: paths.backoffice.identities.getHref(), icon: 'user' },
  { key: 'layout.tickets', href: paths.backoffice.tickets.getHref(), icon: 'chat' },
  // Issue 17 §1 operations: the v2 landing page (orders…) and the printed stickers.
  { key: 'layout.v2', href: paths.backoffice.v2.getHref(), icon: 'box' },
  // Issue 29 §2: the campaigns' flows.
  { key: 'layout.flows', href: paths.backoffice.v2Flows.getHref(), icon: 'transfer' },
  // Issue 30 §2: sign-ups, first bikes, purchases, theft reports per day; web vitals per page.
  { key: 'layout.measurement', href: paths.backoffice.v2Measurement.getHref(), icon: 'chart' },
  { key: 'layout.plates', href: paths.backoffice.plates.getHref(), icon: 'book' },
  { key: 'layout.organisations', href: paths.backoffice.organisations.getHref(), icon: 'briefcase' },
  {
    key: 'layout.ownershipVerifications',
    href: paths.backoffice.ownershipVerifications.getHref(),
    icon: 'check',
  },
  {
    key: 'layout.insuranceVerification',
    href: paths.backoffice.insuranceVerification.getHref(),
    icon: 'shield',
  },
];

function isCurrent(href: string, pathname: string, end = false): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return end ? path === href : path === href || path.startsWith(`${href}/`);
}

function BackofficeNav() {
  const { t } = useTranslation('backoffice');
  const { pathname } = useLocation();
  // One area is current: the most specific that holds the page (/backoffice/v2/flows is Flows, not v2).
  const current = AREAS.filter((area) => isCurrent(area.href, pathname, area.end)).reduce<string | null>(
    (best, area) => (best === null || area.href.length > best.length ? area.href : best),
    null,
  );
  return (
    <nav aria-label={t('layout.navigation')} className={styles.subnav}>
      <ul className={styles.subnavList}>
        {AREAS.map((area) => (
          <li key={area.href}>
            <Link
              href={area.href}
              className={styles.subnavLink}
              aria-current={area.href === current ? 'page' : undefined}
            >
              <Icon name={area.icon} />
              <span>{t(area.key)}</span>
            </Link>
          </li>
        ))}
        <li className={styles.end}>
          <Link href={paths.app.home.getHref()} className={styles.subnavLink}>
            <Icon name="home" />
            <span>{t('layout.backToApp')}</span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/**
 * The staff area. Visitors never get here (the access loader sends them to /login); the API
 * refuses non-staff anyway, and this layout tells them so instead of showing empty tools.
 */
function StaffOnly() {
  const { t } = useTranslation('backoffice');
  const profile = useQuery(profileQueryOptions);
  if (profile.isPending) return <LoadingState />;
  if (profile.isError) {
    return (
      <PageLayout title={t('loadFailed')} width="reading">
        <Alert tone="error" announce="none">
          <p>{errorMessage(profile.error, t)}</p>
        </Alert>
        <Button variant="secondary" size="small" onPress={() => void profile.refetch()}>
          {t('retry')}
        </Button>
      </PageLayout>
    );
  }
  if (!profile.data.staff_role) return <NoAccess />;
  return (
    <>
      <BackofficeNav />
      <Suspense fallback={<LoadingState />}>
        <Outlet context={{ staffRole: profile.data.staff_role } satisfies StaffContext} />
      </Suspense>
    </>
  );
}

export function Component() {
  return (
    <>
      <ShellTop>
        <SiteHeader wide />
      </ShellTop>
      <main id="main" className={layoutStyles.main} tabIndex={-1}>
        <StaffOnly />
      </main>
      <SiteFooter />
    </>
  );
}
