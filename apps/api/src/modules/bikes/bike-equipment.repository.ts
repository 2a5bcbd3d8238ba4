import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeEquipment, bikeFiles } from '../../db/schema/bikes.ts';

export type EquipmentRow = typeof bikeEquipment.$inferSelect;
export type EquipmentValues = Omit<typeof bikeEquipment.$inferInsert, 'id' | 'bikeId'>;

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

/** One item of one bike (an item id under another bike is not found). */
export async function findEquipment(
  executor: Executor,
  bikeId: string,
  equipmentId: string,
  lock = false,
): Promise<EquipmentRow | null> {
  const query = executor
    .select()
    .from(bikeEquipment)
    .where(and(eq(bikeEquipment.id, equipmentId), eq(bikeEquipment.bikeId, bikeId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertEquipment(
  executor: Executor,
  values: EquipmentValues & { id: string; bikeId: string },
): Promise<EquipmentRow> {
  const [row] = await executor.insert(bikeEquipment).values(values).returning();
  if (!row) throw new Error('insert into bike_equipment returned no row');
  return row;
}

export async function updateEquipment(
  executor: Executor,
  equipmentId: string,
  values: EquipmentValues,
): Promise<EquipmentRow> {
  const [row] = await executor
    .update(bikeEquipment)
    .set(values)
    .where(eq(bikeEquipment.id, equipmentId))
    .returning();
  if (!row) throw new Error('update of bike_equipment returned no row');
  return row;
}

export async function deleteEquipment(executor: Executor, equipmentId: string): Promise<void> {
  await executor.delete(bikeEquipment).where(eq(bikeEquipment.id, equipmentId));
}

/** Storage keys of the item's pictures and documents (their rows go with the item, by cascade). */
export async function storageKeysOfEquipment(executor: Executor, equipmentId: string): Promise<string[]> {
  const rows = await executor
    .select({ storageKey: bikeFiles.storageKey, thumbnailKey: bikeFiles.thumbnailKey })
    .from(bikeFiles)
    .where(eq(bikeFiles.equipmentId, equipmentId));
  return rows.flatMap((row) => (row.thumbnailKey ? [row.storageKey, row.thumbnailKey] : [row.storageKey]));
}
