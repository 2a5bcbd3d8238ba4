import { useTranslation } from 'react-i18next';
import styles from '../docks.module.css';

export interface OccupancyCounts {
  total: number;
  free: number;
  parked: number;
  offline: number;
  outOfService: number;
  leftBehind: number;
}

/** A dock's locks now: how many free, with a bike, offline, out of service, left too long. */
export function Occupancy({ counts }: { counts: OccupancyCounts }) {
  const { t } = useTranslation('docks');
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t('occupancy.total')}</dt>
        <dd>{counts.total}</dd>
      </div>
      <div>
        <dt>{t('occupancy.free')}</dt>
        <dd>{counts.free}</dd>
      </div>
      <div>
        <dt>{t('occupancy.parked')}</dt>
        <dd>{counts.parked}</dd>
      </div>
      <div>
        <dt>{t('occupancy.offline')}</dt>
        <dd>{counts.offline}</dd>
      </div>
      <div>
        <dt>{t('occupancy.outOfService')}</dt>
        <dd>{counts.outOfService}</dd>
      </div>
      <div>
        <dt>{t('occupancy.leftBehind')}</dt>
        <dd>{counts.leftBehind}</dd>
      </div>
    </dl>
  );
}
