import type { BikeStatus } from '@nbr/domain/bikes';
import { useTranslation } from 'react-i18next';
import styles from './status-badge.module.css';

/**
 * 'Stolen' stands out; a registered bike gets a calm badge. `needsRegistration`: the owner's page
 * knows the bike has no registration (credit) of theirs — say so rather than "Registered", which
 * would contradict the page (a bike received by transfer is in the register, but not in their name).
 */
export function StatusBadge({
  status,
  needsRegistration = false,
}: {
  status: BikeStatus;
  needsRegistration?: boolean;
}) {
  const { t } = useTranslation('bikes');
  if (status === 'registered' && needsRegistration) {
    return (
      <span className={`${styles.badge} ${styles.badgeNeutral}`}>
        {t('common:bike.status.needsRegistration')}
      </span>
    );
  }
  return (
    <span className={`${styles.badge} ${status === 'stolen' ? styles.badgeStolen : styles.badgeOk}`}>
      {t(`common:bike.status.${status}`)}
    </span>
  );
}
