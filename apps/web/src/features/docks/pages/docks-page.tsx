import type { DockSummary } from '@nbr/domain/docks';
import { canRunDocks } from '@nbr/domain/organisations';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { type MapPoint, MarkersMap } from '../../../components/map/markers-map.tsx';
import { paths } from '../../../config/paths.ts';
import { useActingOrganisation } from '../../../lib/api/organisations/get-acting-organisation.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useDocks } from '../api/get-docks.ts';
import { OpeningHours, OpenNow } from '../components/opening-hours.tsx';
import styles from '../docks.module.css';

const dockElementId = (dockId: string) => `dock-${dockId}`;

/**
 * /app/docks: the docks the person may use (granted to them, their organisation's, public ones) as a
 * list and on a map, with the free locks now; the dock where their bike is locked stands out.
 */
export function Component() {
  const { t } = useTranslation('docks');
  const docks = useDocks();
  const { claims } = useSession();
  const acting = useActingOrganisation(claims);
  // The docks where my bike stands come first; the API's order otherwise.
  const data = useMemo(
    () =>
      docks.data
        ? [...docks.data].sort((a, b) => Number(b.my_locks > 0) - Number(a.my_locks > 0))
        : undefined,
    [docks.data],
  );

  const points = useMemo<MapPoint[]>(
    () =>
      (data ?? []).map((dock) => ({
        id: dock.id,
        latitude: dock.latitude,
        longitude: dock.longitude,
        label:
          dock.my_locks > 0
            ? t('list.markerMine', { name: dock.name })
            : t('list.marker', { name: dock.name, count: dock.free_locks }),
        className: dock.my_locks > 0 ? styles.myMarker : styles.dockMarker,
      })),
    [data, t],
  );

  const showDock = (dockId: string) => {
    const element = document.getElementById(dockElementId(dockId));
    element?.scrollIntoView({ block: 'nearest' });
    element?.focus();
  };

  return (
    <PageLayout title={t('list.title')} lead={t('list.lead')}>
      <div className={styles.stack}>
        {acting.data && canRunDocks(acting.data.role) ? (
          <p>
            <LinkButton variant="secondary" size="small" href={paths.app.docksOperate.getHref()}>
              {t('list.operate', { organisation: acting.data.name })}
            </LinkButton>
          </p>
        ) : null}
        {docks.isPending ? <LoadingState label={t('list.loading')} /> : null}
        {docks.isError ? (
          <LoadError title={t('list.loadFailed')} error={docks.error} retry={() => void docks.refetch()} />
        ) : null}
        {data && data.length === 0 ? (
          <Alert tone="info" title={t('list.noneTitle')}>
            <p>{t('list.none')}</p>
          </Alert>
        ) : null}
        {data && data.length > 0 ? (
          <div className={styles.layout}>
            <MarkersMap
              points={points}
              interactive
              zoom={14}
              onSelect={showDock}
              texts={{
                title: t('list.mapLabel'),
                attribution: t('map.attribution'),
                zoomIn: t('map.zoomIn'),
                zoomOut: t('map.zoomOut'),
              }}
              className={styles.map}
              testId="docks-map"
            />
            <ul className={`${styles.list} ${styles.grid}`} aria-label={t('list.listLabel')}>
              {data.map((dock) => (
                <DockItem key={dock.id} dock={dock} />
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </PageLayout>
  );
}

function DockItem({ dock }: { dock: DockSummary }) {
  const { t } = useTranslation('docks');
  const id = dockElementId(dock.id);
  const isMine = dock.my_locks > 0;
  return (
    <li
      id={id}
      className={`${styles.item} ${isMine ? styles.itemMine : ''}`}
      tabIndex={-1}
      aria-labelledby={`${id}-name`}
      data-testid="dock-item"
    >
      <h2 id={`${id}-name`} className={styles.name}>
        <Link href={paths.app.dockLocks.getHref({ dockId: dock.id })}>{dock.name}</Link>
      </h2>
      {isMine ? (
        <p>
          <span className={`${styles.badge} ${styles['tone-mine']}`}>
            {t('list.myBikeHere', { count: dock.my_locks })}
          </span>
        </p>
      ) : null}
      <address className={styles.address}>
        {dock.street_address}
        <br />
        {dock.postcode} {dock.town}
      </address>
      <p className={styles.muted}>{t('list.runBy', { operator: dock.operator_name })}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('list.freeLocks')}</dt>
          <dd>{t('list.freeOf', { free: dock.free_locks, total: dock.total_locks })}</dd>
        </div>
      </dl>
      <p>
        <OpenNow isOpen={dock.is_open_now} />
      </p>
      <details>
        <summary>{t('hours.title')}</summary>
        <OpeningHours hours={dock.opening_hours} />
      </details>
    </li>
  );
}
