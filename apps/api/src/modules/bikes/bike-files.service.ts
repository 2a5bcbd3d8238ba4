import type { BikeDocument, BikePicture } from '@nbr/domain/bikes';
import type { Executor } from '../../db/client.ts';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';
import { presentDocument, presentPicture } from './bike-files.presenter.ts';
import * as repository from './bike-files.repository.ts';

/*
 * Pictures and documents of bikes. Listing is here for the bike presenter; uploading, serving and
 * deleting files join it (bike-files.routes.ts).
 */

export interface FilesOfBike {
  /** The bike's own pictures (equipment pictures are listed with their item). */
  pictures: BikePicture[];
  documents: BikeDocument[];
  /** Pictures and documents of each item of equipment, by equipment id. */
  equipment: Map<string, { pictures: BikePicture[]; documents: BikeDocument[] }>;
  /** The public picture, else null. */
  publicPicture: BikePicture | null;
}

/**
 * The files of each bike as the audience may see them: the owner (and staff) see every file; anyone
 * else only the public picture.
 */
export async function listFilesOfBikes(
  executor: Executor,
  urls: FileUrlSigner,
  bikeIds: readonly string[],
  audience: 'owner' | 'public',
): Promise<Map<string, FilesOfBike>> {
  const byBike = new Map<string, FilesOfBike>();
  for (const bikeId of bikeIds) {
    byBike.set(bikeId, { pictures: [], documents: [], equipment: new Map(), publicPicture: null });
  }
  for (const row of await repository.findFilesOfBikes(executor, bikeIds)) {
    const files = byBike.get(row.bikeId);
    if (!files) continue;
    if (audience === 'public' && !(row.fileClass === 'picture' && row.kind === 'public' && !row.equipmentId))
      continue;
    const target = row.equipmentId
      ? (files.equipment.get(row.equipmentId) ??
        files.equipment.set(row.equipmentId, { pictures: [], documents: [] }).get(row.equipmentId))
      : files;
    if (!target) continue;
    if (row.fileClass === 'picture') {
      const picture = presentPicture(row, urls);
      target.pictures.push(picture);
      if (!row.equipmentId && row.kind === 'public') files.publicPicture = picture;
    } else {
      target.documents.push(presentDocument(row, urls));
    }
  }
  return byBike;
}

/** Storage keys of every file of a bike, to remove from storage once its rows are deleted. */
export async function storageKeysOfBike(executor: Executor, bikeId: string): Promise<string[]> {
  const rows = await repository.findFilesOfBikes(executor, [bikeId]);
  return rows.flatMap((row) => (row.thumbnailKey ? [row.storageKey, row.thumbnailKey] : [row.storageKey]));
}
