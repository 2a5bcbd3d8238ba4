import type { BikeStatus } from '@nbr/domain/bikes';
import { useTranslation } from 'react-i18next';
import styles from './status-badge.module.css';

/** 'Stolen' stands out; a registered bike gets a calm badge. */
export function StatusBadge({ status }: { status: BikeStatus }) {
  const { t } = useTranslation('bikes');
  return (
    <span className={`${styles.badge} ${status === 'stolen' ? styles.badgeStolen : styles.badgeOk}`}>
      {t(`common:bike.status.${status}`)}
    </span>
  );
}
