import type { Equipment, EquipmentInput, EquipmentUpdate } from '@nbr/domain/bikes';
import { identifierKeys } from '@nbr/domain/identifiers';
import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, type FieldIssue, ValidationError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import * as plates from '../plates/plates.facade.ts';
import { requireManageableBike } from './bike-access.ts';
import { presentEquipment } from './bike-equipment.presenter.ts';
import * as repository from './bike-equipment.repository.ts';
import { type FilesOfBike, listFilesOfBikes } from './bike-files.service.ts';
import type { BikesDeps } from './bikes.deps.ts';

/*
 * Batteries, locks and accessories of a bike (SPEC §3 Equipment): listing for the bike presenter, and
 * creating, editing and deleting items (bike-equipment.routes.ts). Only the bike's owner manages its
 * equipment; anyone else is told the bike does not exist (404, no existence leak).
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

/** Where a failure after the commit (removing stored files) is reported; it does not fail the request. */
export interface EquipmentLog {
  error(details: object, message: string): void;
}

/** The bike, when the caller may manage it; 404 otherwise (also for an id that is no uuid). */
async function requireManagedBike(
  executor: Executor,
  auth: RequestAuth,
  bikeId: string,
  lock = false,
): Promise<void> {
  await requireManageableBike(
    executor,
    { partyId: auth.partyId, staffRole: auth.staffRole },
    bikeId,
    lock ? 'share' : null,
  );
}

async function requireItem(
  executor: Executor,
  bikeId: string,
  equipmentId: string,
): Promise<repository.EquipmentRow> {
  const row = isUuid(equipmentId)
    ? await repository.findEquipment(executor, bikeId, equipmentId, true)
    : null;
  if (!row) throw new AppError('not_found');
  return row;
}

type Fields = Omit<repository.EquipmentValues, 'createdAt' | 'updatedAt'>;

/** The columns an input names; absent (undefined) fields are left out, so a patch keeps them. */
function fieldsOf(input: EquipmentUpdate): Partial<Fields> {
  const fields: Partial<Fields> = {
    itemType: input.item_type_memo,
    note: input.note,
    serialNumbers: input.serial_numbers,
    dnaPasteIds: input.dna_paste_ids,
    manufacturerName: input.manufacturer_name,
    productName: input.product_name,
    frameNumberMatch: input.frame_number_match,
    hasSignature: input.has_signature,
    varefaktaNumber: input.varefakta_number,
    lockDate: input.lock_date,
    physicalKeyNumber: input.physical_key_number,
    lockType: input.lock_type_memo,
    accessoryType: input.accessory_type,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/**
 * Fields that belong to one item type are cleared on the others: lock certificate, key and type on
 * locks, serial numbers on batteries, the free-text type on accessories.
 */
function forItemType(fields: Fields): Fields {
  const isLock = fields.itemType === 'lock';
  return {
    ...fields,
    serialNumbers: fields.itemType === 'battery' ? (fields.serialNumbers ?? []) : [],
    frameNumberMatch: isLock ? (fields.frameNumberMatch ?? null) : null,
    hasSignature: isLock ? (fields.hasSignature ?? null) : null,
    varefaktaNumber: isLock ? (fields.varefaktaNumber ?? null) : null,
    lockDate: isLock ? (fields.lockDate ?? null) : null,
    physicalKeyNumber: isLock ? (fields.physicalKeyNumber ?? null) : null,
    lockType: isLock ? (fields.lockType ?? null) : null,
    accessoryType: fields.itemType === 'accessory' ? (fields.accessoryType ?? null) : null,
  };
}

const EMPTY_FIELDS: Fields = {
  itemType: 'battery',
  note: null,
  serialNumbers: [],
  dnaPasteIds: [],
  manufacturerName: null,
  productName: null,
  frameNumberMatch: null,
  hasSignature: null,
  varefaktaNumber: null,
  lockDate: null,
  physicalKeyNumber: null,
  lockType: null,
  accessoryType: null,
};

/**
 * Puts the item's plates on it (replacing the ones it had) inside the transaction; a plate that is
 * not a free sticker refuses the whole request with a 422 on its place in plate_ids.
 */
async function attachPlates(executor: Executor, plateIds: string[], equipmentId: string): Promise<void> {
  const seen = new Set<string>();
  const unique = plateIds.filter((plateId) => {
    const { key } = identifierKeys(plateId);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const failed = await plates.attachPlatesToEquipment(executor, unique, equipmentId);
  if (!failed) return;
  const index = Math.max(
    0,
    plateIds.findIndex((plateId) => identifierKeys(plateId).key === failed.code),
  );
  const issue: FieldIssue = {
    loc: ['body', 'plate_ids', index],
    type: failed.status === 'invalid' ? 'plate_id_invalid' : 'plate_id_in_use',
    params: { plate_id: plateIds[index] ?? failed.code },
  };
  throw new ValidationError([issue]);
}

async function present(
  deps: BikesDeps,
  executor: Executor,
  row: repository.EquipmentRow,
  withFiles: boolean,
): Promise<Equipment> {
  const plateIds = (await plates.platesOfEquipment(executor, [row.id])).get(row.id) ?? [];
  const files = withFiles
    ? (await listFilesOfBikes(executor, deps.fileUrls, [row.bikeId], 'owner'))
        .get(row.bikeId)
        ?.equipment.get(row.id)
    : undefined;
  return presentEquipment(row, plateIds, files);
}

/** GET /api/bikes/{bike_id}/equipment — the owner's list, oldest first. */
export async function listEquipment(
  deps: BikesDeps,
  auth: RequestAuth,
  bikeId: string,
): Promise<Equipment[]> {
  await requireManagedBike(deps.db, auth, bikeId);
  const files = await listFilesOfBikes(deps.db, deps.fileUrls, [bikeId], 'owner');
  return (await listEquipmentOfBikes(deps.db, [bikeId], files)).get(bikeId) ?? [];
}

/** POST /api/bikes/{bike_id}/equipment */
export async function createEquipment(
  deps: BikesDeps,
  auth: RequestAuth,
  bikeId: string,
  input: EquipmentInput,
): Promise<Equipment> {
  return deps.db.transaction(async (tx) => {
    await requireManagedBike(tx, auth, bikeId, true);
    const now = new Date();
    const row = await repository.insertEquipment(tx, {
      id: uuidv7(),
      bikeId,
      ...forItemType({ ...EMPTY_FIELDS, ...fieldsOf(input) }),
      createdAt: now,
      updatedAt: now,
    });
    await attachPlates(tx, input.plate_ids, row.id);
    return present(deps, tx, row, false);
  });
}

/** PATCH /api/bikes/{bike_id}/equipment/{equipment_id} — absent fields are left as they are. */
export async function updateEquipment(
  deps: BikesDeps,
  auth: RequestAuth,
  bikeId: string,
  equipmentId: string,
  input: EquipmentUpdate,
): Promise<Equipment> {
  return deps.db.transaction(async (tx) => {
    await requireManagedBike(tx, auth, bikeId, true);
    const current = await requireItem(tx, bikeId, equipmentId);
    const { id: _id, bikeId: _bikeId, createdAt: _createdAt, updatedAt: _updatedAt, ...stored } = current;
    const row = await repository.updateEquipment(tx, equipmentId, {
      ...forItemType({ ...stored, ...fieldsOf(input) }),
      updatedAt: new Date(),
    });
    if (input.plate_ids !== undefined) await attachPlates(tx, input.plate_ids, equipmentId);
    return present(deps, tx, row, true);
  });
}

/**
 * DELETE /api/bikes/{bike_id}/equipment/{equipment_id} — frees the item's plates, deletes it with its
 * file rows, then removes the files from storage once the deletion is committed.
 */
export async function deleteEquipment(
  deps: BikesDeps,
  auth: RequestAuth,
  bikeId: string,
  equipmentId: string,
  log: EquipmentLog,
): Promise<void> {
  const storageKeys = await deps.db.transaction(async (tx) => {
    await requireManagedBike(tx, auth, bikeId, true);
    await requireItem(tx, bikeId, equipmentId);
    const keys = await repository.storageKeysOfEquipment(tx, equipmentId);
    // Replacing the item's plates with none frees them (stickers point at the item without cascade).
    await plates.attachPlatesToEquipment(tx, [], equipmentId);
    await repository.deleteEquipment(tx, equipmentId);
    return keys;
  });
  if (storageKeys.length === 0) return;
  try {
    await deps.storage.delete(storageKeys);
  } catch (error) {
    // The item is gone; files left behind are found by their keys in this log line.
    log.error(
      { err: error, storageKeys },
      'equipment deleted, but its files could not be removed from storage',
    );
  }
}
