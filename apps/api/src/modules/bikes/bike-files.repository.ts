import { and, asc, count, eq, getTableColumns, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeEquipment, bikeFiles, bikes } from '../../db/schema/bikes.ts';

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

/**
 * A file belongs to the person who uploaded it: the owner of a bike has of its files only what they
 * uploaded, and the bike's public picture, which follows the bike (it is shown to anyone anyway). An
 * old owner's receipt, frame-number picture or documents stay theirs after a transfer (their data
 * export keeps them) and are never the new owner's to list, open, delete or hand in as proof.
 */
export function isOwnersFile(ownerPartyId: string | typeof bikes.ownerPartyId): SQL {
  return or(
    eq(bikeFiles.uploadedByPartyId, ownerPartyId),
    and(eq(bikeFiles.fileClass, 'picture'), eq(bikeFiles.kind, 'public'), isNull(bikeFiles.equipmentId)),
  ) as SQL;
}

/** The files of these bikes their current owner has (isOwnersFile), oldest first. */
export async function findOwnersFilesOfBikes(
  executor: Executor,
  bikeIds: readonly string[],
): Promise<BikeFileRow[]> {
  if (bikeIds.length === 0) return [];
  return executor
    .select(getTableColumns(bikeFiles))
    .from(bikeFiles)
    .innerJoin(bikes, eq(bikes.id, bikeFiles.bikeId))
    .where(and(inArray(bikeFiles.bikeId, [...bikeIds]), isOwnersFile(bikes.ownerPartyId)))
    .orderBy(asc(bikeFiles.createdAt), asc(bikeFiles.id));
}

/** Pictures and documents of the bike and its equipment that its owner has (isOwnersFile). */
export async function countFilesOfBike(
  executor: Executor,
  bikeId: string,
  ownerPartyId: string,
): Promise<number> {
  const [row] = await executor
    .select({ files: count() })
    .from(bikeFiles)
    .where(and(eq(bikeFiles.bikeId, bikeId), isOwnersFile(ownerPartyId)));
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

/**
 * One picture or document of one bike that its owner has (isOwnersFile); a file of another bike,
 * of the other class, or an earlier owner's is not found.
 */
export async function findFileOfBike(
  executor: Executor,
  bikeId: string,
  ownerPartyId: string,
  fileId: string,
  fileClass: FileClass,
): Promise<BikeFileRow | null> {
  const [row] = await executor
    .select()
    .from(bikeFiles)
    .where(
      and(
        eq(bikeFiles.id, fileId),
        eq(bikeFiles.bikeId, bikeId),
        eq(bikeFiles.fileClass, fileClass),
        isOwnersFile(ownerPartyId),
      ),
    );
  return row ?? null;
}

export async function deleteFiles(executor: Executor, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await executor.delete(bikeFiles).where(inArray(bikeFiles.id, [...fileIds]));
}
