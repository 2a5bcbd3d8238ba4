import { useTranslation } from 'react-i18next';
import { Link } from '../ui/link.tsx';
import styles from './layout.module.css';

/** The register's mark and short name, linking to the start page of the current area. */
export function Logo({ href, isAppHome = false }: { href: string; isAppHome?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Link
      unstyled
      href={href}
      className={styles.logo}
      aria-label={isAppHome ? t('app.logoAltApp') : t('app.logoAlt')}
    >
      <svg viewBox="0 0 512 512" width="36" height="36" aria-hidden="true" focusable="false">
        <rect width="512" height="512" rx="112" fill="currentColor" className={styles.logoTile} />
        <g
          fill="none"
          stroke="var(--color-header-bg)"
          strokeWidth="30"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="148" cy="322" r="78" />
          <circle cx="364" cy="322" r="78" />
          <path d="M148 322 250 322 214 192 148 322 M214 192 340 200 250 322 M340 200 364 322 M188 178h54 M322 164l30 0 M340 200 330 164" />
        </g>
      </svg>
      <span className={styles.logoText}>{t('app.shortName')}</span>
    </Link>
  );
}
