import { and, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeCloseSerialKeys, bikes } from '../../db/schema/bikes.ts';

/*
 * Close-serial candidates (issue 32 §3, migration 0048): the bikes whose frame number key shares a
 * token (segment pieces) with the typed key, kept when levenshtein_less_equal (fuzzystrmatch) puts them within
 * the distance. The keys ride in the primary key's index, so bikes is not read here.
 */

export interface CloseSerialCandidate {
  bikeId: string;
  frameNumberKey: string;
}

/** Every bike whose frame number key is within `maxDistance` of `typedKey` and shares one of `probes`. */
export function findCloseSerialCandidates(
  executor: Executor,
  typedKey: string,
  probes: string[],
  maxDistance: number,
): Promise<CloseSerialCandidate[]> {
  const distance = sql`public.levenshtein_less_equal(${bikeCloseSerialKeys.frameNumberKey}, ${typedKey}, ${maxDistance}::int)`;
  return executor
    .selectDistinct({
      bikeId: bikeCloseSerialKeys.bikeId,
      frameNumberKey: bikeCloseSerialKeys.frameNumberKey,
    })
    .from(bikeCloseSerialKeys)
    .where(
      // One array parameter, not ~280: parsing and binding that many cost more than the index scan.
      and(sql`${bikeCloseSerialKeys.token} = any(${sql.param(probes)}::text[])`, lte(distance, maxDistance)),
    );
}

export interface StaffCloseSerialRow {
  bikeId: string;
  frameNumber: string | null;
  brand: string | null;
  model: string | null;
  status: string;
  createdAt: Date;
}

/** The bikes of the given ids, as our staff's close-serial search shows them. */
export function findBikesByIds(executor: Executor, bikeIds: string[]): Promise<StaffCloseSerialRow[]> {
  return executor
    .select({
      bikeId: bikes.id,
      frameNumber: bikes.frameNumber,
      brand: bikes.brand,
      model: bikes.model,
      status: bikes.status,
      createdAt: bikes.createdAt,
    })
    .from(bikes)
    .where(inArray(bikes.id, bikeIds));
}
