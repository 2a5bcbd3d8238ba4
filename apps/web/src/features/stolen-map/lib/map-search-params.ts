import { BIKE_CATEGORIES, type BikeCategory } from '@nbr/domain/bikes';
import { REGIONS, type Region } from '@nbr/domain/locale';
import {
  BboxSchema,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  STOLEN_PERIODS,
  type StolenPeriod,
} from '@nbr/domain/stolen-map';

/*
 * The stolen-bike map's state in the address (so a view can be shared, reloaded and reached with the
 * back button): the filters, map or list, the list's page and place, and the map's camera.
 *
 *   /stolen-bike-map?view=list&period=month&region=dk&category=cargo&electric=true&page=2
 *   /stolen-bike-map?view=map&at=12.5/55.68/12.57   (zoom/latitude/longitude of the map)
 *   /stolen-bike-map?view=list&place=12.5675,55.6775,12.5725,55.6825   (the bikes at one place)
 *   /stolen-bike-map                                 (no view chosen: the list on a phone, the map on
 *                                                     a wider screen)
 */

export type MapView = 'map' | 'list';

export interface MapFilters {
  period: StolenPeriod;
  region: Region | null;
  category: BikeCategory | null;
  /** true: electric only; false: without a motor only; null: both. */
  electric: boolean | null;
}

export interface MapCamera {
  zoom: number;
  latitude: number;
  longitude: number;
}

export interface MapState {
  /**
   * The view the address asks for; null when it asks for none, and the screen decides (the list first
   * on a phone, the map on a wider screen). A camera asks for the map, a page or place for the list.
   */
  view: MapView | null;
  filters: MapFilters;
  page: number;
  /** The list limited to one place (a crowded cluster that never splits), as a bbox parameter. */
  place: string | null;
  camera: MapCamera | null;
}

export const DEFAULT_FILTERS: MapFilters = { period: 'all', region: null, category: null, electric: null };

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export function parseCamera(value: string | null): MapCamera | null {
  if (!value) return null;
  const [zoom, latitude, longitude] = value.split('/').map(Number);
  if (zoom === undefined || latitude === undefined || longitude === undefined) return null;
  if (![zoom, latitude, longitude].every(Number.isFinite)) return null;
  if (zoom < MAP_MIN_ZOOM || zoom > MAP_MAX_ZOOM || Math.abs(latitude) > 85 || Math.abs(longitude) > 180)
    return null;
  return { zoom, latitude, longitude };
}

export function formatCamera(camera: MapCamera): string {
  return `${camera.zoom.toFixed(2)}/${camera.latitude.toFixed(4)}/${camera.longitude.toFixed(4)}`;
}

/** Reads the state from the address; anything unknown or malformed falls back to its default. */
export function readMapState(params: URLSearchParams): MapState {
  const pageNumber = Number(params.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  const placeParam = params.get('place');
  const place = placeParam && BboxSchema.safeParse(placeParam).success ? placeParam : null;
  const camera = parseCamera(params.get('at'));
  const electric = params.get('electric');
  const asked = params.get('view');
  return {
    view: asked === 'list' || asked === 'map' ? asked : camera ? 'map' : place || page > 1 ? 'list' : null,
    filters: {
      period: oneOf(STOLEN_PERIODS, params.get('period')) ?? 'all',
      region: oneOf(REGIONS, params.get('region')),
      category: oneOf(BIKE_CATEGORIES, params.get('category')),
      electric: electric === 'true' ? true : electric === 'false' ? false : null,
    },
    page,
    place,
    camera,
  };
}

/** The address's search part for a state; defaults are left out so addresses stay short. */
export function writeMapState(state: MapState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view) params.set('view', state.view);
  if (state.filters.period !== 'all') params.set('period', state.filters.period);
  if (state.filters.region) params.set('region', state.filters.region);
  if (state.filters.category) params.set('category', state.filters.category);
  if (state.filters.electric !== null) params.set('electric', String(state.filters.electric));
  if (state.view === 'list' && state.page > 1) params.set('page', String(state.page));
  if (state.view === 'list' && state.place) params.set('place', state.place);
  if (state.camera) params.set('at', formatCamera(state.camera));
  return params;
}

/**
 * The list query the first screen reads for a state (the page's loader asks the server for the very
 * same): the list's page in the list view, and in the map view its first page, whose total is the
 * count shown until the map has its own.
 */
export function listOfState(state: MapState): { filters: MapFilters; page: number; place: string | null } {
  return state.view === 'map'
    ? { filters: state.filters, page: 1, place: null }
    : { filters: state.filters, page: state.page, place: state.place };
}

/** The filters as the API's query parameters. */
export function filterQuery(filters: MapFilters): Record<string, string | undefined> {
  return {
    period: filters.period === 'all' ? undefined : filters.period,
    region: filters.region ?? undefined,
    category: filters.category ?? undefined,
    electric: filters.electric === null ? undefined : String(filters.electric),
  };
}
