import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkersMap } from '../../../components/map/markers-map.tsx';
import styles from '../stolen-map.module.css';

/** How close the small map shows a bike's rounded place: the town, not the street. */
const PLACE_ZOOM = 10;

/**
 * A small still map of a stolen bike's rounded place with one marker: a picture, not a control (no
 * panning or zooming), named for screen readers, which also read the note on rounding beside it.
 */
export function PlaceMap({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { t } = useTranslation('stolen-map');
  const points = useMemo(() => [{ id: 'place', latitude, longitude, label: '' }], [latitude, longitude]);
  return (
    <MarkersMap
      points={points}
      zoom={PLACE_ZOOM}
      texts={{
        title: t('bikePage.placeMapLabel'),
        attribution: t('map.attribution'),
        loading: t('map.preparing'),
      }}
      markerClassName={`${styles.marker} ${styles.bike} ${styles.placeMarker}`}
      className={styles.placeMap}
      testId="place-map"
    />
  );
}
