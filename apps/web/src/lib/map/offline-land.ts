import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/*
 * Build-time half of the offline basemap (run by the Vite plugin in offline-basemap.vite.ts, never
 * shipped to the browser): turns Natural Earth's world atlas (world-atlas, 3.6 MB of TopoJSON) into
 * a small GeoJSON of Denmark and Norway plus the land around them, so the map works with no
 * internet and a phone downloads tens of kilobytes instead of the atlas.
 */

/** ISO 3166 numeric ids of the registry's countries in world-atlas. */
export const HOME_COUNTRY_IDS = ['208', '578'] as const;

/**
 * What the offline map shows: the home countries and their neighbours clipped to this box
 * ([minLon, minLat, maxLon, maxLat]). Norway's far territories (Svalbard, Jan Mayen, Bouvet Island)
 * lie outside the home box and are dropped.
 */
export const SURROUNDING_BOX: readonly [number, number, number, number] = [-30, 49, 60, 72];
export const HOME_BOX: readonly [number, number, number, number] = [3, 54, 32, 71.5];

export interface OfflineLand {
  /** Denmark and Norway (kind: 'home'), with `id` the ISO numeric code. */
  home: FeatureCollection<MultiPolygon, { id: string }>;
  /** Neighbouring land, clipped to SURROUNDING_BOX (one feature). */
  surrounding: FeatureCollection<MultiPolygon, Record<string, never>>;
}

type Box = readonly [number, number, number, number];

function polygonsOf(geometry: Polygon | MultiPolygon): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

function ringBox(ring: Position[]): Box {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [x = 0, y = 0] of ring) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return [minX, minY, maxX, maxY];
}

function boxWithin(inner: Box, outer: Box): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
}

function boxesOverlap(a: Box, b: Box): boolean {
  return a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
}

/** Sutherland–Hodgman clipping of one ring against an axis-aligned box. */
export function clipRing(ring: Position[], box: Box): Position[] {
  const edges: Array<{ inside: (p: Position) => boolean; cut: (a: Position, b: Position) => Position }> = [
    {
      inside: ([x = 0]) => x >= box[0],
      cut: (a, b) => intersect(a, b, 0, box[0]),
    },
    {
      inside: ([x = 0]) => x <= box[2],
      cut: (a, b) => intersect(a, b, 0, box[2]),
    },
    {
      inside: ([, y = 0]) => y >= box[1],
      cut: (a, b) => intersect(a, b, 1, box[1]),
    },
    {
      inside: ([, y = 0]) => y <= box[3],
      cut: (a, b) => intersect(a, b, 1, box[3]),
    },
  ];
  let output = ring.slice(0, -1);
  for (const edge of edges) {
    const input = output;
    output = [];
    for (let index = 0; index < input.length; index += 1) {
      const current = input[index] as Position;
      const previous = input[(index + input.length - 1) % input.length] as Position;
      if (edge.inside(current)) {
        if (!edge.inside(previous)) output.push(edge.cut(previous, current));
        output.push(current);
      } else if (edge.inside(previous)) {
        output.push(edge.cut(previous, current));
      }
    }
    if (output.length === 0) return [];
  }
  const first = output[0];
  return first ? [...output, first] : [];
}

function intersect(a: Position, b: Position, axis: 0 | 1, value: number): Position {
  const [ax = 0, ay = 0] = a;
  const [bx = 0, by = 0] = b;
  const t = axis === 0 ? (value - ax) / (bx - ax) : (value - ay) / (by - ay);
  return axis === 0 ? [value, ay + t * (by - ay)] : [ax + t * (bx - ax), value];
}

/** Douglas–Peucker simplification of a closed ring, keeping its first and last point. */
export function simplifyRing(ring: Position[], tolerance: number): Position[] {
  if (ring.length <= 4) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  keep[ring.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, ring.length - 1]];
  const toleranceSquared = tolerance * tolerance;
  while (stack.length > 0) {
    const [first, last] = stack.pop() as [number, number];
    let farthest = -1;
    let farthestDistance = toleranceSquared;
    for (let index = first + 1; index < last; index += 1) {
      const distance = segmentDistanceSquared(
        ring[index] as Position,
        ring[first] as Position,
        ring[last] as Position,
      );
      if (distance > farthestDistance) {
        farthest = index;
        farthestDistance = distance;
      }
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  const simplified = ring.filter((_, index) => keep[index] === 1);
  // A ring needs at least three distinct corners; a closed ring at least four positions.
  return simplified.length >= 4 ? simplified : [];
}

function segmentDistanceSquared(point: Position, start: Position, end: Position): number {
  const [px = 0, py = 0] = point;
  let [x = 0, y = 0] = start;
  const [ex = 0, ey = 0] = end;
  let dx = ex - x;
  let dy = ey - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((px - x) * dx + (py - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x = ex;
      y = ey;
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = px - x;
  dy = py - y;
  return dx * dx + dy * dy;
}

function roundRing(ring: Position[], decimals: number): Position[] {
  const factor = 10 ** decimals;
  const rounded: Position[] = [];
  for (const [x = 0, y = 0] of ring) {
    const point: Position = [Math.round(x * factor) / factor, Math.round(y * factor) / factor];
    const previous = rounded[rounded.length - 1];
    if (!previous || previous[0] !== point[0] || previous[1] !== point[1]) rounded.push(point);
  }
  return rounded;
}

interface ShapeOptions {
  tolerance: number;
  decimals: number;
}

/**
 * A ring that crosses the antimeridian (Russia's jumps from 180° to −180° at Chukotka) with its
 * western longitudes moved past 180°, so it is one continuous shape: clipped as it was, the jump
 * ran along the clip box's western edge and filled the North Atlantic with land.
 */
export function unwrapAntimeridian(ring: Position[]): Position[] {
  const crosses = ring.some((point, index) => {
    const next = ring[index + 1];
    return next !== undefined && Math.abs((next[0] ?? 0) - (point[0] ?? 0)) > 180;
  });
  return crosses ? ring.map(([x = 0, y = 0]) => [x < 0 ? x + 360 : x, y]) : ring;
}

function shapePolygon(polygon: Position[][], options: ShapeOptions, clip: Box | null): Position[][] | null {
  const rings: Position[][] = [];
  for (const [index, ring] of polygon.entries()) {
    const clipped = clip ? clipRing(unwrapAntimeridian(ring), clip) : ring;
    const shaped = roundRing(simplifyRing(clipped, options.tolerance), options.decimals);
    if (shaped.length < 4) {
      // Without its outer ring the polygon is gone; a lost hole is simply filled.
      if (index === 0) return null;
      continue;
    }
    rings.push(shaped);
  }
  return rings.length > 0 ? rings : null;
}

function countryFeatures(atlas: Topology): Array<Feature<Polygon | MultiPolygon, { name?: string }>> {
  const countries = atlas.objects.countries as GeometryCollection<{ name?: string }>;
  const collection = feature(atlas, countries) as FeatureCollection<
    Polygon | MultiPolygon | null,
    { name?: string }
  >;
  return collection.features.filter(
    (item): item is Feature<Polygon | MultiPolygon, { name?: string }> => item.geometry !== null,
  );
}

/**
 * Denmark and Norway from the detailed atlas (countries-10m) and their neighbours from a coarser one
 * (countries-50m), simplified to about 300 m and rounded to 3 decimals (about 100 m): good to about zoom 8.
 */
export function buildOfflineLand(detailed: Topology, coarse: Topology): OfflineLand {
  const homeShape: ShapeOptions = { tolerance: 0.003, decimals: 3 };
  const surroundingShape: ShapeOptions = { tolerance: 0.01, decimals: 3 };
  const home: OfflineLand['home'] = { type: 'FeatureCollection', features: [] };
  for (const country of countryFeatures(detailed)) {
    const id = String(country.id ?? '');
    if (!(HOME_COUNTRY_IDS as readonly string[]).includes(id)) continue;
    const polygons: Position[][][] = [];
    for (const polygon of polygonsOf(country.geometry)) {
      const outer = polygon[0];
      if (!outer || !boxWithin(ringBox(outer), HOME_BOX)) continue;
      const shaped = shapePolygon(polygon, homeShape, null);
      if (shaped) polygons.push(shaped);
    }
    home.features.push({
      type: 'Feature',
      properties: { id },
      geometry: { type: 'MultiPolygon', coordinates: polygons },
    });
  }
  const neighbours: Position[][][] = [];
  for (const country of countryFeatures(coarse)) {
    if ((HOME_COUNTRY_IDS as readonly string[]).includes(String(country.id ?? ''))) continue;
    for (const polygon of polygonsOf(country.geometry)) {
      const outer = polygon[0];
      if (!outer || !boxesOverlap(ringBox(outer), SURROUNDING_BOX)) continue;
      const shaped = shapePolygon(polygon, surroundingShape, SURROUNDING_BOX);
      if (shaped) neighbours.push(shaped);
    }
  }
  return {
    home,
    surrounding: {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: neighbours } },
      ],
    },
  };
}
