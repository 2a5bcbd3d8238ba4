import type { DockOperation, OperatorLock } from '@nbr/domain/docks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useCloseDock } from '../api/close-dock.ts';
import { useDockOperation } from '../api/get-dock-operation.ts';
import { useRemoteOpen } from '../api/remote-open.ts';
import { useSetOutOfService } from '../api/set-out-of-service.ts';
import { DevicesSection } from '../components/devices-section.tsx';
import { LabelDialog } from '../components/label-dialog.tsx';
import { LeftBehindSection } from '../components/left-behind-section.tsx';
import { LiveStatus } from '../components/live-status.tsx';
import { LockStateBadge } from '../components/lock-state-badge.tsx';
import { Occupancy } from '../components/occupancy.tsx';
import { OpenNow } from '../components/opening-hours.tsx';
import { OperatorOnly } from '../components/operator-only.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import styles from '../docks.module.css';
import { commandErrorMessage } from '../lib/command-error.ts';
import { DOCK_POLL_MS, useDockLive } from '../lib/dock-live.ts';
import { commandMessage } from '../lib/lock-texts.ts';

/**
 * /app/docks/{dockId}/operate: the operator runs one dock — occupancy and each lock live, remote
 * opening and out of service with a reason, lock labels and history, devices and their pairing
 * codes, bikes left longer than allowed.
 */
export function Component() {
  const { t } = useTranslation('docks');
  return <OperatorOnly title={t('operate.titleUnknown')}>{() => <OperateDock />}</OperatorOnly>;
}

function OperateDock() {
  const { t, i18n } = useTranslation('docks');
  const { dockId = '' } = useParams();
  const live = useDockLive(dockId, 'operator');
  const operation = useDockOperation(dockId, { pollMs: live === 'open' ? false : DOCK_POLL_MS });
  if (operation.isPending) return <LoadingState label={t('locks.loading')} />;
  if (operation.isError) {
    return (
      <LoadErrorPage
        title={t('operate.titleUnknown')}
        alertTitle={t('operate.loadFailed')}
        error={operation.error}
        retry={() => void operation.refetch()}
      />
    );
  }
  const { dock, locks } = operation.data;
  const isClosedDown = dock.closed_at !== null;
  return (
    <PageLayout title={dock.name} lead={`${dock.street_address}, ${dock.postcode} ${dock.town}`}>
      <div className={styles.stack}>
        <p>
          <Link href={paths.app.docksOperate.getHref()}>{t('operate.back')}</Link>
        </p>
        <div className={styles.actions}>
          {isClosedDown ? (
            <span className={`${styles.badge} ${styles['tone-off']}`}>
              {t('operate.closedDownOn', { date: formatDateTime(dock.closed_at ?? '', i18n.language) })}
            </span>
          ) : (
            <>
              <OpenNow isOpen={dock.is_open_now} />
              <LinkButton
                size="small"
                variant="secondary"
                href={paths.app.dockOperateEdit.getHref({ dockId })}
              >
                {t('operate.edit')}
              </LinkButton>
              <LinkButton size="small" variant="quiet" href={paths.app.dockLocks.getHref({ dockId })}>
                {t('operate.asPerson')}
              </LinkButton>
            </>
          )}
        </div>
        <LiveStatus status={live} />
        <section className={styles.section} aria-labelledby="occupancy">
          <h2 id="occupancy" className={styles.sectionTitle}>
            {t('operate.occupancy')}
          </h2>
          <Occupancy counts={countLocks(operation.data)} />
        </section>
        <section className={styles.section} aria-labelledby="locks">
          <h2 id="locks" className={styles.sectionTitle}>
            {t('operate.locks')}
          </h2>
          {locks.length === 0 ? <p className={styles.muted}>{t('operate.noLocks')}</p> : null}
          <ul className={`${styles.list} ${styles.grid}`}>
            {locks.map((lock) => (
              <OperatorLockItem key={lock.id} dockId={dockId} lock={lock} isClosedDown={isClosedDown} />
            ))}
          </ul>
        </section>
        {isClosedDown ? null : <DevicesSection dockId={dockId} devices={operation.data.devices} />}
        <LeftBehindSection dockId={dockId} />
        {isClosedDown ? null : (
          <section className={styles.section} aria-labelledby="close-down">
            <h2 id="close-down" className={styles.sectionTitle}>
              {t('operate.closeDown')}
            </h2>
            <p className={styles.muted}>{t('operate.closeDownBody')}</p>
            <div>
              <CloseDockButton dockId={dockId} name={dock.name} />
            </div>
          </section>
        )}
      </div>
    </PageLayout>
  );
}

function countLocks(operation: DockOperation) {
  const locks = operation.locks;
  const count = (test: (lock: OperatorLock) => boolean) => locks.filter(test).length;
  return {
    total: locks.length,
    free: count((lock) => lock.state === 'free'),
    parked: count((lock) => lock.parking_id !== null),
    offline: count((lock) => lock.state === 'offline'),
    outOfService: count((lock) => lock.state === 'out_of_service'),
    leftBehind: count((lock) => lock.is_left_behind),
  };
}

function CloseDockButton({ dockId, name }: { dockId: string; name: string }) {
  const { t } = useTranslation(['docks', 'common']);
  const [isOpen, setOpen] = useState(false);
  const close = useCloseDock();
  const navigate = useNavigate();
  return (
    <>
      <Button size="small" variant="danger" onPress={() => setOpen(true)}>
        {t('operate.closeDown')}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title={t('operate.closeDownTitle', { name })}
        confirmLabel={t('operate.closeDown')}
        variant="danger"
        onConfirm={async () => {
          await close.mutateAsync(dockId);
          navigate(paths.app.docksOperate.getHref());
        }}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('operate.closeDownBody')}</p>
      </ConfirmDialog>
    </>
  );
}

function OperatorLockItem({
  dockId,
  lock,
  isClosedDown,
}: {
  dockId: string;
  lock: OperatorLock;
  isClosedDown: boolean;
}) {
  const { t, i18n } = useTranslation(['docks', 'common']);
  const [dialog, setDialog] = useState<'open' | 'service' | 'label' | null>(null);
  const remoteOpen = useRemoteOpen(dockId);
  const outOfService = useSetOutOfService(dockId);
  const isOut = lock.out_of_service_at !== null;
  return (
    <li className={styles.item} data-testid="operator-lock" data-lock-id={lock.id}>
      <div className={styles.lockHeader}>
        <h3 className={styles.name}>{t('locks.lockName', { label: lock.label })}</h3>
        <LockStateBadge state={lock.state} />
      </div>
      {lock.parked_since ? (
        <p className={styles.muted}>
          {t('operate.parkedSince', { time: formatDateTime(lock.parked_since, i18n.language) })}
          {lock.is_left_behind ? ` · ${t('operate.leftBehindMark')}` : ''}
        </p>
      ) : null}
      {isOut ? (
        <p className={styles.muted}>
          {t('operate.outOfServiceBecause', { reason: lock.out_of_service_reason ?? '' })}
        </p>
      ) : null}
      <p className={styles.muted}>
        {t('operate.connector', { connector: lock.connector_id })}
        {lock.reported_at
          ? ` · ${t('operate.reported', { time: formatDateTime(lock.reported_at, i18n.language) })}`
          : ''}
      </p>
      {isClosedDown ? null : (
        <div className={styles.actions}>
          <Button size="small" variant="secondary" onPress={() => setDialog('open')}>
            {t('operate.remoteOpen')}
          </Button>
          {isOut ? (
            <Button
              size="small"
              variant="quiet"
              isPending={outOfService.isPending}
              onPress={() => outOfService.mutate({ lockId: lock.id, reason: null })}
            >
              {t('operate.backInService')}
            </Button>
          ) : (
            <Button size="small" variant="quiet" onPress={() => setDialog('service')}>
              {t('operate.outOfService')}
            </Button>
          )}
          <Button size="small" variant="quiet" onPress={() => setDialog('label')}>
            {t('operate.relabel')}
          </Button>
          <LinkButton
            size="small"
            variant="quiet"
            href={paths.app.dockOperateLockHistory.getHref({ dockId, lockId: lock.id })}
          >
            {t('operate.history')}
          </LinkButton>
        </div>
      )}
      {outOfService.isError ? <p className={styles.muted}>{errorMessage(outOfService.error, t)}</p> : null}
      <ReasonDialog
        isOpen={dialog === 'open'}
        onOpenChange={(open) => setDialog(open ? 'open' : null)}
        title={t('operate.remoteOpenTitle', { label: lock.label })}
        intro={t('operate.remoteOpenIntro')}
        confirmLabel={t('operate.remoteOpenConfirm')}
        onConfirm={async (reason) => {
          const result = await remoteOpen.mutateAsync({ lockId: lock.id, reason });
          const message = commandMessage('unlock', result);
          return {
            tone: message.tone === 'info' ? 'success' : message.tone,
            text: result.outcome === 'accepted' ? t('operate.remoteOpened') : t(message.key),
          };
        }}
        describeError={(error) => commandErrorMessage(error, t)}
      />
      <ReasonDialog
        isOpen={dialog === 'service'}
        onOpenChange={(open) => setDialog(open ? 'service' : null)}
        title={t('operate.outOfServiceTitle', { label: lock.label })}
        intro={t('operate.outOfServiceIntro')}
        confirmLabel={t('operate.outOfService')}
        onConfirm={async (reason) => {
          await outOfService.mutateAsync({ lockId: lock.id, reason });
          return null;
        }}
        describeError={(error) => errorMessage(error, t)}
      />
      <LabelDialog
        dockId={dockId}
        lock={lock}
        isOpen={dialog === 'label'}
        onOpenChange={(open) => setDialog(open ? 'label' : null)}
      />
    </li>
  );
}
