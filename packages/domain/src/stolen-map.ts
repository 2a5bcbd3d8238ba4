import { z } from 'zod';
import { BikeCategorySchema, BikeColorSchema } from './bikes.ts';
import { RegionSchema } from './locale.ts';
import { PUBLIC_LOCATION_GRID_DEGREES } from './theft.ts';

/*
 * The public stolen-bike map (SPEC §2 /stolen-bike-map, issue 6 §3). The API answers GeoJSON for a
 * bounding box and zoom: clusters where bikes lie close at that zoom, single bikes elsewhere, every
 * point at its public (rounded) place, never owner data. A list of the same bikes serves keyboard and
 * screen-reader users.
 */

export const STOLEN_PERIODS = ['week', 'month', 'year', 'all'] as const;
export const StolenPeriodSchema = z.enum(STOLEN_PERIODS, { error: 'invalid_value' });
export type StolenPeriod = z.infer<typeof StolenPeriodSchema>;

export const MAP_MIN_ZOOM = 0;
export const MAP_MAX_ZOOM = 22;
/** The list view's page size. */
export const STOLEN_LIST_PAGE_SIZE = 50;

const booleanParam = z
  .enum(['true', 'false'], { error: 'invalid_value' })
  .transform((value) => value === 'true');

/** `minLon,minLat,maxLon,maxLat`. */
export const BboxSchema = z.string({ error: 'required' }).transform((value, context) => {
  const parts = value.split(',').map((part) => Number(part.trim()));
  const [minLon, minLat, maxLon, maxLat] = parts;
  if (
    parts.length !== 4 ||
    parts.some((part) => !Number.isFinite(part)) ||
    minLon === undefined ||
    minLat === undefined ||
    maxLon === undefined ||
    maxLat === undefined ||
    minLon < -180 ||
    maxLon > 180 ||
    minLat < -90 ||
    maxLat > 90 ||
    minLon > maxLon ||
    minLat > maxLat
  ) {
    context.addIssue({ code: 'custom', message: 'invalid_value' });
    return z.NEVER;
  }
  return { minLon, minLat, maxLon, maxLat };
});
export type Bbox = z.output<typeof BboxSchema>;

/** The filters shared by the map and the list. */
export const StolenBikeFiltersSchema = z.object({
  period: StolenPeriodSchema.default('all'),
  region: RegionSchema.optional(),
  category: BikeCategorySchema.optional(),
  electric: booleanParam.optional(),
});
export type StolenBikeFilters = z.output<typeof StolenBikeFiltersSchema>;

/** GET /api/stolen-bikes?bbox=…&zoom=…(&period&region&category&electric). */
export const StolenBikesMapQuerySchema = StolenBikeFiltersSchema.extend({
  bbox: BboxSchema,
  zoom: z.coerce.number({ error: 'invalid_value' }).min(MAP_MIN_ZOOM).max(MAP_MAX_ZOOM),
});
export type StolenBikesMapQuery = z.output<typeof StolenBikesMapQuerySchema>;

/** GET /api/stolen-bikes/list — the same bikes as a list, newest theft first, a page at a time. */
export const StolenBikesListQuerySchema = StolenBikeFiltersSchema.extend({
  bbox: BboxSchema.optional(),
  page: z.coerce.number({ error: 'invalid_value' }).int().min(1).default(1),
});
export type StolenBikesListQuery = z.output<typeof StolenBikesListQuerySchema>;

const PointGeometrySchema = z.object({
  type: z.literal('Point'),
  /** [longitude, latitude], rounded (PUBLIC_LOCATION_GRID_DEGREES in theft.ts). */
  coordinates: z.tuple([z.number(), z.number()]),
});

/** What anyone may know of a stolen bike on the map: no owner, no exact place. */
export const StolenBikePropertiesSchema = z.object({
  kind: z.literal('bike'),
  bike_id: z.uuid(),
  brand: z.string().nullable(),
  color: BikeColorSchema.nullable(),
  category: BikeCategorySchema.nullable(),
  is_electric: z.boolean(),
  /** The day it was last seen (YYYY-MM-DD). */
  stolen_on: z.string(),
  thumbnail_url: z.string().nullable(),
});
export type StolenBikeProperties = z.infer<typeof StolenBikePropertiesSchema>;

export const StolenClusterPropertiesSchema = z.object({
  kind: z.literal('cluster'),
  /** How many bikes the cluster holds. */
  point_count: z.number().int().min(2),
  /**
   * The zoom at which the cluster starts to split up (the map zooms there on a click). Equal to the
   * asked zoom or less for more than MAX_STACKED_BIKES bikes at one rounded place at the closest
   * zoom: they never split, so the map offers them as a list instead.
   */
  expansion_zoom: z.number().min(MAP_MIN_ZOOM).max(MAP_MAX_ZOOM),
});
export type StolenClusterProperties = z.infer<typeof StolenClusterPropertiesSchema>;

export const StolenBikeFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: PointGeometrySchema,
  properties: z.discriminatedUnion('kind', [StolenBikePropertiesSchema, StolenClusterPropertiesSchema]),
});
export type StolenBikeFeature = z.infer<typeof StolenBikeFeatureSchema>;

export const StolenBikesCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(StolenBikeFeatureSchema),
  /** Every stolen bike matching the filters inside the box. */
  total: z.number().int(),
});
export type StolenBikesCollection = z.infer<typeof StolenBikesCollectionSchema>;

/** One stolen bike in the list and on its own map page (/stolen-bike-map/{bikeId}). */
export const StolenBikeSchema = StolenBikePropertiesSchema.omit({ kind: true }).extend({
  model: z.string().nullable(),
  region: RegionSchema,
  /** Its public (rounded) place; null when the owner gave only an address. */
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
});
export type StolenBike = z.infer<typeof StolenBikeSchema>;

export const StolenBikesPageSchema = z.object({
  bikes: z.array(StolenBikeSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type StolenBikesPage = z.infer<typeof StolenBikesPageSchema>;

/** GET /api/stolen-bikes/map-configuration — the basemap style to use; null means the built-in offline one. */
export const MapConfigurationSchema = z.object({ style_url: z.string().nullable() });
export type MapConfiguration = z.infer<typeof MapConfigurationSchema>;

/*
 * Server-side clustering on a grid in Web Mercator (the map's projection), so cells are square on the
 * screen. At grid level L (the map's zoom rounded down) the world is MAP_TILE_SIZE·2^L pixels wide and
 * a cell is CLUSTER_CELL_PIXELS of them (64–128 px on screen between two whole zooms). Cells of level
 * L+1 are the quarters of those of level L, so a cluster's members split at the first level where
 * their extent crosses a cell edge: that is its expansion zoom.
 */

/** MapLibre's world is 512 px wide at zoom 0. */
export const MAP_TILE_SIZE = 512;
export const CLUSTER_CELL_PIXELS = 64;
/**
 * At most this many cells across the asked box in either direction (4096 px at level L): a larger
 * box is clustered one level coarser, so an answer stays small however big the screen or the request.
 */
export const MAX_GRID_CELLS_PER_SIDE = 64;
/** At most this many bike features in one answer (the rest stay counted in clusters and `total`). */
export const MAX_MAP_BIKES = 500;
/** More bikes than this at one rounded place stay a cluster even at the closest zoom. */
export const MAX_STACKED_BIKES = 20;

/** The normalised Web Mercator size (0..1 across the world) of a cell at grid level `level`. */
export function gridCellSize(level: number): number {
  return CLUSTER_CELL_PIXELS / (MAP_TILE_SIZE * 2 ** level);
}

/**
 * The first grid level whose cells are narrower than the public rounding grid: from there on every
 * cell holds at most one rounded place, so bikes are no longer clustered (level 13).
 */
export const CLUSTER_MAX_LEVEL = (() => {
  let level = 0;
  while (gridCellSize(level) * 360 >= PUBLIC_LOCATION_GRID_DEGREES) level += 1;
  return level;
})();

/** Web Mercator's latitude limit. */
export const MERCATOR_MAX_LATITUDE = 85.0511287798066;

/** Longitude → 0..1 from west to east. */
export function mercatorX(longitude: number): number {
  return (longitude + 180) / 360;
}

/** Latitude → 0..1 from north to south (clamped to Web Mercator's limits). */
export function mercatorY(latitude: number): number {
  const clamped = Math.max(-MERCATOR_MAX_LATITUDE, Math.min(MERCATOR_MAX_LATITUDE, latitude));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}

export function longitudeOfMercatorX(x: number): number {
  return x * 360 - 180;
}

export function latitudeOfMercatorY(y: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
}

export interface MapGrid {
  level: number;
  /** Normalised Mercator cell size. */
  cell: number;
  /** The asked box grown outwards to whole cells: counts near its edges do not change while panning. */
  box: Bbox;
}

/**
 * The grid for a map view: the zoom rounded down, made coarser while the box spans more than
 * MAX_GRID_CELLS_PER_SIDE cells.
 */
export function mapGrid(bbox: Bbox, zoom: number): MapGrid {
  const west = mercatorX(bbox.minLon);
  const east = mercatorX(bbox.maxLon);
  const north = mercatorY(bbox.maxLat);
  const south = mercatorY(bbox.minLat);
  let level = Math.max(MAP_MIN_ZOOM, Math.min(MAP_MAX_ZOOM, Math.floor(zoom)));
  const span = Math.max(east - west, south - north);
  while (level > MAP_MIN_ZOOM && span / gridCellSize(level) > MAX_GRID_CELLS_PER_SIDE) level -= 1;
  const cell = gridCellSize(level);
  const snap = (value: number, round: (n: number) => number) =>
    Math.max(0, Math.min(1, round(value / cell) * cell));
  return {
    level,
    cell,
    box: {
      minLon: longitudeOfMercatorX(snap(west, Math.floor)),
      maxLon: longitudeOfMercatorX(snap(east, Math.ceil)),
      maxLat: Math.min(90, latitudeOfMercatorY(snap(north, Math.floor))),
      minLat: Math.max(-90, latitudeOfMercatorY(snap(south, Math.ceil))),
    },
  };
}

/**
 * The zoom at which bikes spread over [minLon..maxLon]×[minLat..maxLat], clustered together at
 * `level`, fall into different cells; CLUSTER_MAX_LEVEL when they all share one place (there they
 * become single bikes), or `level` itself when they can never split.
 */
export function expansionZoom(
  level: number,
  extent: { minLon: number; minLat: number; maxLon: number; maxLat: number },
): number {
  const west = mercatorX(extent.minLon);
  const east = mercatorX(extent.maxLon);
  const north = mercatorY(extent.maxLat);
  const south = mercatorY(extent.minLat);
  for (let next = level + 1; next <= CLUSTER_MAX_LEVEL; next += 1) {
    const cell = gridCellSize(next);
    if (Math.floor(west / cell) !== Math.floor(east / cell)) return next;
    if (Math.floor(north / cell) !== Math.floor(south / cell)) return next;
  }
  return Math.max(level, CLUSTER_MAX_LEVEL);
}

/** The list of the bikes at one rounded place: a tiny box around it (the map's "show as list"). */
export function bboxAround(longitude: number, latitude: number): string {
  const half = PUBLIC_LOCATION_GRID_DEGREES / 4;
  const fixed = (value: number) => Number(value.toFixed(4));
  return [
    fixed(longitude - half),
    fixed(latitude - half),
    fixed(longitude + half),
    fixed(latitude + half),
  ].join(',');
}

/** GET /api/stolen-bikes/{bike_id}: a malformed id answers 404 like an unknown one. */
export const StolenBikeParamsSchema = z.object({ bike_id: z.string() });
