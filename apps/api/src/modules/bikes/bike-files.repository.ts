import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeFiles } from '../../db/schema/bikes.ts';

export type BikeFileRow = typeof bikeFiles.$inferSelect;

/** Every picture and document of these bikes (and of their equipment), oldest first. */
export async function findFilesOfBikes(
  executor: Executor,
  bikeIds: readonly string[],
): Promise<BikeFileRow[]> {
  if (bikeIds.length === 0) return [];
  return executor
    .select()
    .from(bikeFiles)
    .where(inArray(bikeFiles.bikeId, [...bikeIds]))
    .orderBy(asc(bikeFiles.createdAt), asc(bikeFiles.id));
}
