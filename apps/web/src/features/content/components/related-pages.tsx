import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useContent } from '../hooks/use-content.ts';
import styles from './content.module.css';

const PAGES = [
  { key: 'howItWorks', href: paths.content.howItWorks.getHref() },
  { key: 'ourMission', href: paths.content.ourMission.getHref() },
  { key: 'advisoryBoard', href: paths.content.advisoryBoard.getHref() },
  { key: 'privacy', href: paths.content.privacy.getHref() },
  { key: 'terms', href: paths.content.terms.getHref() },
  { key: 'accessibility', href: paths.content.accessibility.getHref() },
] as const;

/** Links to the other editorial pages, leaving out the one being read. */
export function RelatedPages({ current }: { current: (typeof PAGES)[number]['key'] }) {
  const { t } = useContent();
  return (
    <nav className={styles.related} aria-labelledby="related-pages-heading">
      <h2 id="related-pages-heading" className={styles.relatedHeading}>
        {t('common.relatedHeading')}
      </h2>
      <ul className={styles.relatedList}>
        {PAGES.filter((page) => page.key !== current).map((page) => (
          <li key={page.key}>
            <Link to={page.href}>{t(`nav.${page.key}`)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
