import {
  type Bbox,
  mapGrid,
  type StolenBikesCollection,
  StolenBikesCollectionSchema,
} from '@nbr/domain/stolen-map';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { filterQuery, type MapFilters } from '../lib/map-search-params.ts';

export const stolenMapQueryKey = ['stolen-map'] as const;

/** What the map shows: its box and zoom. */
export interface MapViewport {
  bbox: Bbox;
  zoom: number;
}

export function bboxParam(bbox: Bbox): string {
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return [
    clamp(bbox.minLon, 180).toFixed(4),
    clamp(bbox.minLat, 90).toFixed(4),
    clamp(bbox.maxLon, 180).toFixed(4),
    clamp(bbox.maxLat, 90).toFixed(4),
  ].join(',');
}

/**
 * The view as the API is asked for it: the box grown to the server's grid cells and the zoom rounded
 * down to its grid level, exactly as the server would. The answer is the same, and views that differ
 * by less than a cell — small pans, phones of one size opening the map — ask for the same address, so
 * the browser's and any shared cache's copy (Cache-Control: public, max-age=30) serve them.
 */
export function viewportQuery(viewport: MapViewport): { bbox: string; zoom: string } {
  const clamped: Bbox = {
    minLon: Math.max(-180, viewport.bbox.minLon),
    minLat: Math.max(-90, viewport.bbox.minLat),
    maxLon: Math.min(180, viewport.bbox.maxLon),
    maxLat: Math.min(90, viewport.bbox.maxLat),
  };
  const grid = mapGrid(clamped, viewport.zoom);
  return { bbox: bboxParam(grid.box), zoom: String(grid.level) };
}

/** GET /api/stolen-bikes — clusters and single bikes in the box for the zoom (public). */
export function getStolenBikesMap(
  viewport: MapViewport,
  filters: MapFilters,
  signal?: AbortSignal,
): Promise<StolenBikesCollection> {
  return api.get('/stolen-bikes', {
    schema: StolenBikesCollectionSchema,
    signal,
    auth: false,
    query: { ...viewportQuery(viewport), ...filterQuery(filters) },
  });
}

/**
 * The map's features for the visible box. A new box or filter aborts the request still running for
 * the old one (TanStack Query hands its signal to fetch), and the old markers stay until the new
 * answer is there.
 */
export function useStolenBikesMap(viewport: MapViewport | null, filters: MapFilters) {
  return useQuery({
    ...queryOptions({
      queryKey: [
        ...stolenMapQueryKey,
        'map',
        viewport ? bboxParam(viewport.bbox) : null,
        viewport?.zoom.toFixed(2),
        filters,
      ],
      queryFn: ({ signal }) => getStolenBikesMap(viewport as MapViewport, filters, signal),
    }),
    enabled: viewport !== null,
    // A failed answer is shown on the map (with a retry), not as the error page.
    meta: { pageData: false },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
