import type { BikePicture, BikeStatus, BikeVisibility } from '@nbr/domain/bikes';
import {
  type Bbox,
  CLUSTER_MAX_LEVEL,
  expansionZoom,
  MAX_GRID_CELLS_PER_SIDE,
  MAX_MAP_BIKES,
  MAX_STACKED_BIKES,
  type MapConfiguration,
  mapGrid,
  STOLEN_LIST_PAGE_SIZE,
  type StolenBike,
  type StolenBikeFeature,
  type StolenBikeFilters,
  type StolenBikesCollection,
  type StolenBikesListQuery,
  type StolenBikesMapQuery,
  type StolenBikesPage,
  type StolenPeriod,
} from '@nbr/domain/stolen-map';
import type { AnswerCache } from '../../platform/cache/answer-cache.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { listFilesOfBikes, publicLevel } from '../bikes/bikes.facade.ts';
import {
  presentBikeFeature,
  presentClusterFeature,
  presentStolenBike,
  presentStolenBikeProperties,
} from './stolen-bikes.presenter.ts';
import * as repository from './stolen-bikes.repository.ts';
import type { TheftDeps } from './theft.deps.ts';

type StolenBikesDeps = Pick<TheftDeps, 'db' | 'fileUrls' | 'mapStyleUrl'>;

/** Every occupied cell of the largest box the grid allows (MAX_GRID_CELLS_PER_SIDE + the snapped edges). */
const MAX_CELLS = (MAX_GRID_CELLS_PER_SIDE + 2) ** 2;

/** The moment a period starts; null for all time. */
export function periodStart(period: StolenPeriod, now: Date): Date | null {
  const since = new Date(now);
  switch (period) {
    case 'week':
      since.setUTCDate(since.getUTCDate() - 7);
      return since;
    case 'month':
      since.setUTCMonth(since.getUTCMonth() - 1);
      return since;
    case 'year':
      since.setUTCFullYear(since.getUTCFullYear() - 1);
      return since;
    case 'all':
      return null;
  }
}

function resolveFilter(filters: StolenBikeFilters, now: Date): Omit<repository.StolenBikeFilter, 'bbox'> {
  return {
    // Whole minutes: the same view asked again within a minute is the same statement and answer.
    since: periodStart(filters.period, new Date(Math.floor(now.getTime() / 60_000) * 60_000)),
    region: filters.region,
    category: filters.category,
    electric: filters.electric,
  };
}

function levelOf(row: repository.StolenBikeRow): 'full' | 'limited' | 'none' {
  return publicLevel({ visibility: row.visibility as BikeVisibility, status: row.status as BikeStatus });
}

/** The public pictures of the bikes shown in full that have one: one query for all, none when none. */
async function publicPictures(
  deps: StolenBikesDeps,
  rows: readonly repository.StolenBikeRow[],
): Promise<Map<string, BikePicture | null>> {
  const ids = rows.filter((row) => row.hasPublicPicture && levelOf(row) === 'full').map((row) => row.bikeId);
  const pictures = new Map<string, BikePicture | null>();
  if (ids.length === 0) return pictures;
  const files = await listFilesOfBikes(deps.db, deps.fileUrls, ids, 'public');
  for (const [bikeId, filesOfBike] of files) pictures.set(bikeId, filesOfBike.publicPicture);
  return pictures;
}

/**
 * GET /api/stolen-bikes — the map's GeoJSON for a box and zoom: bikes grouped in grid cells
 * (@nbr/domain/stolen-map mapGrid); a cell of one bike, or of a few bikes at one rounded place at
 * the closest zoom, gives bike features, any other a cluster with its count, centroid and expansion
 * zoom. At most MAX_MAP_BIKES bike features; `total` counts every matching bike in the box.
 */
export async function stolenBikesMap(
  deps: StolenBikesDeps,
  query: StolenBikesMapQuery,
  options: { now?: Date; coarseViews?: AnswerCache<StolenBikesCollection> } = {},
): Promise<StolenBikesCollection> {
  const grid = mapGrid(query.bbox, query.zoom);
  const filter = { ...resolveFilter(query, options.now ?? new Date()), bbox: grid.box };
  if (options.coarseViews && grid.level <= COARSE_VIEW_MAX_LEVEL) {
    // The same snapped box and filters give the same answer: one query per view and half minute.
    const key = JSON.stringify([grid.box, grid.cell, grid.level, filter]);
    return options.coarseViews.get(key, () => mapOf(deps, grid, filter));
  }
  return mapOf(deps, grid, filter);
}

/**
 * Views this coarse (a region or the whole of Denmark and Norway) read many reports per answer and
 * are what everyone opening the map asks first, so their answers are kept for as long as their
 * Cache-Control already lets browsers keep them.
 */
export const COARSE_VIEW_MAX_LEVEL = 6;

async function mapOf(
  deps: StolenBikesDeps,
  grid: ReturnType<typeof mapGrid>,
  filter: repository.StolenBikeFilter & { bbox: Bbox },
): Promise<StolenBikesCollection> {
  const cells = await repository.findCells(deps.db, filter, grid.cell, MAX_CELLS);

  const features: StolenBikeFeature[] = [];
  const places: Array<{ longitude: number; latitude: number }> = [];
  let bikeBudget = MAX_MAP_BIKES;
  for (const cell of cells) {
    const onePlace = cell.minLongitude === cell.maxLongitude && cell.minLatitude === cell.maxLatitude;
    const asBikes =
      cell.count === 1 || (onePlace && grid.level >= CLUSTER_MAX_LEVEL && cell.count <= MAX_STACKED_BIKES);
    if (asBikes && cell.count <= bikeBudget) {
      places.push({ longitude: cell.minLongitude, latitude: cell.minLatitude });
      bikeBudget -= cell.count;
    } else if (cell.count > 1) {
      const zoom =
        onePlace && grid.level >= CLUSTER_MAX_LEVEL
          ? grid.level
          : expansionZoom(grid.level, {
              minLon: cell.minLongitude,
              maxLon: cell.maxLongitude,
              minLat: cell.minLatitude,
              maxLat: cell.maxLatitude,
            });
      features.push(presentClusterFeature(cell.longitude, cell.latitude, cell.count, zoom));
    }
  }

  const rows = await repository.findBikesAtPlaces(deps.db, filter, places, MAX_MAP_BIKES);
  const pictures = await publicPictures(deps, rows);
  for (const row of rows) {
    const level = levelOf(row);
    if (level === 'none' || row.publicLatitude === null || row.publicLongitude === null) continue;
    features.push(
      presentBikeFeature(
        presentStolenBikeProperties(row, level, pictures.get(row.bikeId) ?? null),
        row.publicLongitude,
        row.publicLatitude,
      ),
    );
  }
  return { type: 'FeatureCollection', features, total: cells[0]?.total ?? 0 };
}

/** GET /api/stolen-bikes/list — the same bikes as a list (with those without a place), newest theft first. */
export async function listStolenBikes(
  deps: StolenBikesDeps,
  query: StolenBikesListQuery,
  now = new Date(),
): Promise<StolenBikesPage> {
  const filter = { ...resolveFilter(query, now), bbox: query.bbox ?? null };
  const { rows, total } = await repository.findBikesPage(
    deps.db,
    filter,
    (query.page - 1) * STOLEN_LIST_PAGE_SIZE,
    STOLEN_LIST_PAGE_SIZE,
  );
  const pictures = await publicPictures(deps, rows);
  const bikes: StolenBike[] = [];
  for (const row of rows) {
    const level = levelOf(row);
    if (level !== 'none') bikes.push(presentStolenBike(row, level, pictures.get(row.bikeId) ?? null));
  }
  return { bikes, total, page: query.page, page_size: STOLEN_LIST_PAGE_SIZE };
}

/** GET /api/stolen-bikes/{bike_id} — 404 unless the bike is stolen now with a submitted report. */
export async function getStolenBike(deps: StolenBikesDeps, bikeId: string): Promise<StolenBike> {
  if (!isUuid(bikeId)) throw new AppError('not_found');
  const row = await repository.findStolenBike(deps.db, bikeId);
  const level = row ? levelOf(row) : 'none';
  if (!row || level === 'none') throw new AppError('not_found');
  const pictures = await publicPictures(deps, [row]);
  return presentStolenBike(row, level, pictures.get(row.bikeId) ?? null);
}

/** GET /api/stolen-bikes/map-configuration — the basemap style URL, null for the built-in offline one. */
export function mapConfiguration(deps: StolenBikesDeps): MapConfiguration {
  return { style_url: deps.mapStyleUrl };
}
