import { useEffect, useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { useSession } from '../lib/session.ts';
import { Icon, type IconName } from '../ui/icon.tsx';
import { Link } from '../ui/link.tsx';
import styles from './layout.module.css';

interface MenuEntry {
  id: string;
  labelKey: string;
  icon: IconName;
  href: string;
}

/** What a visitor's phone menu offers: the register's public tools first, then how it works. */
export const PUBLIC_MENU: readonly MenuEntry[] = [
  { id: 'search', labelKey: 'nav.search', icon: 'search', href: paths.public.search.getHref() },
  {
    id: 'stolen-bike-map',
    labelKey: 'nav.stolenBikeMap',
    icon: 'map',
    href: paths.public.stolenBikeMap.getHref(),
  },
  {
    id: 'find-distributor',
    labelKey: 'nav.findDistributor',
    icon: 'briefcase',
    href: paths.public.findDistributor.getHref(),
  },
  { id: 'webshop', labelKey: 'nav.webshop', icon: 'cart', href: paths.public.webshop.getHref() },
  { id: 'support', labelKey: 'nav.support', icon: 'help', href: paths.public.supportChat.getHref() },
  {
    id: 'how-it-works',
    labelKey: 'footer.howItWorks',
    icon: 'book',
    href: paths.content.howItWorks.getHref(),
  },
];

/**
 * The desktop header's row of the same entries as the phone menu (one list, PUBLIC_MENU, for both):
 * shown from desktop width, where the phone menu's button is hidden.
 */
export function PublicDesktopNav() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('shell.mainNavigation')} className={styles.desktopNav}>
      <ul className={styles.desktopNavList}>
        {PUBLIC_MENU.map((entry) => (
          <li key={entry.id}>
            <Link
              unstyled
              href={entry.href}
              className={styles.headerLink}
              aria-current={pathname === entry.href ? 'page' : undefined}
            >
              <Icon name={entry.icon} />
              {t(entry.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The menu of public pages below desktop width: a disclosure (a button and the list it opens), not
 * a dialog, so the first route carries no overlay code. The desktop header shows the same links
 * (PublicDesktopNav).
 */
export function PublicMenu() {
  const { t } = useTranslation('common');
  const { isLoggedIn, signOut } = useSession();
  const [isOpen, setOpen] = useState(false);
  const { pathname } = useLocation();
  const panelId = useId();

  useEffect(() => {
    void pathname;
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!isOpen) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [isOpen]);

  return (
    <div className={styles.publicMenu}>
      <Button
        className={styles.menuButton}
        onPress={() => setOpen((open) => !open)}
        aria-expanded={isOpen}
        aria-controls={panelId}
      >
        <Icon name={isOpen ? 'close' : 'menu'} />
        <span>{t('shell.openMenu')}</span>
      </Button>
      <nav
        id={panelId}
        aria-label={t('shell.mainNavigation')}
        className={styles.publicMenuPanel}
        hidden={!isOpen}
      >
        <ul className={styles.navList}>
          {PUBLIC_MENU.map((entry) => (
            <li key={entry.id}>
              <Link
                unstyled
                href={entry.href}
                className={styles.navLink}
                aria-current={pathname === entry.href ? 'page' : undefined}
                onPress={() => setOpen(false)}
              >
                <Icon name={entry.icon} />
                <span>{t(entry.labelKey)}</span>
              </Link>
            </li>
          ))}
          {isLoggedIn ? (
            <li>
              <Button className={styles.navLink} onPress={() => void signOut()}>
                <Icon name="logout" />
                <span>{t('shell.signOut')}</span>
              </Button>
            </li>
          ) : (
            <li>
              <Link
                unstyled
                href={paths.auth.signup.getHref()}
                className={styles.navLink}
                onPress={() => setOpen(false)}
              >
                <Icon name="user" />
                <span>{t('shell.signUp')}</span>
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
}
