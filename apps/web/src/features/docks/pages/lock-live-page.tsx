import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useDockLocks } from '../api/get-dock-locks.ts';
import { LiveStatus } from '../components/live-status.tsx';
import styles from '../docks.module.css';
import { DOCK_POLL_MS, useDockLive } from '../lib/dock-live.ts';
import { stateHelpKey, stateKey, stateTone } from '../lib/lock-texts.ts';
import { useScreenAwake } from '../lib/use-screen-awake.ts';

/**
 * /app/docks/{dockId}/locks/{lockId}/websocket: one lock's state, large enough to read at arm's
 * length on a phone held at the dock, following the dock's live channel. Each change is read out,
 * and the screen is kept on while it is shown.
 */
export function Component() {
  const { t } = useTranslation('docks');
  const { dockId = '', lockId = '' } = useParams();
  const live = useDockLive(dockId);
  const locks = useDockLocks(dockId, live === 'open' ? false : DOCK_POLL_MS);
  useScreenAwake();

  if (locks.isPending) return <LoadingState label={t('lock.loading')} />;
  if (locks.isError) {
    return (
      <LoadErrorPage
        title={t('lock.titleUnknown')}
        alertTitle={t('locks.loadFailed')}
        error={locks.error}
        retry={() => void locks.refetch()}
      />
    );
  }
  const { dock } = locks.data;
  const lock = locks.data.locks.find((candidate) => candidate.id === lockId);
  if (!lock) throw new Response(null, { status: 404 });
  const tone = stateTone(lock.state, lock.is_mine);

  return (
    <PageLayout title={t('liveView.title', { label: lock.label })} lead={dock.name}>
      <div className={styles.stack}>
        <LiveStatus status={live} />
        <div
          className={`${styles.bigState} ${styles[`tone-${tone}`] ?? ''}`}
          role="status"
          data-testid="live-lock-state"
          data-state={lock.state}
        >
          <p className={styles.bigLabel}>{t('lock.stateNow')}</p>
          <p className={styles.bigWord}>{t(stateKey(lock.state))}</p>
          <p className={styles.bigHelp}>
            {lock.is_mine ? t('liveView.mine') : null} {t(stateHelpKey(lock.state))}
          </p>
        </div>
        <p>
          <Link href={paths.app.dockLock.getHref({ dockId, lockId })}>{t('liveView.back')}</Link>
        </p>
      </div>
    </PageLayout>
  );
}
