import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RealtimeStatus } from '../../../lib/realtime.ts';
import styles from '../docks.module.css';

/** A drop shorter than this (a reconnect with a fresh ticket) does not change what the line says. */
const GRACE_MS = 3000;

/** Whether the locks on screen follow the live channel, or are fetched every few seconds while it reconnects. */
export function LiveStatus({ status }: { status: RealtimeStatus }) {
  const { t } = useTranslation('docks');
  const [isLive, setLive] = useState(status === 'open');
  useEffect(() => {
    if (status === 'open') {
      setLive(true);
      return;
    }
    const timer = setTimeout(() => setLive(false), GRACE_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return (
    <p className={styles.liveLine} role="status" data-live={isLive ? 'on' : 'off'}>
      <span className={`${styles.liveDot} ${isLive ? styles.liveDotOn : ''}`} aria-hidden="true" />
      {isLive ? t('live.on') : t('live.connecting')}
    </p>
  );
}
