import type { LockCommandResult, LockState } from '@nbr/domain/docks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useBikeName } from '../../../components/bike/bike-name.ts';
import { LoadError, LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useBikes } from '../../../lib/api/bikes/get-bikes.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useDockLocks } from '../api/get-dock-locks.ts';
import { useLockCommand } from '../api/lock-command.ts';
import { LiveStatus } from '../components/live-status.tsx';
import { LockStateBadge } from '../components/lock-state-badge.tsx';
import styles from '../docks.module.css';
import { commandErrorMessage } from '../lib/command-error.ts';
import { DOCK_POLL_MS, useDockLive } from '../lib/dock-live.ts';
import { commandMessage, stateHelpKey } from '../lib/lock-texts.ts';

type Outcome =
  | {
      kind: 'lock' | 'unlock';
      result: LockCommandResult;
      /** The lock's state in the command's answer. */
      stateThen: LockState;
    }
  | { kind: 'error'; text: string };

/** States an unlock's "take your bike out" is still true in: open with the bike in it, or about to be. */
const UNLOCKED_STILL: readonly LockState[] = ['locked', 'opening', 'occupied'];

/**
 * Whether what came of the press is still worth telling in the lock's state now: a failure always
 * (until the next press); an unlock done until the lock is free or otherwise moves on; a lock done
 * until the lock's state changes from the one in its answer.
 */
function outcomeStillTrue(outcome: Outcome, state: LockState): boolean {
  if (outcome.kind === 'error' || outcome.result.outcome !== 'accepted') return true;
  if (outcome.kind === 'unlock') return UNLOCKED_STILL.includes(state);
  return state === outcome.stateThen;
}

/**
 * /app/docks/{dockId}/locks/{lockId}: lock one of my registered bikes in this lock, or unlock mine.
 * The state follows the dock's live channel; the answer of the lock is told plainly — including when
 * it did not answer within 10 seconds, and then nothing was opened.
 */
export function Component() {
  const { t, i18n } = useTranslation('docks');
  const { dockId = '', lockId = '' } = useParams();
  const live = useDockLive(dockId);
  const locks = useDockLocks(dockId, live === 'open' ? false : DOCK_POLL_MS);
  const command = useLockCommand();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const liveState = locks.data?.locks.find((candidate) => candidate.id === lockId)?.state;

  // A success is told while it is still the lock's news: once the lock has moved on (the bike taken
  // out after an unlock, the lock opened again after a lock) the state above says what is true now.
  // A failure stays until the next press.
  // Decided while rendering, so no frame shows the lock's new state beside the old news; the state
  // is then cleared too, so a lock that comes back to that state does not bring the news back.
  const isOutcomeNews = outcome !== null && (!liveState || outcomeStillTrue(outcome, liveState));
  const shownOutcome = isOutcomeNews ? outcome : null;
  useEffect(() => {
    if (outcome && !isOutcomeNews) setOutcome(null);
  }, [outcome, isOutcomeNews]);

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

  // The viewer opened this lock from this page and the lock said yes: the bike standing in it is theirs.
  const justUnlocked =
    shownOutcome?.kind === 'unlock' && shownOutcome.result.outcome === 'accepted' && !lock.is_mine;

  const run = async (kind: 'lock' | 'unlock', bikeId?: string) => {
    setOutcome(null);
    try {
      const result = await command.mutateAsync(
        kind === 'lock' && bikeId ? { kind, dockId, lockId, bikeId } : { kind: 'unlock', dockId, lockId },
      );
      setOutcome({ kind, result, stateThen: result.lock.state });
    } catch (error) {
      setOutcome({ kind: 'error', text: commandErrorMessage(error, t) });
    }
  };

  return (
    <PageLayout title={t('lock.title', { label: lock.label })} lead={dock.name} width="form">
      <div className={styles.stack}>
        <p>
          <Link href={paths.app.dockLocks.getHref({ dockId })}>{t('lock.back', { dock: dock.name })}</Link>
        </p>
        <LiveStatus status={live} />
        <section className={styles.item} aria-labelledby="lock-state" data-testid="lock-state">
          <h2 id="lock-state" className={styles.name}>
            {t('lock.stateNow')} <LockStateBadge state={lock.state} isMine={lock.is_mine} />
          </h2>
          <p className={styles.muted}>
            {lock.state === 'occupied' && justUnlocked
              ? t('stateHelp.occupiedJustUnlocked')
              : t(stateHelpKey(lock.state))}
          </p>
          {lock.is_mine && lock.my_parking ? (
            <p>
              {t('lock.lockedSince', {
                bike: lock.my_parking.bike_name ?? t('lock.yourBike'),
                time: formatDateTime(lock.my_parking.locked_at, i18n.language),
              })}
            </p>
          ) : null}
        </section>
        {shownOutcome ? (
          <div data-testid="command-outcome">
            <OutcomeAlert outcome={shownOutcome} />
          </div>
        ) : null}
        {!dock.is_open_now && !lock.is_mine ? (
          <Alert tone="info">
            <p>{t('errors.dock_closed_now')}</p>
          </Alert>
        ) : null}
        {lock.is_mine ? (
          <Button
            fullWidth
            isPending={command.isPending}
            onPress={() => void run('unlock')}
            isDisabled={lock.state === 'opening'}
          >
            {command.isPending ? t('lock.waiting') : t('lock.unlock')}
          </Button>
        ) : lock.state === 'free' && dock.is_open_now ? (
          <LockForm
            parkedHere={locks.data.locks.flatMap((other) =>
              other.my_parking?.bike_id ? [other.my_parking.bike_id] : [],
            )}
            isPending={command.isPending}
            onLock={(bikeId) => void run('lock', bikeId)}
          />
        ) : null}
        <p>
          <LinkButton
            variant="secondary"
            fullWidth
            href={paths.app.dockLockWebsocket.getHref({ dockId, lockId })}
          >
            {t('lock.openLiveView')}
          </LinkButton>
        </p>
      </div>
    </PageLayout>
  );
}

function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('docks');
  if (outcome.kind === 'error') {
    return (
      <Alert tone="error" title={t('outcome.refusedTitle')}>
        <p>{outcome.text}</p>
      </Alert>
    );
  }
  const message = commandMessage(outcome.kind, outcome.result);
  return (
    <Alert tone={message.tone}>
      <p>{t(message.key)}</p>
    </Alert>
  );
}

/** Which of my registered bikes to lock, and the button. */
function LockForm({
  parkedHere,
  isPending,
  onLock,
}: {
  /** My bikes locked in this dock already: not offered again. */
  parkedHere: readonly string[];
  isPending: boolean;
  onLock: (bikeId: string) => void;
}) {
  const { t } = useTranslation('docks');
  const bikeName = useBikeName();
  const bikes = useBikes();
  const registered = (bikes.data ?? []).filter(
    (bike) => bike.status === 'registered' && !parkedHere.includes(bike.bike_id),
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const bikeId = chosen ?? (registered.length === 1 ? (registered[0]?.bike_id ?? null) : null);
  const [missing, setMissing] = useState(false);

  if (bikes.isPending) return <LoadingState label={t('lock.bikesLoading')} />;
  if (bikes.isError) {
    return <LoadError title={t('lock.bikesFailed')} error={bikes.error} retry={() => void bikes.refetch()} />;
  }
  if (registered.length === 0 && parkedHere.length > 0) {
    return (
      <Alert tone="info">
        <p>{t('lock.allParked')}</p>
      </Alert>
    );
  }
  if (registered.length === 0) {
    return (
      <Alert tone="info" title={t('lock.noBikesTitle')}>
        <p>{t('lock.noBikes')}</p>
        <LinkButton size="small" href={paths.app.bikesRegister.getHref()}>
          {t('lock.registerBike')}
        </LinkButton>
      </Alert>
    );
  }
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (!bikeId) {
          setMissing(true);
          return;
        }
        onLock(bikeId);
      }}
    >
      <RadioGroup
        label={t('lock.chooseBike')}
        value={bikeId}
        onChange={(value) => {
          setChosen(value);
          setMissing(false);
        }}
        error={missing ? t('lock.chooseBikeMissing') : undefined}
        options={registered.map((bike) => ({
          value: bike.bike_id,
          label: bike.nickname ?? bikeName(bike),
          description: bike.frame_number ?? undefined,
        }))}
      />
      <Button type="submit" fullWidth isPending={isPending}>
        {isPending ? t('lock.waiting') : t('lock.lock')}
      </Button>
    </form>
  );
}
