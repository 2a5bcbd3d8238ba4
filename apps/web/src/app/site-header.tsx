import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths.ts';
import { useSession } from '../lib/session.ts';
import { Link } from '../ui/link.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import styles from './layout.module.css';
import { Logo } from './logo.tsx';
import { PublicMenu } from './public-menu.tsx';

/**
 * The header of every page: logo, language, and signing in or out. Public pages put their phone menu
 * first (search, the stolen-bike map); the signed-in area passes its own (`leading`).
 */
export function SiteHeader({ leading, wide = false }: { leading?: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('common');
  const { isLoggedIn, signOut } = useSession();
  return (
    <header className={styles.header}>
      <div className={[styles.headerInner, wide && styles.headerWide].filter(Boolean).join(' ')}>
        {leading ?? (wide ? null : <PublicMenu />)}
        <Logo
          href={isLoggedIn ? paths.app.home.getHref() : paths.public.home.getHref()}
          isAppHome={isLoggedIn}
        />
        <div className={styles.headerSpacer} />
        <div className={styles.headerActions}>
          <LanguageSwitch />
          {isLoggedIn ? (
            <>
              {wide ? null : (
                <Link
                  unstyled
                  href={paths.app.home.getHref()}
                  className={`${styles.headerLink} ${styles.headerCta}`}
                >
                  {t('shell.myAccount')}
                </Link>
              )}
              {/* On a phone, signing out is in the menu (the drawer, or the public pages' menu). */}
              <Button className={`${styles.headerLink} ${styles.hideNarrow}`} onPress={() => void signOut()}>
                {t('shell.signOut')}
              </Button>
            </>
          ) : (
            <>
              <Link
                unstyled
                href={paths.auth.signup.getHref()}
                className={`${styles.headerLink} ${styles.hideNarrow}`}
              >
                {t('shell.signUp')}
              </Link>
              <Link
                unstyled
                href={paths.auth.login.getHref()}
                className={`${styles.headerLink} ${styles.headerCta}`}
              >
                {t('shell.signIn')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
