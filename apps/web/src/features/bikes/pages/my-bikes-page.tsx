import type { BikeSummary } from '@nbr/domain/bikes';
import { useTranslation } from 'react-i18next';
import { BikeThumbnail } from '../../../components/bike/bike-thumbnail.tsx';
import { StatusBadge } from '../../../components/bike/status-badge.tsx';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useBikes } from '../../../lib/api/bikes/get-bikes.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import styles from '../bikes.module.css';

function BikeRow({ bike }: { bike: BikeSummary }) {
  const { t } = useTranslation('bikes');
  const make = [bike.brand, bike.model].filter(Boolean).join(' ');
  return (
    <li className={styles.bikeRow}>
      <BikeThumbnail url={bike.thumbnail_url} />
      <div className={styles.bikeRowText}>
        <h2 className={styles.bikeRowTitle}>
          <Link href={paths.app.bike.getHref({ bikeId: bike.bike_id })} className={styles.rowLink}>
            {bike.nickname}
          </Link>
        </h2>
        {make ? <p className={styles.bikeRowMeta}>{make}</p> : null}
        <dl className={styles.identifierList}>
          <div>
            <dt>{t('fields.frameNumber')}</dt>
            <dd className={bike.frame_number ? styles.code : styles.muted}>
              {bike.frame_number ?? t('list.missing')}
            </dd>
          </div>
          <div>
            <dt>{t('fields.plateId')}</dt>
            <dd className={bike.plate_id ? styles.code : styles.muted}>
              {bike.plate_id ?? t('list.missing')}
            </dd>
          </div>
        </dl>
        {bike.status === 'stolen' ? (
          <p className={styles.bikeRowMeta}>
            <Link href={paths.app.bikeStolenBikeReport.getHref({ bikeId: bike.bike_id })}>
              {t('list.stolenReport')}
            </Link>
          </p>
        ) : null}
      </div>
      <div className={styles.bikeRowBadge}>
        <StatusBadge status={bike.status} />
      </div>
    </li>
  );
}

/** /app/my-bikes — the person's bikes, or how to register the first one. */
export function Component() {
  const { t } = useTranslation(['bikes', 'common']);
  const bikes = useBikes();

  if (bikes.isPending) return <LoadingState />;
  if (bikes.isError) {
    return (
      <LoadErrorPage
        title={t('list.title')}
        alertTitle={t('list.loadFailed')}
        error={bikes.error}
        retry={() => void bikes.refetch()}
      />
    );
  }

  if (bikes.data.length === 0) {
    return (
      <PageLayout title={t('list.title')}>
        <Card title={t('list.emptyTitle')} id="no-bikes">
          <p>{t('list.emptyBody')}</p>
          <LinkButton href={paths.app.bikesRegister.getHref()}>{t('list.register')}</LinkButton>
        </Card>
      </PageLayout>
    );
  }

  return (
    <PageLayout title={t('list.title')} lead={t('list.lead', { count: bikes.data.length })}>
      <div className={styles.toolbar}>
        <LinkButton href={paths.app.transferOwnership.getHref()} variant="secondary">
          {t('list.transfer')}
        </LinkButton>
        <LinkButton href={paths.app.myBikesReceiveBike.getHref()} variant="secondary">
          {t('list.receive')}
        </LinkButton>
        <LinkButton href={paths.app.myBikesReportStolen.getHref()} variant="secondary">
          {t('list.reportStolen')}
        </LinkButton>
        <LinkButton href={paths.app.bikesRegister.getHref()}>{t('list.register')}</LinkButton>
      </div>
      <ul className={styles.bikeList}>
        {bikes.data.map((bike) => (
          <BikeRow key={bike.bike_id} bike={bike} />
        ))}
      </ul>
    </PageLayout>
  );
}
