import type { LockView } from '@nbr/domain/docks';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useDockLocks } from '../api/get-dock-locks.ts';
import { LiveStatus } from '../components/live-status.tsx';
import { LockStateBadge } from '../components/lock-state-badge.tsx';
import { OpeningHours, OpenNow } from '../components/opening-hours.tsx';
import styles from '../docks.module.css';
import { DOCK_POLL_MS, useDockLive } from '../lib/dock-live.ts';

/** /app/docks/{dockId}/locks: every lock of the dock with its state, live. */
export function Component() {
  const { t } = useTranslation('docks');
  const { dockId = '' } = useParams();
  const live = useDockLive(dockId);
  const locks = useDockLocks(dockId, live === 'open' ? false : DOCK_POLL_MS);

  if (locks.isPending) return <LoadingState label={t('locks.loading')} />;
  if (locks.isError) {
    return (
      <LoadErrorPage
        title={t('locks.titleUnknown')}
        alertTitle={t('locks.loadFailed')}
        error={locks.error}
        retry={() => void locks.refetch()}
      />
    );
  }
  const { dock } = locks.data;
  return (
    <PageLayout title={dock.name} lead={t('locks.lead', { free: dock.free_locks, total: dock.total_locks })}>
      <div className={styles.stack}>
        <p>
          <Link href={paths.app.docks.getHref()}>{t('locks.back')}</Link>
        </p>
        <LiveStatus status={live} />
        <div className={styles.lockHeader}>
          <address className={styles.address}>
            {dock.street_address}, {dock.postcode} {dock.town}
          </address>
          <OpenNow isOpen={dock.is_open_now} />
        </div>
        <ul className={`${styles.list} ${styles.grid}`} aria-label={t('locks.listLabel')}>
          {locks.data.locks.map((lock) => (
            <LockItem key={lock.id} dockId={dock.id} lock={lock} />
          ))}
        </ul>
        <section className={styles.section} aria-labelledby="dock-hours">
          <h2 id="dock-hours" className={styles.sectionTitle}>
            {t('hours.title')}
          </h2>
          <OpeningHours hours={dock.opening_hours} />
        </section>
      </div>
    </PageLayout>
  );
}

function LockItem({ dockId, lock }: { dockId: string; lock: LockView }) {
  const { t } = useTranslation('docks');
  const canLock = lock.state === 'free';
  return (
    <li
      className={`${styles.item} ${lock.is_mine ? styles.itemMine : ''}`}
      data-testid="lock-item"
      data-lock-id={lock.id}
    >
      <div className={styles.lockHeader}>
        <Link className={styles.lockLink} href={paths.app.dockLock.getHref({ dockId, lockId: lock.id })}>
          {t('locks.lockName', { label: lock.label })}
        </Link>
        <LockStateBadge state={lock.state} isMine={lock.is_mine} />
      </div>
      {lock.is_mine ? (
        <p className={styles.muted}>
          {lock.my_parking?.bike_name
            ? t('locks.myBikeNamed', { bike: lock.my_parking.bike_name })
            : t('locks.myBike')}
        </p>
      ) : canLock ? (
        <p className={styles.muted}>{t('locks.canLock')}</p>
      ) : null}
    </li>
  );
}
