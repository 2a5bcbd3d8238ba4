import { useTranslation } from 'react-i18next';
import type { RealtimeStatus } from '../../../lib/realtime.ts';
import styles from '../docks.module.css';

/** Whether the locks on screen follow the live channel, or are fetched every few seconds while it reconnects. */
export function LiveStatus({ status }: { status: RealtimeStatus }) {
  const { t } = useTranslation('docks');
  const isLive = status === 'open';
  return (
    <p className={styles.liveLine} role="status" data-live={isLive ? 'on' : 'off'}>
      <span className={`${styles.liveDot} ${isLive ? styles.liveDotOn : ''}`} aria-hidden="true" />
      {isLive ? t('live.on') : t('live.connecting')}
    </p>
  );
}
