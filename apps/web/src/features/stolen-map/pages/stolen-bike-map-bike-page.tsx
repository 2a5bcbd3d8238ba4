import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BikeFactList, BikePicture } from '../../../components/bike/public-bike-facts.tsx';
import { pickupFormHref } from '../../../components/bike/stolen-bike-actions.tsx';
import { paths } from '../../../config/paths.ts';
import { stolenBikeQuery, useStolenBike } from '../../../lib/api/theft/get-stolen-bike.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { pageData } from '../../../lib/page-data.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { PlaceMap } from '../components/place-map.tsx';
import { useDescribeBike } from '../lib/describe-bike.ts';
import { formatCamera } from '../lib/map-search-params.ts';
import styles from '../stolen-map.module.css';

/**
 * The server paints the bike's page with its data. The small map of its place (components/place-map.tsx)
 * is not part of the page's load: it loads MapLibre when the person turns to it (on a phone, scrolls
 * to it or presses "show the map" in its frame; on a wider screen, once it is near the view and the
 * page is idle). Until then its frame, at its own size, holds that button, then says it is loading.
 */
export const loader = pageData(({ params }, fetch) => [fetch(stolenBikeQuery(params.bikeId ?? ''))]);

/**
 * /stolen-bike-map/{bikeId} — one stolen bike as the public map knows it: what it is, when it was
 * stolen, roughly where (a small map of the rounded place), and the way to write to its owner.
 */
export function Component() {
  const { t } = useTranslation(['stolen-map', 'common']);
  const describe = useDescribeBike();
  const bikeId = useParams().bikeId ?? '';
  const bike = useStolenBike(bikeId);
  const mapHref = paths.public.stolenBikeMap.getHref();

  if (bike.isPending) {
    return (
      <PageLayout title={t('bikePage.title')}>
        <LoadingState />
      </PageLayout>
    );
  }

  if (bike.isError) {
    const notFound = isApiError(bike.error) && bike.error.status === 404;
    return (
      <PageLayout title={notFound ? t('bikePage.notFoundTitle') : t('bikePage.title')} width="reading">
        <Alert tone={notFound ? 'info' : 'error'} announce="none">
          <p>{notFound ? t('bikePage.notFoundText') : errorMessage(bike.error, t)}</p>
        </Alert>
        <div className={styles.actions}>
          {notFound ? null : (
            <Button variant="secondary" onPress={() => void bike.refetch()}>
              {t('common:actions.tryAgain')}
            </Button>
          )}
          <LinkButton href={mapHref} variant="secondary">
            {t('bikePage.backToMap')}
          </LinkButton>
        </div>
      </PageLayout>
    );
  }

  const data = bike.data;
  const title = describe.title(data);
  const location = data.location;
  const mapAtPlace = location
    ? `${mapHref}?at=${encodeURIComponent(formatCamera({ zoom: 12, ...location }))}`
    : mapHref;
  return (
    <PageLayout title={title} lead={t('bikePage.lead', { date: describe.stolenOn(data) })}>
      <div className={styles.bikePage}>
        <Alert tone="error" title={t('bikePage.stolenTitle')} announce="none">
          <p>{t('bikePage.stolenText')}</p>
          <div className={styles.actions}>
            <LinkButton href={paths.app.contactBikeOwner.getHref({ bikeId: data.bike_id })}>
              {t('bikePage.contactOwner')}
            </LinkButton>
            <LinkButton href={pickupFormHref(data.bike_id)} variant="secondary">
              {t('bikePage.haveIt')}
            </LinkButton>
          </div>
        </Alert>
        <section className={styles.bikeCard} aria-labelledby="stolen-bike-facts">
          <BikePicture url={data.thumbnail_url} alt={t('bike.pictureAlt', { title })} size="large" />
          <div className={styles.bikeFacts}>
            <h2 id="stolen-bike-facts" className={styles.sectionHeading}>
              {t('bikePage.facts')}
            </h2>
            <BikeFactList
              bike={{
                status: 'stolen',
                brand: data.brand,
                model: data.model,
                color: data.color,
                category: data.category,
                is_electric: data.is_electric,
                picture_url: null,
                thumbnail_url: data.thumbnail_url,
              }}
            />
            <dl className={styles.theftFacts}>
              <div>
                <dt>{t('bikePage.stolenOn')}</dt>
                <dd>{describe.stolenOn(data)}</dd>
              </div>
              <div>
                <dt>{t('bikePage.region')}</dt>
                <dd>{t(`common:regions.${data.region}`)}</dd>
              </div>
            </dl>
          </div>
        </section>
        <section className={styles.placeSection} aria-labelledby="stolen-bike-place">
          <h2 id="stolen-bike-place" className={styles.sectionHeading}>
            {t('bikePage.place')}
          </h2>
          {location ? (
            <>
              <PlaceMap latitude={location.latitude} longitude={location.longitude} />
              <p className={styles.approximate}>{t('bikePage.placeApproximate')}</p>
            </>
          ) : (
            <p className={styles.muted}>{t('bikePage.noPlace')}</p>
          )}
        </section>
        <p>
          <Link href={mapAtPlace}>{t('bikePage.backToMap')}</Link>
        </p>
      </div>
    </PageLayout>
  );
}
