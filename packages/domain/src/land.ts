import { LAND_OUTLINE_RINGS } from './land-outline.data.ts';

/*
 * Is a map pick on land? (Issue 27 walk 8: pins in the sea were accepted and shown on the public map.)
 * The test uses a coarse outline of Denmark and mainland Norway with their larger islands (Natural
 * Earth 1:10m, simplified to about 1 km: land-outline.data.ts). Because the outline is coarse, a point
 * up to LAND_MARGIN_KM off it still counts as land: a quay, a harbour, a narrow fjord or a small
 * island left out of the outline is accepted; open water further out is refused. It is a guard
 * against a slip of the finger, not a survey; points outside Denmark and Norway count as not land.
 */

/** How far off the coarse outline a point still counts as land. */
export const LAND_MARGIN_KM = 2;

const KM_PER_DEGREE = 111.32;

interface Ring {
  /** [lon, lat, lon, lat, …] in degrees, closed. */
  points: Float64Array;
  box: [minLon: number, minLat: number, maxLon: number, maxLat: number];
}

let rings: Ring[] | null = null;

function landRings(): Ring[] {
  if (rings) return rings;
  rings = LAND_OUTLINE_RINGS.map((encoded) => {
    const points = new Float64Array(encoded.length + 2);
    let lon = 0;
    let lat = 0;
    const box: Ring['box'] = [180, 90, -180, -90];
    for (let index = 0; index < encoded.length; index += 2) {
      lon += encoded[index] ?? 0;
      lat += encoded[index + 1] ?? 0;
      points[index] = lon / 100;
      points[index + 1] = lat / 100;
      box[0] = Math.min(box[0], lon / 100);
      box[1] = Math.min(box[1], lat / 100);
      box[2] = Math.max(box[2], lon / 100);
      box[3] = Math.max(box[3], lat / 100);
    }
    // Close the ring.
    points[encoded.length] = points[0] ?? 0;
    points[encoded.length + 1] = points[1] ?? 0;
    return { points, box };
  });
  return rings;
}

/** Even–odd ray casting. */
function insideRing(ring: Ring, lon: number, lat: number): boolean {
  const { points } = ring;
  let inside = false;
  for (let index = 0; index + 3 < points.length; index += 2) {
    const x1 = points[index] ?? 0;
    const y1 = points[index + 1] ?? 0;
    const x2 = points[index + 2] ?? 0;
    const y2 = points[index + 3] ?? 0;
    if (y1 > lat !== y2 > lat && lon < ((x2 - x1) * (lat - y1)) / (y2 - y1) + x1) inside = !inside;
  }
  return inside;
}

/** The distance in km from the point to the ring's edge (flat-earth at the point's latitude). */
function distanceToRingKm(ring: Ring, lon: number, lat: number): number {
  const { points } = ring;
  const xScale = Math.cos((lat * Math.PI) / 180) * KM_PER_DEGREE;
  let best = Number.POSITIVE_INFINITY;
  for (let index = 0; index + 3 < points.length; index += 2) {
    const ax = ((points[index] ?? 0) - lon) * xScale;
    const ay = ((points[index + 1] ?? 0) - lat) * KM_PER_DEGREE;
    const bx = ((points[index + 2] ?? 0) - lon) * xScale;
    const by = ((points[index + 3] ?? 0) - lat) * KM_PER_DEGREE;
    const dx = bx - ax;
    const dy = by - ay;
    const length = dx * dx + dy * dy;
    const t = length === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length));
    const px = ax + t * dx;
    const py = ay + t * dy;
    best = Math.min(best, Math.hypot(px, py));
  }
  return best;
}

/**
 * True when the point lies in Denmark or Norway on land, or within LAND_MARGIN_KM of the coarse
 * coastline; false at sea and outside the two countries.
 */
export function isOnLand(point: { latitude: number; longitude: number }): boolean {
  const { latitude: lat, longitude: lon } = point;
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return false;
  const marginLat = LAND_MARGIN_KM / KM_PER_DEGREE;
  const marginLon = marginLat / Math.max(0.1, Math.cos((lat * Math.PI) / 180));
  const near = landRings().filter(
    ({ box }) =>
      lon >= box[0] - marginLon &&
      lon <= box[2] + marginLon &&
      lat >= box[1] - marginLat &&
      lat <= box[3] + marginLat,
  );
  if (near.some((ring) => insideRing(ring, lon, lat))) return true;
  return near.some((ring) => distanceToRingKm(ring, lon, lat) <= LAND_MARGIN_KM);
}
