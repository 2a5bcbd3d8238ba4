import { type MapConfiguration, MapConfigurationSchema } from '@nbr/domain/stolen-map';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StyleSpecification } from 'maplibre-gl';
import { api } from '../api-client.ts';

/*
 * The map foundation every map screen shares (the stolen-bike map, the theft wizard's place picker).
 *
 *   const styleUrl = useMapStyleUrl();            // undefined while loading, then string | null
 *   const maplibregl = await loadMapLibre();      // lazy: the library is its own chunk
 *   const style = await basemapStyle(styleUrl);   // the configured URL, or the offline style
 *   new maplibregl.Map({ container, style, bounds: NORDIC_BOUNDS, ...MAP_DEFAULTS });
 *
 * With no style URL configured (the default, and always in tests) the map draws Denmark and Norway
 * from Natural Earth data built into the app (offline-land.ts at build time): it needs no internet,
 * no tiles, no glyphs and no sprites — so do not add text (symbol) layers to it; draw labels and
 * markers as DOM elements (maplibregl.Marker) instead. Production configures MAP_STYLE_URL for real
 * tiles; the offline data is only good to about zoom 8.
 */

type MapLibre = typeof import('maplibre-gl');

let mapLibrePromise: Promise<MapLibre> | null = null;

/** Loads MapLibre GL and its stylesheet once, with the worker served from our own origin. */
export function loadMapLibre(): Promise<MapLibre> {
  mapLibrePromise ??= Promise.all([
    import('maplibre-gl'),
    import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
    // By address: the app's own styles are one stylesheet (vite.config.ts) that MapLibre's would join.
    import('maplibre-gl/dist/maplibre-gl.css?url').then((stylesheet) => linkStylesheet(stylesheet.default)),
  ]).then(([maplibregl, worker]) => {
    maplibregl.setWorkerUrl(worker.default);
    return maplibregl;
  });
  mapLibrePromise.catch(() => {
    // A failed chunk load may succeed later (back online): let the next caller try again.
    mapLibrePromise = null;
  });
  return mapLibrePromise;
}

/** Links a stylesheet into the document once; resolves when it has loaded. */
function linkStylesheet(href: string): Promise<void> {
  const existing = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${href}"]`);
  if (existing) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => {
      link.remove();
      reject(new Error(`The map's stylesheet did not load: ${href}`));
    });
    document.head.append(link);
  });
}

/** [[west, south], [east, north]]: Denmark and mainland Norway with a little sea around them. */
export const NORDIC_BOUNDS: [[number, number], [number, number]] = [
  [4, 54.4],
  [31.5, 71.3],
];

/**
 * The area the map may show at all: the offline basemap's extent (SURROUNDING_BOX of offline-land).
 * Wide enough east to west that a wide map (a desktop's, about 2:1) still fits all of NORDIC_BOUNDS:
 * a narrower extent made MapLibre zoom in until it fitted across, which cut Denmark off the bottom.
 */
export const MAX_MAP_BOUNDS: [[number, number], [number, number]] = [
  [-30, 49],
  [60, 72],
];

export const MAP_COLORS = {
  sea: '#cfe3ee',
  home: '#f3f1ea',
  homeOutline: '#8aa0ad',
  surrounding: '#e4e2dc',
} as const;

/** Attribution for the offline basemap (Natural Earth is public domain; credit is courteous). */
export const OFFLINE_ATTRIBUTION = 'Natural Earth';

/** The built-in offline style: sea, neighbouring land, Denmark and Norway with their coastline. */
export async function offlineBasemapStyle(): Promise<StyleSpecification> {
  const { default: land } = await import('virtual:nbr-offline-land');
  return {
    version: 8,
    name: 'Nordic Bike Registry offline basemap',
    sources: {
      surrounding: { type: 'geojson', data: land.surrounding, attribution: OFFLINE_ATTRIBUTION },
      home: { type: 'geojson', data: land.home },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': MAP_COLORS.sea } },
      {
        id: 'surrounding-land',
        type: 'fill',
        source: 'surrounding',
        paint: { 'fill-color': MAP_COLORS.surrounding },
      },
      { id: 'home-land', type: 'fill', source: 'home', paint: { 'fill-color': MAP_COLORS.home } },
      {
        id: 'home-coast',
        type: 'line',
        source: 'home',
        paint: {
          'line-color': MAP_COLORS.homeOutline,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 9, 1.5],
        },
      },
    ],
  };
}

/** The style to give a map: the configured style URL, or the built-in offline style when none is. */
export async function basemapStyle(styleUrl: string | null): Promise<string | StyleSpecification> {
  return styleUrl ?? offlineBasemapStyle();
}

/** True when the browser can draw a MapLibre map; without WebGL screens fall back to lists. */
export function supportsWebGL(): boolean {
  if (typeof document === 'undefined') return false;
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/** GET /api/stolen-bikes/map-configuration (public). */
export function getMapConfiguration(signal?: AbortSignal): Promise<MapConfiguration> {
  return api.get('/stolen-bikes/map-configuration', { schema: MapConfigurationSchema, signal, auth: false });
}

export const mapConfigurationQueryOptions = queryOptions({
  queryKey: ['map-configuration'] as const,
  queryFn: ({ signal }) => getMapConfiguration(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The configured basemap style URL: undefined while it loads, then the URL or null (offline style).
 * If the configuration cannot be fetched the offline style is used rather than showing no map.
 * `enabled: false` asks nothing yet (a map whose MapLibre is not to load).
 */
export function useMapStyleUrl(enabled = true): string | null | undefined {
  const query = useQuery({ ...mapConfigurationQueryOptions, enabled });
  if (query.isError) return null;
  return query.data?.style_url;
}
