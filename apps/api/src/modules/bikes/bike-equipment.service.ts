import type { Equipment } from '@nbr/domain/bikes';
import type { Executor } from '../../db/client.ts';
import * as plates from '../plates/plates.service.ts';
import { presentEquipment } from './bike-equipment.presenter.ts';
import * as repository from './bike-equipment.repository.ts';
import type { FilesOfBike } from './bike-files.service.ts';

/*
 * Batteries, locks and accessories of a bike (SPEC §3 Equipment). Listing is here for the bike
 * presenter; creating, editing and deleting items join it (bike-equipment.routes.ts).
 */

/** The equipment of each bike, for its owner, with plates and the item's own files. */
export async function listEquipmentOfBikes(
  executor: Executor,
  bikeIds: readonly string[],
  filesByBike: Map<string, FilesOfBike>,
): Promise<Map<string, Equipment[]>> {
  const rows = await repository.findEquipmentOfBikes(executor, bikeIds);
  const platesByItem = await plates.platesOfEquipment(
    executor,
    rows.map((row) => row.id),
  );
  const byBike = new Map<string, Equipment[]>(bikeIds.map((bikeId) => [bikeId, []]));
  for (const row of rows) {
    const files = filesByBike.get(row.bikeId)?.equipment.get(row.id);
    byBike.get(row.bikeId)?.push(presentEquipment(row, platesByItem.get(row.id) ?? [], files));
  }
  return byBike;
}

/** Ids of every item of a bike, to free their plates before the bike is deleted. */
export async function equipmentIdsOfBike(executor: Executor, bikeId: string): Promise<string[]> {
  return (await repository.findEquipmentOfBikes(executor, [bikeId])).map((row) => row.id);
}
