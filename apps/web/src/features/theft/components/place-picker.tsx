import { isOnLand } from '@nbr/domain/land';
import type { MapPoint } from '@nbr/domain/theft';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  basemapStyle,
  loadMapLibre,
  MAX_MAP_BOUNDS,
  supportsWebGL,
  useMapStyleUrl,
} from '../../../lib/map/basemap.ts';
import { useRegion } from '../../../lib/region.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import styles from '../theft.module.css';

/** Where the map opens when nothing is picked yet: the person's country. */
const COUNTRY_BOUNDS = {
  dk: [
    [8, 54.5],
    [13.2, 57.8],
  ],
  no: [
    [4.5, 57.9],
    [31.2, 71.2],
  ],
} as const satisfies Record<string, [[number, number], [number, number]]>;

/** Six decimals is about 10 cm: more than a finger can pick, and what the report shows. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

export function formatPoint(point: MapPoint, language: string): string {
  const format = new Intl.NumberFormat(language, { minimumFractionDigits: 5, maximumFractionDigits: 5 });
  return `${format.format(point.latitude)}° N, ${format.format(point.longitude)}° E`;
}

/** Where the map should look after the pin was put from outside (a placed address). */
export interface MapFocus {
  point: MapPoint;
  zoom: number;
}

/**
 * A point picked on a MapLibre map (SPEC §3: the place is an address or a map pick). A click or tap
 * puts the pin; keyboard users move the map with the arrow keys and put the pin at its centre with
 * a button. The picked point is also written out as text, and can be removed again. A pick in open
 * water is refused on the spot (@nbr/domain/land, the same test the API makes); `focus` moves the
 * map to a point placed from the typed address.
 */
export function PlacePicker({
  value,
  onChange,
  focus = null,
  error,
}: {
  value: MapPoint | null;
  onChange: (point: MapPoint | null) => void;
  focus?: MapFocus | null;
  /** A problem of the field (the API's or the form's check), already translated. */
  error?: string | undefined;
}) {
  const { t, i18n } = useTranslation(['theft', 'common']);
  const [atSea, setAtSea] = useState(false);
  // A pick in open water never becomes the value: the person is told at once.
  const pick = (point: MapPoint) => {
    const onLand = isOnLand(point);
    setAtSea(!onLand);
    if (onLand) onChangeRef.current(point);
  };
  const pickRef = useRef(pick);
  pickRef.current = pick;
  const { region } = useRegion();
  const styleUrl = useMapStyleUrl();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const libraryRef = useRef<typeof import('maplibre-gl') | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const initialValue = useRef(value);
  const [status, setStatus] = useState<'loading' | 'ready' | 'unavailable'>(() =>
    supportsWebGL() ? 'loading' : 'unavailable',
  );

  const unavailable = status === 'unavailable';
  const openWith = useRef({
    region,
    label: t('place.mapLabel'),
    // MapLibre's own controls, in the person's language (its defaults are English).
    locale: {
      'NavigationControl.ZoomIn': t('place.zoomIn'),
      'NavigationControl.ZoomOut': t('place.zoomOut'),
      'AttributionControl.ToggleAttribution': t('place.attribution'),
    },
  });
  // The map is made once per style; the region and the label only decide how it first opens.
  useEffect(() => {
    if (styleUrl === undefined || unavailable || !containerRef.current) return;
    let cancelled = false;
    const container = containerRef.current;
    void (async () => {
      try {
        const [maplibregl, style] = await Promise.all([loadMapLibre(), basemapStyle(styleUrl)]);
        if (cancelled) return;
        libraryRef.current = maplibregl;
        const start = initialValue.current;
        const map = new maplibregl.Map({
          container,
          style,
          maxBounds: MAX_MAP_BOUNDS,
          attributionControl: { compact: true },
          locale: openWith.current.locale,
          ...(start
            ? { center: [start.longitude, start.latitude] as [number, number], zoom: 11 }
            : { bounds: COUNTRY_BOUNDS[openWith.current.region] }),
        });
        map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        map.dragRotate.disable();
        map.touchZoomRotate.disableRotation();
        map.getCanvas().setAttribute('aria-label', openWith.current.label);
        map.on('click', (event) => {
          pickRef.current({ latitude: round(event.lngLat.lat), longitude: round(event.lngLat.lng) });
        });
        map.once('load', () => {
          if (!cancelled) setStatus('ready');
        });
        mapRef.current = map;
      } catch {
        if (!cancelled) setStatus('unavailable');
      }
    })();
    return () => {
      cancelled = true;
      markerRef.current?.remove();
      markerRef.current = null;
      mapRef.current?.remove();
      mapRef.current = null;
    };
  }, [styleUrl, unavailable]);

  // The pin follows the value (a click, the centre button, a restored draft, removal).
  useEffect(() => {
    const map = mapRef.current;
    const maplibregl = libraryRef.current;
    if (!map || !maplibregl || status !== 'ready') return;
    if (!value) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    if (!markerRef.current) {
      const element = document.createElement('div');
      element.className = styles.pin ?? '';
      element.setAttribute('aria-hidden', 'true');
      markerRef.current = new maplibregl.Marker({ element, anchor: 'bottom-left', offset: [4, -4] });
    }
    markerRef.current.setLngLat([value.longitude, value.latitude]).addTo(map);
  }, [value, status]);

  // A pin put on land (a placed address, a restored draft) ends the warning about the one at sea.
  useEffect(() => {
    if (value) setAtSea(false);
  }, [value]);

  // A placed address: the map looks there (the pin follows the value above).
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !focus || status !== 'ready') return;
    map.jumpTo({ center: [focus.point.longitude, focus.point.latitude], zoom: focus.zoom });
  }, [focus, status]);

  const pickCentre = () => {
    const centre = mapRef.current?.getCenter();
    if (centre) pick({ latitude: round(centre.lat), longitude: round(centre.lng) });
  };
  const problem = atSea ? t('common:validation.place_at_sea') : error;

  return (
    <div>
      {status === 'unavailable' ? (
        <p className={styles.muted}>{t('place.mapUnavailable')}</p>
      ) : (
        <>
          <div className={styles.map}>
            <div ref={containerRef} className={styles.mapCanvas} data-testid="place-map" />
            {status === 'loading' ? (
              <div className={styles.mapLoading}>
                <Spinner label={t('place.mapLoading')} />
              </div>
            ) : null}
          </div>
          <p className={styles.hint}>{t('place.mapHelp')}</p>
        </>
      )}
      {problem ? (
        <Alert tone="error">
          <p>{problem}</p>
        </Alert>
      ) : null}
      <p className={styles.pickedPoint} aria-live="polite">
        {value ? (
          <>
            {t('place.picked')} <span className={styles.code}>{formatPoint(value, i18n.language)}</span>
          </>
        ) : (
          <span className={styles.muted}>{t('place.nothingPicked')}</span>
        )}
      </p>
      <div className={styles.actions}>
        {status === 'ready' ? (
          <Button variant="secondary" size="small" onPress={pickCentre}>
            {t('place.pickCentre')}
          </Button>
        ) : null}
        {value ? (
          <Button
            variant="quiet"
            size="small"
            onPress={() => {
              setAtSea(false);
              onChange(null);
            }}
          >
            {t('place.remove')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
