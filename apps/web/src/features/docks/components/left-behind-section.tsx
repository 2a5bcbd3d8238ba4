import type { LeftBehindParking } from '@nbr/domain/docks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useLeftBehind } from '../api/get-left-behind.ts';
import { useHandOver } from '../api/hand-over.ts';
import styles from '../docks.module.css';

/** Bikes left longer than the dock allows; a municipality or the police hands them to its held bikes. */
export function LeftBehindSection({ dockId }: { dockId: string }) {
  const { t } = useTranslation('docks');
  const list = useLeftBehind(dockId);
  return (
    <section className={styles.section} aria-labelledby="left-behind">
      <h2 id="left-behind" className={styles.sectionTitle}>
        {t('leftBehind.title')}
      </h2>
      {list.isPending ? <LoadingState /> : null}
      {list.isError ? (
        <LoadError title={t('leftBehind.loadFailed')} error={list.error} retry={() => void list.refetch()} />
      ) : null}
      {list.data ? (
        <>
          <p className={styles.muted}>{t('leftBehind.lead', { count: list.data.max_parking_hours })}</p>
          {list.data.can_hand_over ? null : <p className={styles.muted}>{t('leftBehind.cannotHandOver')}</p>}
          {list.data.parkings.length === 0 ? (
            <p>{t('leftBehind.none')}</p>
          ) : (
            <ul className={styles.list}>
              {list.data.parkings.map((parking) => (
                <LeftBehindItem
                  key={parking.parking_id}
                  dockId={dockId}
                  parking={parking}
                  canHandOver={list.data.can_hand_over}
                />
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}

function LeftBehindItem({
  dockId,
  parking,
  canHandOver,
}: {
  dockId: string;
  parking: LeftBehindParking;
  canHandOver: boolean;
}) {
  const { t, i18n } = useTranslation('docks');
  const [isOpen, setOpen] = useState(false);
  return (
    <li className={styles.item} data-testid="left-behind">
      <h3 className={styles.name}>{t('locks.lockName', { label: parking.lock_label })}</h3>
      <p>
        {t('leftBehind.since', {
          time: formatDateTime(parking.locked_at, i18n.language),
          count: parking.hours_parked,
        })}
      </p>
      <p className={styles.muted}>
        {parking.frame_number
          ? t('leftBehind.frameNumber', { frame: parking.frame_number })
          : t('leftBehind.noFrameNumber')}
      </p>
      {canHandOver ? (
        <div className={styles.actions}>
          <Button size="small" variant="secondary" onPress={() => setOpen(true)}>
            {t('leftBehind.handOver')}
          </Button>
        </div>
      ) : null}
      <HandOverDialog dockId={dockId} parking={parking} isOpen={isOpen} onOpenChange={setOpen} />
    </li>
  );
}

/** ISO date `days` from today, for the "collect until" default. */
function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

function HandOverDialog({
  dockId,
  parking,
  isOpen,
  onOpenChange,
}: {
  dockId: string;
  parking: LeftBehindParking;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { t } = useTranslation(['docks', 'common']);
  const handOver = useHandOver(dockId);
  const [place, setPlace] = useState('');
  const [collectUntil, setCollectUntil] = useState(() => inDays(30));
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!place.trim() || !collectUntil) {
      setMissing(true);
      return;
    }
    try {
      await handOver.mutateAsync({
        parkingId: parking.parking_id,
        pickup: {
          place: place.trim(),
          collect_until: collectUntil,
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      });
      onOpenChange(false);
    } catch {
      // Shown below from the mutation's error.
    }
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !handOver.isPending && onOpenChange(open)}
      title={t('leftBehind.handOverTitle', { label: parking.lock_label })}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('leftBehind.handOverIntro')}</p>
        <TextField
          label={t('leftBehind.place')}
          description={t('leftBehind.placeHelp')}
          value={place}
          onChange={setPlace}
          error={missing && !place.trim() ? 'required' : null}
          isRequired
          autoFocus
        />
        <TextField
          label={t('leftBehind.collectUntil')}
          type="date"
          value={collectUntil}
          onChange={setCollectUntil}
          error={missing && !collectUntil ? 'required' : null}
          isRequired
        />
        <TextAreaField label={t('leftBehind.note')} rows={3} value={note} onChange={setNote} />
        {handOver.isError ? (
          <Alert tone="error">
            <p>{errorMessage(handOver.error, t)}</p>
          </Alert>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={handOver.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" isPending={handOver.isPending}>
            {t('leftBehind.handOver')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
