import type { OperatorDockSummary } from '@nbr/domain/docks';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useOperatorDocks } from '../api/get-operator-docks.ts';
import { Occupancy } from '../components/occupancy.tsx';
import { OpenNow } from '../components/opening-hours.tsx';
import { OperatorOnly } from '../components/operator-only.tsx';
import styles from '../docks.module.css';

/** /app/docks/operate: the docks the organisation runs, with occupancy now, and a new one. */
export function Component() {
  const { t } = useTranslation('docks');
  return (
    <OperatorOnly title={t('operator.title')}>
      {(organisation) => (
        <PageLayout
          title={t('operator.title')}
          lead={t('operator.lead', { organisation: organisation.name })}
        >
          <div className={styles.stack}>
            <p>
              <LinkButton href={paths.app.docksOperateNew.getHref()}>{t('operator.newDock')}</LinkButton>
            </p>
            <OperatorDockList />
          </div>
        </PageLayout>
      )}
    </OperatorOnly>
  );
}

function OperatorDockList() {
  const { t } = useTranslation('docks');
  const docks = useOperatorDocks();
  if (docks.isPending) return <LoadingState label={t('list.loading')} />;
  if (docks.isError) {
    return <LoadError title={t('list.loadFailed')} error={docks.error} retry={() => void docks.refetch()} />;
  }
  if (docks.data.length === 0) {
    return (
      <Alert tone="info" title={t('operator.noneTitle')}>
        <p>{t('operator.none')}</p>
      </Alert>
    );
  }
  return (
    <ul className={`${styles.list} ${styles.grid}`} aria-label={t('operator.listLabel')}>
      {docks.data.map((dock) => (
        <OperatorDockItem key={dock.id} dock={dock} />
      ))}
    </ul>
  );
}

function OperatorDockItem({ dock }: { dock: OperatorDockSummary }) {
  const { t } = useTranslation('docks');
  return (
    <li className={styles.item} data-testid="operator-dock">
      <h2 className={styles.name}>
        <Link href={paths.app.dockOperate.getHref({ dockId: dock.id })}>{dock.name}</Link>
      </h2>
      <address className={styles.address}>
        {dock.street_address}, {dock.postcode} {dock.town}
      </address>
      <p>
        {dock.closed_at ? (
          <span className={`${styles.badge} ${styles['tone-off']}`}>{t('operator.closedDown')}</span>
        ) : (
          <OpenNow isOpen={dock.is_open_now} />
        )}
      </p>
      <Occupancy
        counts={{
          total: dock.total_locks,
          free: dock.free_locks,
          parked: dock.parked_locks,
          offline: dock.offline_locks,
          outOfService: dock.out_of_service_locks,
          leftBehind: dock.left_behind,
        }}
      />
    </li>
  );
}
