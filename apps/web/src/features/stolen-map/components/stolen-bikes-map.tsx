import { bboxAround, type StolenBikeFeature, type StolenBikeProperties } from '@nbr/domain/stolen-map';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import {
  basemapStyle,
  loadMapLibre,
  MAX_MAP_BOUNDS,
  NORDIC_BOUNDS,
  offlineBasemapStyle,
  useMapStyleUrl,
} from '../../../lib/map/basemap.ts';
import { type MapLoadTrigger, useMapLibre } from '../../../lib/map/lazy-map.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useStolenBikesList } from '../api/get-stolen-bikes-list.ts';
import { type MapViewport, useStolenBikesMap } from '../api/get-stolen-bikes-map.ts';
import { useDescribeBike } from '../lib/describe-bike.ts';
import type { MapCamera, MapFilters } from '../lib/map-search-params.ts';
import styles from '../stolen-map.module.css';
import { BikeCard } from './bike-card.tsx';

/** The closest zoom the map allows: past the point where every rounded place stands alone. */
const MAP_MAX_ZOOM = 15;
/** Moves that end within this time are one request. */
const MOVE_DEBOUNCE_MS = 250;

interface SelectedPlace {
  bikes: StolenBikeProperties[];
  /** The placeKey of the marker that opened it, to give focus back when it closes. */
  key: string;
}

export interface StolenBikesMapProps {
  /** When to load MapLibre (lib/map/lazy-map.ts); until it is drawn the area shows a placeholder. */
  load: MapLoadTrigger;
  filters: MapFilters;
  /** Where to open (from the address); null fits Denmark and Norway. */
  initialCamera: MapCamera | null;
  onCameraChange: (camera: MapCamera) => void;
  /** A crowd of bikes at one place that no zoom splits: show them as a list. */
  onShowPlace: (bbox: string) => void;
  /** The map cannot be drawn here (no WebGL, or MapLibre failed to load). */
  onUnavailable: () => void;
}

/**
 * The stolen-bike map: MapLibre with the basemap of lib/map, the API's clusters and bikes for the
 * visible box drawn as DOM buttons (so keyboards and screen readers reach them), a click on a cluster
 * zooms to where it splits, a click on a bike opens its card.
 *
 * What the server paints (and the browser shows until MapLibre has drawn the map): the map's area at
 * its own size saying the map is loading, and under it how many stolen bikes match the filters (the
 * list's first page, which the page's loader fetched). MapLibre loads when `load` says.
 */
export function StolenBikesMap({
  load,
  filters,
  initialCamera,
  onCameraChange,
  onShowPlace,
  onUnavailable,
}: StolenBikesMapProps) {
  const { t, i18n } = useTranslation(['stolen-map', 'common']);
  const describe = useDescribeBike();
  const styleUrl = useMapStyleUrl(load !== 'never');
  const { mapLibre, status } = useMapLibre(load);
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  /** The markers on the map by placeKey: kept while a place stays, so focus stays on them while panning. */
  const markers = useRef(new Map<string, { marker: Marker; element: HTMLButtonElement }>());
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const [selected, setSelected] = useState<SelectedPlace | null>(null);
  /** MapLibre has drawn the map: the placeholder goes. */
  const [drawn, setDrawn] = useState(false);
  const features = useStolenBikesMap(viewport, filters);
  // The count for the filters until the map has one for what it shows (the loader's query).
  const all = useStolenBikesList(filters, 1, null);

  // Callbacks change on every render of the page; the map's listeners read the latest ones.
  const latest = useRef({ onCameraChange, onShowPlace, onUnavailable });
  latest.current = { onCameraChange, onShowPlace, onUnavailable };
  const initialCameraRef = useRef(initialCamera);

  useEffect(() => {
    if (status === 'failed') latest.current.onUnavailable();
  }, [status]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once per style; its camera and labels are read when it is made.
  useEffect(() => {
    if (styleUrl === undefined || !mapLibre || !container.current) return;
    const maplibregl = mapLibre;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const element = container.current;

    (async () => {
      const style = await basemapStyle(styleUrl);
      if (cancelled) return;
      const camera = initialCameraRef.current;
      map = new maplibregl.Map({
        container: element,
        style,
        ...(camera
          ? { center: [camera.longitude, camera.latitude] as [number, number], zoom: camera.zoom }
          : { bounds: NORDIC_BOUNDS, fitBoundsOptions: { padding: 16 } }),
        maxBounds: MAX_MAP_BOUNDS,
        maxZoom: MAP_MAX_ZOOM,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        attributionControl: { compact: true },
        locale: {
          'NavigationControl.ZoomIn': t('map.zoomIn'),
          'NavigationControl.ZoomOut': t('map.zoomOut'),
          'AttributionControl.ToggleAttribution': t('map.attribution'),
          'Map.Title': t('map.canvasLabel'),
        },
      });
      map.touchZoomRotate.disableRotation();
      map.keyboard.disableRotation();
      map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
      mapRef.current = map;

      const report = () => {
        if (!map) return;
        const bounds = map.getBounds();
        const center = map.getCenter();
        setViewport({
          bbox: {
            minLon: bounds.getWest(),
            minLat: bounds.getSouth(),
            maxLon: bounds.getEast(),
            maxLat: bounds.getNorth(),
          },
          zoom: map.getZoom(),
        });
        latest.current.onCameraChange({ zoom: map.getZoom(), latitude: center.lat, longitude: center.lng });
      };
      map.on('moveend', () => {
        clearTimeout(timer);
        timer = setTimeout(report, MOVE_DEBOUNCE_MS);
      });
      map.once('load', () => {
        setDrawn(true);
        report();
      });
      map.on('error', (event) => {
        // A configured style that cannot be reached (offline, or down): fall back to the built-in one.
        if (styleUrl !== null && map && !map.isStyleLoaded()) {
          void offlineBasemapStyle().then((offline) => map?.setStyle(offline));
        } else if (!map?.loaded()) {
          console.warn('stolen-bike map:', event.error);
        }
      });
    })().catch(() => {
      if (!cancelled) latest.current.onUnavailable();
    });

    return () => {
      cancelled = true;
      clearTimeout(timer);
      for (const { marker } of markers.current.values()) marker.remove();
      markers.current.clear();
      map?.remove();
      mapRef.current = null;
      setDrawn(false);
    };
  }, [styleUrl, mapLibre]);

  // The markers of the current answer: places that stay keep their element (and focus), new ones are
  // added, gone ones removed; all are (re)labelled, so a language change reaches them too.
  const data = features.data;
  const places = useMemo(() => groupByPlace(data?.features ?? []), [data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a language change relabels the markers.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    let active = true;
    void loadMapLibre().then((maplibregl) => {
      if (!active) return;
      const texts: MarkerTexts = {
        clusterLabel: (count, canExpand) =>
          canExpand ? t('map.clusterLabel', { count }) : t('map.crowdLabel', { count }),
        stackLabel: (count) => t('map.stackLabel', { count }),
        bikeLabel: (bike) => describe.label(bike),
        formatCount: (count) => new Intl.NumberFormat(i18n.resolvedLanguage).format(count),
      };
      const next = new Map<string, { marker: Marker; element: HTMLButtonElement }>();
      for (const place of places) {
        const key = placeKey(place);
        const canExpand = place.kind === 'cluster' && place.expansionZoom > map.getZoom() + 0.01;
        const existing = markers.current.get(key);
        const element = existing?.element ?? document.createElement('button');
        renderMarker(element, place, canExpand, texts);
        element.onclick = (event) => {
          event.stopPropagation();
          if (place.kind === 'bikes') {
            setSelected({ bikes: place.bikes, key });
          } else if (canExpand) {
            map.easeTo({ center: place.coordinates, zoom: Math.min(place.expansionZoom, MAP_MAX_ZOOM) });
          } else {
            latest.current.onShowPlace(bboxAround(...place.coordinates));
          }
        };
        next.set(key, {
          element,
          marker:
            existing?.marker ?? new maplibregl.Marker({ element }).setLngLat(place.coordinates).addTo(map),
        });
      }
      for (const [key, { marker }] of markers.current) if (!next.has(key)) marker.remove();
      markers.current = next;
    });
    return () => {
      active = false;
    };
  }, [places, i18n.resolvedLanguage]);

  // A new answer: the card of a place no longer on the map closes.
  useEffect(() => {
    setSelected((current) =>
      current && places.some((place) => placeKey(place) === current.key) ? current : null,
    );
  }, [places]);

  const total = data?.total;
  const allTotal = all.data?.total;
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  return (
    <div className={styles.mapFrame}>
      <section className={styles.mapRegion} aria-label={t('map.regionLabel')}>
        <div ref={container} className={styles.map} />
        {drawn ? null : <p className={styles.mapPlaceholder}>{t('map.preparing')}</p>}
        {features.isFetching ? (
          <span className={styles.mapLoading}>
            <Spinner label={t('map.loading')} />
          </span>
        ) : null}
        {selected ? (
          <BikeCard
            bikes={selected.bikes}
            onClose={() => {
              const opener = markers.current.get(selected.key)?.element;
              setSelected(null);
              if (opener?.isConnected) opener.focus();
            }}
          />
        ) : null}
      </section>
      <p className={styles.mapStatus} role="status">
        {total !== undefined
          ? total === 0
            ? t('map.noneHere')
            : t('map.countHere', { count: total })
          : allTotal !== undefined
            ? t('list.heading', { count: allTotal, formatted: number.format(allTotal) })
            : ''}
      </p>
      {features.isError ? (
        <Alert tone="error" title={t('map.loadFailed')}>
          <p>{errorMessage(features.error, t)}</p>
          <Button variant="secondary" onPress={() => void features.refetch()}>
            {t('common:actions.tryAgain')}
          </Button>
        </Alert>
      ) : null}
    </div>
  );
}

type Place =
  | { kind: 'cluster'; coordinates: [number, number]; count: number; expansionZoom: number }
  | { kind: 'bikes'; coordinates: [number, number]; bikes: StolenBikeProperties[] };

/** Clusters as they come; bikes at the same rounded place together (one marker, one card). */
function groupByPlace(features: readonly StolenBikeFeature[]): Place[] {
  const places: Place[] = [];
  const stacks = new Map<string, Extract<Place, { kind: 'bikes' }>>();
  for (const feature of features) {
    const coordinates = feature.geometry.coordinates;
    const properties = feature.properties;
    if (properties.kind === 'cluster') {
      places.push({
        kind: 'cluster',
        coordinates,
        count: properties.point_count,
        expansionZoom: properties.expansion_zoom,
      });
      continue;
    }
    const key = coordinates.join(',');
    const stack = stacks.get(key);
    if (stack) stack.bikes.push(properties);
    else {
      const place = { kind: 'bikes' as const, coordinates, bikes: [properties] };
      stacks.set(key, place);
      places.push(place);
    }
  }
  return places;
}

interface MarkerTexts {
  clusterLabel: (count: number, canExpand: boolean) => string;
  stackLabel: (count: number) => string;
  bikeLabel: (bike: StolenBikeProperties) => string;
  formatCount: (count: number) => string;
}

const BIKE_ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M5.5 17.5a3.5 3.5 0 1 0 0-.01M18.5 17.5a3.5 3.5 0 1 0 0-.01M5.5 17.5 9 10h6l3.5 7.5M9 10 8 7H6m9 3-3 7.5h-6.5M15 10l-1-3h2" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** Which marker a place is: the same place with the same content keeps its marker between answers. */
function placeKey(place: Place): string {
  const at = place.coordinates.join(',');
  return place.kind === 'cluster'
    ? `cluster:${at}:${place.count}:${place.expansionZoom}`
    : `bikes:${at}:${place.bikes.map((bike) => bike.bike_id).join('|')}`;
}

/** A marker is a real button: reachable by Tab, named for screen readers. */
function renderMarker(button: HTMLButtonElement, place: Place, canExpand: boolean, texts: MarkerTexts): void {
  button.type = 'button';
  if (place.kind === 'cluster') {
    const size = place.count < 10 ? styles.small : place.count < 100 ? styles.medium : styles.large;
    button.className = `${styles.marker} ${styles.cluster} ${size}`;
    button.textContent = texts.formatCount(place.count);
    // A crowd at one place never splits: the map offers it as a list instead of zooming.
    button.setAttribute('aria-label', texts.clusterLabel(place.count, canExpand));
    button.dataset.kind = 'cluster';
    return;
  }
  const [first] = place.bikes;
  if (place.bikes.length === 1 && first) {
    button.className = `${styles.marker} ${styles.bike}`;
    button.innerHTML = BIKE_ICON;
    button.setAttribute('aria-label', texts.bikeLabel(first));
    button.dataset.kind = 'bike';
  } else {
    button.className = `${styles.marker} ${styles.bike} ${styles.stack}`;
    button.innerHTML = `${BIKE_ICON}<span class="${styles.stackCount}">${texts.formatCount(place.bikes.length)}</span>`;
    button.setAttribute('aria-label', texts.stackLabel(place.bikes.length));
    button.dataset.kind = 'stack';
  }
}
