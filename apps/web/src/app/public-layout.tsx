import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { paths } from '../config/paths.ts';
import { Link } from '../ui/link.tsx';
import { LoadingState } from '../ui/spinner.tsx';
import styles from './layout.module.css';
import { PublicDesktopNav } from './public-menu.tsx';
import { SiteHeader } from './site-header.tsx';

const FOOTER_LINKS = [
  { key: 'footer.howItWorks', href: paths.content.howItWorks.getHref() },
  { key: 'footer.ourMission', href: paths.content.ourMission.getHref() },
  { key: 'footer.advisoryBoard', href: paths.content.advisoryBoard.getHref() },
  { key: 'footer.privacy', href: paths.content.privacy.getHref() },
  { key: 'footer.measurement', href: paths.content.measurementSettings.getHref() },
  { key: 'footer.terms', href: paths.content.terms.getHref() },
  { key: 'footer.accessibility', href: paths.content.accessibility.getHref() },
  // Issue 17 §2: a visitor on a desktop reaches the support chat here (the phone menu has it too).
  { key: 'nav.support', href: paths.public.supportChat.getHref() },
] as const;

export function SiteFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <p className={styles.footerTagline}>{t('footer.tagline')}</p>
        <nav aria-label={t('shell.footerNavigation')}>
          <ul className={styles.footerLinks}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.key}>
                <Link unstyled href={link.href}>
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <address className={styles.footerContact}>
          <p className={styles.footerHeading}>{t('footer.contactHeading')}</p>
          <p>{t('footer.contactName')}</p>
          <p>
            <a href={`mailto:${t('footer.contactEmail')}`}>{t('footer.contactEmail')}</a>
          </p>
        </address>
        <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}

/** Public pages: header, the page, footer. */
export function PublicLayout({ children }: { children?: React.ReactNode }) {
  return (
    <>
      <SiteHeader />
      {/* SPEC §2: on desktop the phone menu's entries are a row below the header (it scrolls away; the
          header stays). The signed-in area has its sidebar instead. */}
      <PublicDesktopNav />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<LoadingState />}>{children ?? <Outlet />}</Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
