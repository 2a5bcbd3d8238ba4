import { z } from 'zod';
import { BikeCategorySchema, BikeColorSchema } from './bikes.ts';
import { RegionSchema } from './locale.ts';

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
  /** The zoom at which the cluster starts to split up (the map zooms there on a click). */
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
