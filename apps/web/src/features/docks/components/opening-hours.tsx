import type { OpeningHours as Hours } from '@nbr/domain/docks';
import { useTranslation } from 'react-i18next';
import styles from '../docks.module.css';
import { openingLines } from '../lib/lock-texts.ts';

/** A dock's opening hours, Monday first, or "open around the clock". */
export function OpeningHours({ hours }: { hours: Hours }) {
  const { t } = useTranslation('docks');
  const lines = openingLines(hours);
  if (!lines) return <p className={styles.muted}>{t('hours.always')}</p>;
  return (
    <dl className={styles.hours}>
      {lines.map((line) => (
        <div key={line.day} style={{ display: 'contents' }}>
          <dt>{t(`weekdays.${line.day}`)}</dt>
          <dd>{line.hours ?? t('hours.closed')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Open now or closed now, as the API computed it in the dock's own time zone. */
export function OpenNow({ isOpen }: { isOpen: boolean }) {
  const { t } = useTranslation('docks');
  return (
    <span className={`${styles.badge} ${isOpen ? styles['tone-good'] : styles['tone-off']}`}>
      {isOpen ? t('hours.openNow') : t('hours.closedNow')}
    </span>
  );
}
