import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { basemapStyle, loadMapLibre, supportsWebGL, useMapStyleUrl } from '../../../lib/map/basemap.ts';
import styles from '../stolen-map.module.css';

/** How close the small map shows a bike's rounded place: the town, not the street. */
const PLACE_ZOOM = 10;

/**
 * A small still map of a stolen bike's rounded place with one marker: a picture, not a control (no
 * panning or zooming), named for screen readers, which also read the note on rounding beside it.
 */
export function PlaceMap({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { t } = useTranslation('stolen-map');
  const styleUrl = useMapStyleUrl();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(() => !supportsWebGL());

  useEffect(() => {
    if (failed || styleUrl === undefined || !container.current) return;
    const element = container.current;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    (async () => {
      const maplibregl = await loadMapLibre();
      const style = await basemapStyle(styleUrl);
      if (cancelled) return;
      map = new maplibregl.Map({
        container: element,
        style,
        center: [longitude, latitude],
        zoom: PLACE_ZOOM,
        interactive: false,
        attributionControl: { compact: true },
        locale: {
          'Map.Title': t('bikePage.placeMapLabel'),
          'AttributionControl.ToggleAttribution': t('map.attribution'),
        },
      });
      const marker = document.createElement('span');
      marker.className = `${styles.marker} ${styles.bike} ${styles.placeMarker}`;
      new maplibregl.Marker({ element: marker }).setLngLat([longitude, latitude]).addTo(map);
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [failed, styleUrl, latitude, longitude, t]);

  if (failed) return null;
  return <div ref={container} className={styles.placeMap} data-testid="place-map" />;
}
