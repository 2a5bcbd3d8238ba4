import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeEquipment } from '../../db/schema/bikes.ts';

export type EquipmentRow = typeof bikeEquipment.$inferSelect;

export async function findEquipmentOfBikes(
  executor: Executor,
  bikeIds: readonly string[],
): Promise<EquipmentRow[]> {
  if (bikeIds.length === 0) return [];
  return executor
    .select()
    .from(bikeEquipment)
    .where(inArray(bikeEquipment.bikeId, [...bikeIds]))
    .orderBy(asc(bikeEquipment.createdAt), asc(bikeEquipment.id));
}
