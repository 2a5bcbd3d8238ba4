import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Button, Dialog, Heading, Link, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { externalHref } from '../config/paths.ts';
import { useUnreadCount } from '../features/chats/api/get-unread-count.ts';
import { useLiveUpdates } from '../features/chats/lib/live-updates.ts';
import { insuranceOffersQueryOptions } from '../features/insurance/api/onboarding-get-offers.ts';
import { profileQueryOptions } from '../lib/api/identity/get-profile.ts';
import { policiesQueryOptions } from '../lib/api/insurance/get-policies.ts';
import {
  actingOrganisationQueryOptions,
  actingPartyOf,
} from '../lib/api/organisations/get-acting-organisation.ts';
import { mayUseOrgBikeSearch } from '../lib/org-search-access.ts';
import { useRegion } from '../lib/region.ts';
import { useSession } from '../lib/session.ts';
import { Icon } from '../ui/icon.tsx';
import { LoadingState } from '../ui/spinner.tsx';
import styles from './layout.module.css';
import { SiteFooter } from './public-layout.tsx';
import {
  currentEntryId,
  hasInsuranceArea,
  SIDEBAR,
  type SidebarEntry,
  visibleSidebarEntries,
} from './sidebar.ts';
import { SiteHeader } from './site-header.tsx';
import { ActingForBanner, ShellTop } from './switch-user-banner.tsx';

/** Unread messages as a badge beside the Messages entry (and on the phone's menu button), read out as a sentence. */
function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation('common');
  if (count <= 0) return null;
  return (
    <span className={styles.navBadge}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('nav.unreadMessages', { count })}</span>
    </span>
  );
}

function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { region } = useRegion();
  const { claims, signOut } = useSession();
  // The backoffice entry appears once the profile says the person is staff (never while switched).
  const profile = useQuery({ ...profileQueryOptions, enabled: Boolean(claims) });
  const actingPartyId = actingPartyOf(claims);
  const organisation = useQuery({
    ...actingOrganisationQueryOptions(actingPartyId ?? ''),
    enabled: actingPartyId !== null,
  });
  // Insurances only where the person has a policy or an insurer offers a cover in their region.
  const policies = useQuery({ ...policiesQueryOptions, enabled: Boolean(claims) });
  const offers = useQuery(insuranceOffersQueryOptions(region));
  const entries = visibleSidebarEntries(SIDEBAR, {
    isStaff: Boolean(profile.data?.staff_role),
    insurerPartyId: claims?.organisation_type === 'insurance_company' ? claims.party_id : null,
    mayUseOrgSearch: mayUseOrgBikeSearch(claims),
    mayRunSurveys: organisation.data?.role === 'admin' || (Boolean(profile.data?.staff_role) && !claims?.act),
    hasInsurance: hasInsuranceArea(policies.data, offers.data),
  });
  const unread = useUnreadCount({ enabled: Boolean(claims) });
  const internal = entries.filter((entry) => entry.kind === 'internal');
  const currentId = currentEntryId(entries, pathname);
  const external = entries.filter((entry) => entry.kind === 'external');

  const renderEntry = (entry: SidebarEntry) => {
    // The map and search are in the phone's menu too: a phone has no other way to them (issue 14).
    const className = styles.navLink;
    if (entry.kind === 'external') {
      return (
        <li key={entry.id}>
          <Link
            href={externalHref(entry.link, region)}
            target="_blank"
            rel="noopener noreferrer"
            className={className}
          >
            <Icon name={entry.icon} />
            <span>{t(entry.labelKey)}</span>
            <span className="visually-hidden">{t('shell.opensInNewTab')}</span>
          </Link>
        </li>
      );
    }
    const isCurrent = entry.id === currentId;
    return (
      <li key={entry.id}>
        <Link
          href={entry.href}
          className={className}
          aria-current={isCurrent ? 'page' : undefined}
          onPress={onNavigate}
        >
          <Icon name={entry.icon} />
          <span>{t(entry.labelKey)}</span>
          {entry.id === 'messages' ? <UnreadBadge count={unread.data ?? 0} /> : null}
        </Link>
      </li>
    );
  };

  const signedInLine = () => {
    if (!claims) return null;
    if (claims.act) return t('shell.signedInAsStaff', { email: claims.email });
    if (organisation.data) {
      return t('shell.signedInAsFor', { email: claims.email, organisation: organisation.data.name });
    }
    return t('shell.signedInAs', { email: claims.email });
  };

  return (
    <nav aria-label={t('shell.appNavigation')} className={styles.nav}>
      {claims ? <p className={styles.navUser}>{signedInLine()}</p> : null}
      <ul className={styles.navList}>{internal.map(renderEntry)}</ul>
      <div className={styles.navSeparator} role="presentation" />
      <ul className={styles.navList}>
        {external.map(renderEntry)}
        <li>
          <Button className={styles.navLink} onPress={() => void signOut()}>
            <Icon name="logout" />
            <span>{t('shell.signOut')}</span>
          </Button>
        </li>
      </ul>
    </nav>
  );
}

function MenuDrawer() {
  const { t } = useTranslation('common');
  const [isOpen, setOpen] = useState(false);
  const { pathname } = useLocation();
  const { isLoggedIn } = useSession();
  const unread = useUnreadCount({ enabled: isLoggedIn });

  useEffect(() => {
    void pathname;
    setOpen(false);
  }, [pathname]);

  return (
    <>
      <Button className={styles.menuButton} onPress={() => setOpen(true)} aria-expanded={isOpen}>
        <Icon name="menu" />
        <span>{t('shell.openMenu')}</span>
        <UnreadBadge count={unread.data ?? 0} />
      </Button>
      <ModalOverlay isOpen={isOpen} onOpenChange={setOpen} isDismissable className={styles.drawerOverlay}>
        <Modal className={styles.drawer}>
          <Dialog className={styles.drawerDialog} aria-labelledby="app-menu-title">
            <div className={styles.drawerHeader}>
              <Heading slot="title" id="app-menu-title" className={styles.drawerTitle}>
                {t('shell.appNavigation')}
              </Heading>
              <Button className={styles.navLink} style={{ width: 'auto' }} onPress={() => setOpen(false)}>
                <Icon name="close" />
                <span className="visually-hidden">{t('shell.closeMenu')}</span>
              </Button>
            </div>
            <SidebarNav onNavigate={() => setOpen(false)} />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}

/** The signed-in area: the sidebar as a column on wide screens, a menu button and drawer on phones. */
export function Component() {
  const { isLoggedIn } = useSession();
  // The tab's live connection (chats, offers) runs while someone is signed in, from here on.
  useLiveUpdates(isLoggedIn);
  return (
    <>
      <ShellTop>
        <SiteHeader wide leading={<MenuDrawer />} />
      </ShellTop>
      <ActingForBanner />
      <div className={styles.appBody}>
        <aside className={styles.sidebar}>
          <div className={styles.sidebarSticky}>
            <SidebarNav />
          </div>
        </aside>
        <main id="main" className={styles.main} tabIndex={-1}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <SiteFooter />
    </>
  );
}
