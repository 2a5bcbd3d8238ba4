import type { OperatorDevice, PairingCode } from '@nbr/domain/docks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { usePairDevice } from '../api/pair-device.ts';
import { useRetireDevice } from '../api/retire-device.ts';
import styles from '../docks.module.css';

/**
 * The dock's lock devices: pair a new one (a one-time code, shown once, typed into the device or its
 * tool before it expires), see when each was last heard, retire one (its credentials stop working).
 */
export function DevicesSection({ dockId, devices }: { dockId: string; devices: readonly OperatorDevice[] }) {
  const { t, i18n } = useTranslation(['docks', 'common']);
  const pair = usePairDevice(dockId);
  const [code, setCode] = useState<PairingCode | null>(null);
  const active = devices.filter((device) => device.retired_at === null);
  return (
    <section className={styles.section} aria-labelledby="devices">
      <h2 id="devices" className={styles.sectionTitle}>
        {t('devices.title')}
      </h2>
      <p className={styles.muted}>{t('devices.lead')}</p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="small"
          isPending={pair.isPending}
          onPress={() =>
            pair.mutate(undefined, {
              onSuccess: (answer) => setCode(answer),
            })
          }
        >
          {t('devices.pair')}
        </Button>
      </div>
      {pair.isError ? (
        <Alert tone="error">
          <p>{errorMessage(pair.error, t)}</p>
        </Alert>
      ) : null}
      {code ? (
        <Alert tone="success" title={t('devices.codeTitle')}>
          <p>
            <span className={styles.code} data-testid="pairing-code">
              {code.code}
            </span>
          </p>
          <p>{t('devices.codeExpires', { time: formatDateTime(code.expires_at, i18n.language) })}</p>
          <p>{t('devices.codeOnce')}</p>
        </Alert>
      ) : null}
      {active.length === 0 ? (
        <p className={styles.muted}>{t('devices.none')}</p>
      ) : (
        <ul className={styles.list}>
          {active.map((device) => (
            <DeviceItem key={device.id} dockId={dockId} device={device} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DeviceItem({ dockId, device }: { dockId: string; device: OperatorDevice }) {
  const { t, i18n } = useTranslation(['docks', 'common']);
  const [isOpen, setOpen] = useState(false);
  const retire = useRetireDevice(dockId);
  const name = [device.vendor, device.model].filter(Boolean).join(' ') || t('devices.unnamed');
  const status =
    device.paired_at === null
      ? device.pairing_code_expires_at
        ? t('devices.waiting', { time: formatDateTime(device.pairing_code_expires_at, i18n.language) })
        : t('devices.notPaired')
      : device.is_online
        ? t('devices.online')
        : device.last_seen_at
          ? t('devices.lastSeen', { time: formatDateTime(device.last_seen_at, i18n.language) })
          : t('devices.neverSeen');
  return (
    <li className={styles.item} data-testid="dock-device">
      <div className={styles.lockHeader}>
        <h3 className={styles.name}>{name}</h3>
        <span className={`${styles.badge} ${styles[device.is_online ? 'tone-good' : 'tone-off'] ?? ''}`}>
          {device.is_online ? t('devices.onlineShort') : t('devices.offlineShort')}
        </span>
      </div>
      <p className={styles.muted}>{status}</p>
      {device.serial_number ? (
        <p className={styles.muted}>{t('devices.serial', { serial: device.serial_number })}</p>
      ) : null}
      <div className={styles.actions}>
        <Button size="small" variant="quiet" onPress={() => setOpen(true)}>
          {t('devices.retire')}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title={t('devices.retireTitle', { name })}
        confirmLabel={t('devices.retire')}
        variant="danger"
        onConfirm={() => retire.mutateAsync(device.id)}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('devices.retireBody')}</p>
      </ConfirmDialog>
    </li>
  );
}
