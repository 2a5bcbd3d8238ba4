import type { ReactNode } from 'react';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import styles from './link.module.css';

export interface LinkProps extends Omit<AriaLinkProps, 'className' | 'children'> {
  /** Optional so that <Trans> can fill it in. */
  children?: ReactNode;
  /** Opens another site in a new tab and says so to screen readers. */
  external?: boolean;
  /** Takes the colour of the surrounding text (headers, footers). */
  inheritColor?: boolean;
  className?: string;
}

/** A text link. Internal addresses navigate inside the app (via the router); external ones open a new tab. */
export function Link({ children, external = false, inheritColor = false, className, ...props }: LinkProps) {
  const { t } = useTranslation();
  const classes = [styles.link, inheritColor && styles.inherit, className].filter(Boolean).join(' ');
  if (!external) {
    return (
      <AriaLink {...props} className={classes}>
        {children}
      </AriaLink>
    );
  }
  return (
    <AriaLink {...props} target="_blank" rel="noopener noreferrer" className={classes}>
      {children}
      <svg className={styles.externalIcon} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
        <path d="M5 1H1v10h10V7M7 1h4v4M11 1 5.5 6.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
      </svg>
      <span className="visually-hidden">{t('shell.opensInNewTab')}</span>
    </AriaLink>
  );
}
