import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeEquipment, bikeFiles } from '../../db/schema/bikes.ts';

export type BikeFileRow = typeof bikeFiles.$inferSelect;
export type BikeFileValues = typeof bikeFiles.$inferInsert;
export type FileClass = 'picture' | 'document';

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

/** Whether the item of equipment belongs to this bike. */
export async function equipmentBelongsToBike(
  executor: Executor,
  bikeId: string,
  equipmentId: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: bikeEquipment.id })
    .from(bikeEquipment)
    .where(and(eq(bikeEquipment.id, equipmentId), eq(bikeEquipment.bikeId, bikeId)));
  return row !== undefined;
}

/** Pictures and documents of the bike and its equipment. */
export async function countFilesOfBike(executor: Executor, bikeId: string): Promise<number> {
  const [row] = await executor.select({ files: count() }).from(bikeFiles).where(eq(bikeFiles.bikeId, bikeId));
  return row?.files ?? 0;
}

/** The bike's own public picture(s): one normally; the upload of a new one replaces them. */
export async function findPublicPictures(executor: Executor, bikeId: string): Promise<BikeFileRow[]> {
  return executor
    .select()
    .from(bikeFiles)
    .where(
      and(
        eq(bikeFiles.bikeId, bikeId),
        eq(bikeFiles.fileClass, 'picture'),
        eq(bikeFiles.kind, 'public'),
        isNull(bikeFiles.equipmentId),
      ),
    );
}

export async function insertFile(executor: Executor, values: BikeFileValues): Promise<BikeFileRow> {
  const [row] = await executor.insert(bikeFiles).values(values).returning();
  if (!row) throw new Error('insert into bike_files returned no row');
  return row;
}

export async function findFile(executor: Executor, fileId: string): Promise<BikeFileRow | null> {
  const [row] = await executor.select().from(bikeFiles).where(eq(bikeFiles.id, fileId));
  return row ?? null;
}

/** One picture or document of one bike (a file of another bike, or of the other class, is not found). */
export async function findFileOfBike(
  executor: Executor,
  bikeId: string,
  fileId: string,
  fileClass: FileClass,
): Promise<BikeFileRow | null> {
  const [row] = await executor
    .select()
    .from(bikeFiles)
    .where(and(eq(bikeFiles.id, fileId), eq(bikeFiles.bikeId, bikeId), eq(bikeFiles.fileClass, fileClass)));
  return row ?? null;
}

export async function deleteFiles(executor: Executor, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await executor.delete(bikeFiles).where(inArray(bikeFiles.id, [...fileIds]));
}
