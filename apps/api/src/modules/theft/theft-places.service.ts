import { isOnLand } from '@nbr/domain/land';
import type { TheftPlace, TheftPlaceQuery } from '@nbr/domain/theft';
import { AddressServiceUnavailable } from '../../platform/geo/address-lookup.ts';
import { placeOfPostcode } from '../../platform/geo/postcodes.ts';
import type { TheftDeps } from './theft.deps.ts';

/** Six decimals, as the map picker rounds a pick. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * GET /api/theft-places: where the typed place of a theft is (issue 27 walk 8). The national address
 * register first (DAWA, Kartverket); when it is away, or knows no such address, a four-digit postcode
 * in the text gives its town's centre (platform/geo/postcodes.ts: the main towns of each country,
 * else a listed postcode of the same area); else nothing. A register's point at sea is not used.
 * The typed text is the victim's address or near it: it is never logged.
 */
export async function placeTheftAddress(deps: TheftDeps, query: TheftPlaceQuery): Promise<TheftPlace> {
  try {
    const found = await deps.addressLookup.find(query.region, query.q);
    if (found && isOnLand(found)) {
      return {
        place: {
          location: { latitude: round(found.latitude), longitude: round(found.longitude) },
          label: found.label,
          precision: 'address',
        },
      };
    }
  } catch (error) {
    if (!(error instanceof AddressServiceUnavailable)) throw error;
    deps.log?.error(
      { reason: error.reason, region: query.region },
      'address service unavailable: placing by postcode',
    );
  }
  const postcode = /(?:^|\D)(\d{4})(?!\d)/.exec(query.q)?.[1];
  const centre = postcode ? placeOfPostcode(query.region, postcode) : null;
  return centre
    ? { place: { location: centre, label: postcode ?? '', precision: 'postcode' } }
    : { place: null };
}
