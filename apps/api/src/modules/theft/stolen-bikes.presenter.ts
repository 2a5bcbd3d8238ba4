import type { BikeCategory, BikeColor, BikePicture } from '@nbr/domain/bikes';
import type { Region } from '@nbr/domain/locale';
import type { StolenBike, StolenBikeFeature, StolenBikeProperties } from '@nbr/domain/stolen-map';
import type { StolenBikeRow } from './stolen-bikes.repository.ts';

/**
 * The one place a stolen bike becomes an answer of the public map. Only what a stranger may see
 * (bikes.policy publicLevel): brand, colour, category and the theft's day always; the model and the
 * public picture only when the owner shows the bike in full (visibility active). Its place is the
 * rounded public one. Never anything of the owner or of the report's text.
 */
export function presentStolenBikeProperties(
  row: StolenBikeRow,
  level: 'full' | 'limited',
  publicPicture: BikePicture | null,
): StolenBikeProperties {
  return {
    kind: 'bike',
    bike_id: row.bikeId,
    brand: row.brand,
    color: row.color as BikeColor | null,
    category: row.category as BikeCategory | null,
    is_electric: row.isElectric,
    stolen_on: row.stolenOn,
    thumbnail_url: level === 'full' ? (publicPicture?.thumbnail_url ?? null) : null,
  };
}

export function presentStolenBike(
  row: StolenBikeRow,
  level: 'full' | 'limited',
  publicPicture: BikePicture | null,
): StolenBike {
  const { kind: _kind, ...properties } = presentStolenBikeProperties(row, level, publicPicture);
  return {
    ...properties,
    model: level === 'full' ? row.model : null,
    region: row.region as Region,
    location:
      row.publicLatitude === null || row.publicLongitude === null
        ? null
        : { latitude: row.publicLatitude, longitude: row.publicLongitude },
  };
}

export function presentBikeFeature(properties: StolenBikeProperties, longitude: number, latitude: number) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [longitude, latitude] },
    properties,
  } satisfies StolenBikeFeature;
}

export function presentClusterFeature(
  longitude: number,
  latitude: number,
  pointCount: number,
  expansionZoom: number,
): StolenBikeFeature {
  return {
    type: 'Feature',
    // The centroid of rounded places is itself no finer than they are; 4 decimals keep answers small.
    geometry: { type: 'Point', coordinates: [round(longitude), round(latitude)] },
    properties: { kind: 'cluster', point_count: pointCount, expansion_zoom: expansionZoom },
  };
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
