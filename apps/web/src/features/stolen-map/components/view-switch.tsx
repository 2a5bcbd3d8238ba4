import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { MapView } from '../lib/map-search-params.ts';
import styles from '../stolen-map.module.css';

/**
 * Map | List: two links (each view has its own address), the current one marked as such. With no
 * view yet (the server's page, before the browser knows the screen) the style sheet marks the one
 * the screen shows: the list on a phone, the map on a wider screen.
 */
export function ViewSwitch({ view, hrefs }: { view: MapView | null; hrefs: Record<MapView, string> }) {
  const { t } = useTranslation('stolen-map');
  return (
    <nav className={styles.viewSwitch} aria-label={t('view.label')} data-auto={view === null || undefined}>
      {(['map', 'list'] as const).map((option) => (
        <Link
          key={option}
          href={hrefs[option]}
          className={styles.viewOption}
          data-option={option}
          aria-current={view === option ? 'page' : undefined}
        >
          {t(`view.${option}`)}
        </Link>
      ))}
    </nav>
  );
}
