import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkersMap } from '../../../components/map/markers-map.tsx';
import { useWideScreen } from '../hooks/use-wide-screen.ts';
import styles from '../stolen-map.module.css';

/** How close the small map shows a bike's rounded place: the town, not the street. */
const PLACE_ZOOM = 10;

/**
 * A small still map of a stolen bike's rounded place with one marker: a picture, not a control (no
 * panning or zooming), named for screen readers, which also read the note on rounding beside it.
 *
 * MapLibre loads when the person turns to the map, never with the page (lib/map/lazy-map.ts): on a
 * phone when they scroll towards it (it is below the fold there) or press "show the map" in its
 * frame, which is all a frame already in view at load waits for; on a wider screen once the frame is
 * near the view and the page has been idle. The frame says which of the two it is waiting for.
 */
export function PlaceMap({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { t } = useTranslation('stolen-map');
  const wide = useWideScreen();
  const points = useMemo(() => [{ id: 'place', latitude, longitude, label: '' }], [latitude, longitude]);
  return (
    <MarkersMap
      points={points}
      zoom={PLACE_ZOOM}
      // While the server paints and the browser hydrates the screen is not known: nothing loads.
      load={wide === null ? 'never' : wide ? 'visible' : 'scrolled-to'}
      texts={{
        title: t('bikePage.placeMapLabel'),
        attribution: t('map.attribution'),
        loading: t('map.preparing'),
        show: t('bikePage.showMap'),
      }}
      markerClassName={`${styles.marker} ${styles.bike} ${styles.placeMarker}`}
      className={styles.placeMap}
      testId="place-map"
    />
  );
}
