import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/alert.tsx';
import { BikeFactList, BikePicture, type PublicBikeFacts, useBikeTitle } from './public-bike-facts.tsx';
import styles from './public-bike-view.module.css';
import { StatusBadge } from './status-badge.tsx';

/**
 * The public display of a bike: the stolen banner when it is reported stolen, its picture, status
 * and what the owner lets others see. `stolenActions` go into the banner (contact the owner);
 * `children` below the details. Used on the public page and on a scanned sticker's page.
 */
export function PublicBikeView({
  bike,
  stolenActions,
  children,
}: {
  bike: PublicBikeFacts;
  stolenActions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('search');
  const title = useBikeTitle()(bike);
  return (
    <div className={styles.publicBike}>
      {bike.status === 'stolen' ? (
        <Alert tone="error" title={t('public.stolenTitle')} announce="none">
          <p>{t('public.stolenText')}</p>
          {stolenActions ? <div className={styles.bannerActions}>{stolenActions}</div> : null}
        </Alert>
      ) : null}
      <section className={styles.publicCard} aria-labelledby="public-bike-heading">
        <BikePicture url={bike.picture_url} alt={t('bike.pictureAlt', { name: title })} size="large" />
        <div className={styles.publicBody}>
          <StatusBadge status={bike.status} />
          <h2 id="public-bike-heading" className={styles.publicTitle}>
            {title}
          </h2>
          <BikeFactList bike={bike} />
          {children}
        </div>
      </section>
    </div>
  );
}
