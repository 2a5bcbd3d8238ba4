import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStolenBike } from '../../lib/api/theft/get-stolen-bike.ts';
import { Alert } from '../../ui/alert.tsx';
import { BikeFactList, BikePicture, type PublicBikeFacts, useBikeTitle } from './public-bike-facts.tsx';
import styles from './public-bike-view.module.css';
import { StatusBadge } from './status-badge.tsx';

/**
 * The public display of a bike: the stolen banner when it is reported stolen, its picture, status
 * and what the owner lets others see. `stolenActions` go into the banner (contact the owner);
 * `children` below the details. Used on the public page and on a scanned sticker's page. A stolen
 * bike is described as its theft report describes it (colour, kind, electric: the public fields of
 * the report, as the stolen-bike map shows them), where the report says.
 */
export function PublicBikeView({
  bike,
  stolenActions,
  stolenBannerTitle,
  children,
}: {
  bike: PublicBikeFacts & { bike_id?: string };
  stolenActions?: ReactNode;
  /** The banner's title where the page's heading already says the bike is stolen (the sticker page). */
  stolenBannerTitle?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('search');
  const stolen = bike.status === 'stolen';
  return (
    <div className={styles.publicBike}>
      {stolen ? (
        <Alert tone="error" title={stolenBannerTitle ?? t('public.stolenTitle')} announce="none">
          <p>{t('public.stolenText')}</p>
          {stolenActions ? <div className={styles.bannerActions}>{stolenActions}</div> : null}
        </Alert>
      ) : null}
      {stolen && bike.bike_id ? (
        <AsReported bike={bike} bikeId={bike.bike_id}>
          {children}
        </AsReported>
      ) : (
        <BikeCard bike={bike}>{children}</BikeCard>
      )}
    </div>
  );
}

/** A stolen bike with its looks from the theft report (the registration's while they load or are not given). */
function AsReported({
  bike,
  bikeId,
  children,
}: {
  bike: PublicBikeFacts;
  bikeId: string;
  children?: ReactNode;
}) {
  const reported = useStolenBike(bikeId).data;
  const looks = reported
    ? {
        ...bike,
        color: reported.color ?? bike.color,
        category: reported.category ?? bike.category,
        is_electric: reported.is_electric,
      }
    : bike;
  return <BikeCard bike={looks}>{children}</BikeCard>;
}

function BikeCard({ bike, children }: { bike: PublicBikeFacts; children?: ReactNode }) {
  const { t } = useTranslation('search');
  const title = useBikeTitle()(bike);
  return (
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
  );
}
