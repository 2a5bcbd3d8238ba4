import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import styles from './link.module.css';

export interface LinkProps
  extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className' | 'children'> {
  /** An address of the app (navigated to by the router) or of another site (mailto:, https://…). */
  href: string;
  /** Optional so that <Trans> can fill it in. */
  children?: ReactNode;
  /** Opens another site in a new tab and says so to screen readers. */
  external?: boolean;
  /** Takes the colour of the surrounding text (headers, footers). */
  inheritColor?: boolean;
  /** Without the text link's look: the caller's class gives it one (the shell's header, menu, logo). */
  unstyled?: boolean;
  className?: string;
  /** Called when the link is followed (before the router navigates). */
  onPress?: () => void;
}

/**
 * A text link: an `<a>` through React Router's Link, so an address of the app opens in the app and any
 * other address (another site, mailto:) as the browser would. Not react-aria's Link: a page shows
 * dozens of text links (header, footer, menus), and its hooks made them 15 % of painting a page on the
 * server (7 Dec 2026) and as much of hydrating it; hover and focus are plain CSS (link.module.css).
 */
export function Link({
  href,
  children,
  external = false,
  inheritColor = false,
  unstyled = false,
  className,
  onPress,
  onClick,
  ...props
}: LinkProps) {
  // onClick may stop the link (preventDefault); onPress is told when it is followed.
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) onPress?.();
  };
  const classes = [!unstyled && styles.link, inheritColor && styles.inherit, className]
    .filter(Boolean)
    .join(' ');
  if (!external) {
    return (
      <RouterLink {...props} to={href} className={classes} onClick={follow}>
        {children}
      </RouterLink>
    );
  }
  return (
    <a {...props} href={href} target="_blank" rel="noopener noreferrer" className={classes} onClick={follow}>
      {children}
      <ExternalMark />
    </a>
  );
}

/** What says a link opens another site in a new tab: an arrow to the eye, words to a screen reader. */
function ExternalMark() {
  const { t } = useTranslation();
  return (
    <>
      <svg className={styles.externalIcon} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
        <path d="M5 1H1v10h10V7M7 1h4v4M11 1 5.5 6.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
      </svg>
      <span className="visually-hidden">{t('shell.opensInNewTab')}</span>
    </>
  );
}
