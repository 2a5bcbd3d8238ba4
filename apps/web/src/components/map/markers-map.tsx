import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import {
  basemapStyle,
  loadMapLibre,
  MAX_MAP_BOUNDS,
  NORDIC_BOUNDS,
  offlineBasemapStyle,
  useMapStyleUrl,
} from '../../lib/map/basemap.ts';
import { type MapLoadTrigger, useMapLibre, useWebGL } from '../../lib/map/lazy-map.ts';
import { Button } from '../../ui/button.tsx';

/** One place on the map. With `onSelect` its marker is a button named by `label`. */
export interface MapPoint {
  id: string;
  latitude: number;
  longitude: number;
  label: string;
  /** This marker's own class (a place that stands out, e.g. where my bike is), else the map's. */
  className?: string | undefined;
}

export interface MarkersMapTexts {
  /** The map's name for screen readers. */
  title: string;
  attribution: string;
  /** Shown in the map's place while MapLibre loads and the map is drawn. */
  loading?: string;
  /**
   * The button in the map's place while the map waits for the person (`load` 'visible' or
   * 'scrolled-to'): pressing it loads the map at once.
   */
  show?: string;
  zoomIn?: string;
  zoomOut?: string;
}

export interface MarkersMapProps {
  points: readonly MapPoint[];
  texts: MarkersMapTexts;
  /** When MapLibre loads (lib/map/lazy-map.ts): once the page is idle unless the caller says otherwise. */
  load?: Exclude<MapLoadTrigger, 'now'>;
  /** A still picture (no panning or zooming), or a map to explore with zoom buttons. */
  interactive?: boolean;
  /** The zoom when one point is shown; several are fitted into view. */
  zoom?: number;
  /** The marker pressed; without it markers are pictures, not buttons. */
  onSelect?: (id: string) => void;
  /** The class of each marker, when the caller draws its own (a round brand-coloured dot otherwise). */
  markerClassName?: string;
  /** The map's size and frame are the caller's. */
  className?: string | undefined;
  testId?: string;
}

const MAX_ZOOM = 15;

/**
 * A round brand-coloured dot, when the caller draws no marker of its own. Inline, so the map brings
 * no style sheet of its own into the pages that use it.
 */
const DEFAULT_MARKER_STYLE: Partial<CSSStyleDeclaration> = {
  width: '1.75rem',
  height: '1.75rem',
  padding: '0',
  border: '2px solid #ffffff',
  borderRadius: '50%',
  background: 'var(--color-brand)',
  boxShadow: '0 1px 4px rgb(0 0 0 / 35%)',
  cursor: 'pointer',
};

/** The map fills its frame (the caller's class gives the size), the placeholder covers it until drawn. */
const FILL: CSSProperties = { position: 'absolute', inset: 0 };
const PLACEHOLDER: CSSProperties = {
  ...FILL,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  margin: 0,
  padding: '1rem',
  color: 'var(--color-text-muted)',
  textAlign: 'center',
  pointerEvents: 'none',
};
const WAITING_FOR_PERSON: CSSProperties = { ...PLACEHOLDER, pointerEvents: 'auto' };

/**
 * A MapLibre map of a few places on our basemap (lib/map) (the stolen bike's place, dealers on
 * /find-distributor). MapLibre loads when `load` says (lib/map/lazy-map.ts; once the page is idle by
 * default), never while the page loads. Until the map is drawn its frame, at the size the caller's
 * class gives it, shows `texts.show` as a button while the map waits for the person or the view, and
 * `texts.loading` once it loads; the server paints that frame. Markers are DOM elements, so keyboards
 * and screen readers reach the ones that do something. Without WebGL it renders nothing and the
 * page's list stands alone.
 */
export function MarkersMap({
  points,
  texts,
  load = 'idle',
  interactive = false,
  zoom = 10,
  onSelect,
  markerClassName,
  className,
  testId,
}: MarkersMapProps) {
  const webGL = useWebGL();
  const styleUrl = useMapStyleUrl(webGL);
  const frame = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markers = useRef<Marker[]>([]);
  const [broken, setBroken] = useState(false);
  const [pressed, setPressed] = useState(false);
  const { mapLibre, status } = useMapLibre(!webGL ? 'never' : pressed ? 'now' : load, frame);
  const failed = !webGL || broken || status === 'failed';
  const [ready, setReady] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const latest = useRef({ texts, onSelect });
  latest.current = { texts, onSelect };

  // The map itself, once per style.
  useEffect(() => {
    if (failed || !mapLibre || styleUrl === undefined || !container.current) return;
    const maplibregl = mapLibre;
    const element = container.current;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    (async () => {
      const style = await basemapStyle(styleUrl);
      if (cancelled) return;
      const labels = latest.current.texts;
      map = new maplibregl.Map({
        container: element,
        style,
        bounds: NORDIC_BOUNDS,
        fitBoundsOptions: { padding: 16 },
        maxBounds: MAX_MAP_BOUNDS,
        maxZoom: MAX_ZOOM,
        interactive,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        attributionControl: { compact: true },
        locale: {
          'Map.Title': labels.title,
          'AttributionControl.ToggleAttribution': labels.attribution,
          ...(labels.zoomIn ? { 'NavigationControl.ZoomIn': labels.zoomIn } : {}),
          ...(labels.zoomOut ? { 'NavigationControl.ZoomOut': labels.zoomOut } : {}),
        },
      });
      if (interactive) {
        map.touchZoomRotate.disableRotation();
        map.keyboard.disableRotation();
        map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
      }
      map.on('error', () => {
        // A configured style that cannot be reached (offline, or down): fall back to the built-in one.
        if (styleUrl !== null && map && !map.isStyleLoaded()) {
          void offlineBasemapStyle().then((offline) => map?.setStyle(offline));
        }
      });
      map.once('load', () => setDrawn(true));
      mapRef.current = map;
      setReady(true);
    })().catch(() => {
      if (!cancelled) setBroken(true);
    });
    return () => {
      cancelled = true;
      for (const marker of markers.current) marker.remove();
      markers.current = [];
      map?.remove();
      mapRef.current = null;
      setReady(false);
      setDrawn(false);
    };
  }, [failed, mapLibre, styleUrl, interactive]);

  // The markers of the points, and the view that shows them all.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    let active = true;
    void loadMapLibre().then((maplibregl) => {
      if (!active) return;
      for (const marker of markers.current) marker.remove();
      markers.current = points.map((point) => {
        const select = latest.current.onSelect;
        const element = document.createElement(select ? 'button' : 'span');
        const className = point.className ?? markerClassName;
        if (className) element.className = className;
        else Object.assign(element.style, DEFAULT_MARKER_STYLE);
        if (element instanceof HTMLButtonElement) {
          element.type = 'button';
          element.setAttribute('aria-label', point.label);
          element.onclick = (event) => {
            event.stopPropagation();
            latest.current.onSelect?.(point.id);
          };
        } else {
          element.setAttribute('aria-hidden', 'true');
        }
        return new maplibregl.Marker({ element }).setLngLat([point.longitude, point.latitude]).addTo(map);
      });
      const [first] = points;
      if (points.length === 1 && first) {
        map.jumpTo({ center: [first.longitude, first.latitude], zoom });
      } else if (points.length > 1) {
        const bounds = new maplibregl.LngLatBounds();
        for (const point of points) bounds.extend([point.longitude, point.latitude]);
        map.fitBounds(bounds, { padding: 48, maxZoom: 12, animate: false });
      }
    });
    return () => {
      active = false;
    };
  }, [ready, points, zoom, markerClassName]);

  if (failed) return null;
  const waitsForPerson = status === 'waiting' && texts.show !== undefined && load !== 'idle';
  let placeholder: ReactNode = null;
  if (waitsForPerson) {
    placeholder = (
      <div style={WAITING_FOR_PERSON}>
        <Button
          variant="secondary"
          onPress={() => {
            setPressed(true);
            // The button goes; focus stays in the frame, which says the map is loading, then shows it.
            frame.current?.focus();
          }}
        >
          {texts.show}
        </Button>
      </div>
    );
  } else if (!drawn && texts.loading) {
    placeholder = <p style={PLACEHOLDER}>{texts.loading}</p>;
  }
  return (
    <div
      ref={frame}
      className={className}
      data-testid={testId}
      style={{ position: 'relative' }}
      tabIndex={texts.show === undefined ? undefined : -1}
    >
      <div ref={container} style={FILL} />
      {placeholder}
    </div>
  );
}
