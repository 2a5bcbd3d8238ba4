import {
  BIKE_CATEGORIES,
  BIKE_COLORS,
  BIKE_STATUSES,
  BIKE_TYPES,
  BIKE_VISIBILITIES,
  type BikeCategory,
  type BikeColor,
  type BikeStatus,
  type BikeType,
  type BikeVisibility,
  NICKNAME_MAX_LENGTH,
} from '@nbr/domain/bikes';
import { identifierKeys, identifierShapeProblem } from '@nbr/domain/identifiers';
import type { Database } from '../../db/client.ts';
import { uuidv7 } from '../../platform/ids.ts';
import * as plates from '../plates/plates.facade.ts';
import * as repository from './bike-import.repository.ts';

/*
 * Bulk import of an existing register (a migration from the old system, a dealer's or an insurer's
 * list): the same keys and rules as registering one bike (identifierKeys, one frame number per bike,
 * a plate on one bike only), written in batches of one statement per table. Credits are not used:
 * imported bikes come with the register they were kept in.
 */

export interface ImportedBike {
  ownerPartyId: string;
  /** Defaults to the brand, else 'Cykel'. */
  nickname?: string | null;
  frameNumber?: string | null;
  plateId?: string | null;
  brand?: string | null;
  model?: string | null;
  productionYear?: number | null;
  category?: BikeCategory | null;
  color?: BikeColor | null;
  type?: BikeType | null;
  isElectric?: boolean;
  visibility?: BikeVisibility;
  status?: BikeStatus;
  region: 'dk' | 'no';
  /** When it was registered in the old register; now when unknown. */
  registeredAt?: Date;
}

export type ImportRejection =
  | 'frame_or_plate_required'
  | 'frame_number_invalid'
  | 'plate_id_invalid'
  | 'frame_number_in_use'
  | 'plate_id_in_use'
  | 'invalid_value';

export interface ImportResult {
  inserted: number;
  /** Rows not imported, by their index in the input. */
  rejected: Array<{ index: number; reason: ImportRejection }>;
  /** Bikes imported without their plate, because the plate is on another bike or item already. */
  platesRefused: Array<{ index: number; plateId: string }>;
}

/** Rows per statement: large enough to amortise the round trip, small enough to keep locks short. */
export const IMPORT_BATCH_SIZE = 5000;

const CATEGORIES = new Set<string>(BIKE_CATEGORIES);
const COLORS = new Set<string>(BIKE_COLORS);
const TYPES = new Set<string>(BIKE_TYPES);
const VISIBILITIES = new Set<string>(BIKE_VISIBILITIES);
const STATUSES = new Set<string>(BIKE_STATUSES);

const allowed = (set: Set<string>, value: string | null | undefined) => value == null || set.has(value);
const trimmed = (value: string | null | undefined, max: number) => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text.slice(0, max);
};

/**
 * Imports bikes; each batch commits on its own, so a failure stops the import after the batches
 * already written (re-running it skips the frame numbers that made it in, as frame_number_in_use).
 */
export async function importBikes(db: Database, bikes: readonly ImportedBike[]): Promise<ImportResult> {
  const result: ImportResult = { inserted: 0, rejected: [], platesRefused: [] };
  const frameKeys = new Set<string>();
  const plateKeys = new Set<string>();
  const now = new Date();
  let batch: Array<{ index: number; row: repository.BikeImportRow; plateId: string | null }> = [];

  const flush = async () => {
    const pending = batch;
    batch = [];
    if (pending.length === 0) return;
    await db.transaction(async (tx) => {
      const inserted = await repository.insertBikes(
        tx,
        pending.map((entry) => entry.row),
      );
      const kept = pending.filter((entry) => inserted.has(entry.row.id));
      for (const entry of pending) {
        if (!inserted.has(entry.row.id))
          result.rejected.push({ index: entry.index, reason: 'frame_number_in_use' });
      }
      await repository.insertOwnerships(
        tx,
        kept.map((entry) => entry.row),
      );
      const withPlate = kept.filter((entry) => entry.plateId !== null);
      const placed = await plates.importPlatesOfBikes(
        tx,
        withPlate.map((entry) => ({ plateId: entry.plateId ?? '', bikeId: entry.row.id })),
        now,
      );
      for (const entry of withPlate) {
        if (!placed.has(identifierKeys(entry.plateId ?? '').key)) {
          result.platesRefused.push({ index: entry.index, plateId: entry.plateId ?? '' });
        }
      }
      result.inserted += kept.length;
    });
  };

  for (const [index, bike] of bikes.entries()) {
    const frameNumber = trimmed(bike.frameNumber, 100);
    const plateId = trimmed(bike.plateId, 100);
    const reject = (reason: ImportRejection) => result.rejected.push({ index, reason });
    if (!frameNumber && !plateId) {
      reject('frame_or_plate_required');
      continue;
    }
    if (frameNumber && identifierShapeProblem(frameNumber)) {
      reject('frame_number_invalid');
      continue;
    }
    if (plateId && identifierShapeProblem(plateId)) {
      reject('plate_id_invalid');
      continue;
    }
    if (
      !allowed(CATEGORIES, bike.category) ||
      !allowed(COLORS, bike.color) ||
      !allowed(TYPES, bike.type) ||
      !allowed(VISIBILITIES, bike.visibility) ||
      !allowed(STATUSES, bike.status)
    ) {
      reject('invalid_value');
      continue;
    }
    const frame = frameNumber ? identifierKeys(frameNumber) : null;
    const plateKey = plateId ? identifierKeys(plateId).key : null;
    if (frame && frameKeys.has(frame.key)) {
      reject('frame_number_in_use');
      continue;
    }
    if (plateKey && plateKeys.has(plateKey)) {
      reject('plate_id_in_use');
      continue;
    }
    if (frame) frameKeys.add(frame.key);
    if (plateKey) plateKeys.add(plateKey);
    const brand = trimmed(bike.brand, 60);
    batch.push({
      index,
      plateId,
      row: {
        id: uuidv7(bike.registeredAt?.getTime()),
        ownershipId: uuidv7(bike.registeredAt?.getTime()),
        ownerPartyId: bike.ownerPartyId,
        nickname: trimmed(bike.nickname, NICKNAME_MAX_LENGTH) ?? brand ?? 'Cykel',
        frameNumber: frame?.display ?? null,
        frameNumberKey: frame?.key ?? null,
        frameNumberLookAlike: frame?.lookAlike ?? null,
        brand,
        model: trimmed(bike.model, 80),
        productionYear: bike.productionYear ?? null,
        category: bike.category ?? null,
        color: bike.color ?? null,
        type: bike.type ?? null,
        isElectric: bike.isElectric ?? false,
        visibility: bike.visibility ?? 'active',
        status: bike.status ?? 'registered',
        region: bike.region,
        currency: bike.region === 'no' ? 'NOK' : 'DKK',
        registeredAt: (bike.registeredAt ?? now).toISOString(),
      },
    });
    if (batch.length >= IMPORT_BATCH_SIZE) await flush();
  }
  await flush();
  result.rejected.sort((a, b) => a.index - b.index);
  return result;
}
