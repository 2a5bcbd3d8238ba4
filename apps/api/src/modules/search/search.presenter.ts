import type { BikeCategory, BikeColor, BikePicture, BikeStatus } from '@nbr/domain/bikes';
import type { SearchHit } from '@nbr/domain/search';
import type { SearchRow } from './search.repository.ts';

/**
 * The one place a register row becomes a search hit. Only what a stranger may see: at level
 * `limited` (searchable, or private but stolen) status, brand, colour and category; at `full`
 * (active) also the model and the public picture. Never anything of the owner.
 */
export function presentHit(
  row: SearchRow,
  level: 'full' | 'limited',
  publicPicture: BikePicture | null,
): SearchHit {
  const full = level === 'full';
  return {
    match: row.rank === 0 ? 'exact' : 'look_alike',
    identifier: row.identifier,
    matched_value: row.matchedValue,
    bike_id: row.bikeId,
    status: row.status as BikeStatus,
    brand: row.brand,
    model: full ? row.model : null,
    color: row.color as BikeColor | null,
    category: row.category as BikeCategory | null,
    picture_url: full ? (publicPicture?.url ?? null) : null,
    thumbnail_url: full ? (publicPicture?.thumbnail_url ?? null) : null,
  };
}
