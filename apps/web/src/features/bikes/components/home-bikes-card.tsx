import { useTranslation } from 'react-i18next';
import { BikeThumbnail } from '../../../components/bike/bike-thumbnail.tsx';
import { StatusBadge } from '../../../components/bike/status-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { useBikes } from '../../../lib/api/bikes/get-bikes.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import styles from '../bikes.module.css';

const SHOWN = 3;

/** The start page's view of the person's bikes: the newest few, or how to register the first. */
export function HomeBikesCard() {
  const { t } = useTranslation(['bikes', 'common']);
  const bikes = useBikes();
  return (
    <Card title={t('home.title')} id="my-bikes">
      {bikes.isPending ? (
        <Spinner label={t('common:shell.loading')} />
      ) : bikes.isError ? (
        <p>{errorMessage(bikes.error, t)}</p>
      ) : bikes.data.length === 0 ? (
        <>
          <p>{t('home.empty')}</p>
          <LinkButton href={paths.app.bikesRegister.getHref()}>{t('list.register')}</LinkButton>
        </>
      ) : (
        <>
          <ul className={styles.bikeList}>
            {bikes.data.slice(0, SHOWN).map((bike) => (
              <li key={bike.bike_id} className={styles.bikeRow}>
                <BikeThumbnail url={bike.thumbnail_url} />
                <div className={styles.bikeRowText}>
                  <h3 className={styles.bikeRowTitle}>
                    <Link href={paths.app.bike.getHref({ bikeId: bike.bike_id })} className={styles.rowLink}>
                      {bike.nickname}
                    </Link>
                  </h3>
                  <p className={styles.bikeRowMeta}>
                    {[bike.brand, bike.model].filter(Boolean).join(' ') || bike.frame_number || bike.plate_id}
                  </p>
                </div>
                <div className={styles.bikeRowBadge}>
                  <StatusBadge status={bike.status} />
                </div>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <LinkButton href={paths.app.myBikes.getHref()} variant="secondary">
              {t('home.all', { count: bikes.data.length })}
            </LinkButton>
            <LinkButton href={paths.app.bikesRegister.getHref()} variant="quiet">
              {t('list.register')}
            </LinkButton>
          </div>
        </>
      )}
    </Card>
  );
}
