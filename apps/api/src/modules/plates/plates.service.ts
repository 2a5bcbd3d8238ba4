import { randomInt } from 'node:crypto';
import { identifierKeys, identifierShapeProblem } from '@nbr/domain/identifiers';
import {
  STICKER_CODE_ALPHABET,
  STICKER_CODE_LENGTH,
  type StickerKind,
  type StickerLookup,
} from '@nbr/domain/plates';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { uuidv7 } from '../../platform/ids.ts';
import * as repository from './plates.repository.ts';

/*
 * QR stickers and plate IDs. Other modules (bikes, equipment, search) reach stickers only through
 * these functions. A plate ID is valid when it is a printed sticker that is free; the answer of a
 * check is one of PLATE_ID_STATUSES.
 */

export type PlateStatus = 'valid' | 'invalid' | 'already_used' | 'other_equipment';

export interface PlateCheck {
  status: PlateStatus;
  /** The normalised code, as stored. */
  code: string;
  /** The shape problem of an invalid plate ID typed wrong (identifier_too_short…); null otherwise. */
  problem: string | null;
}

/** A random code from the look-alike-free alphabet. */
export function drawStickerCode(): string {
  let code = '';
  for (let index = 0; index < STICKER_CODE_LENGTH; index += 1) {
    code += STICKER_CODE_ALPHABET[randomInt(STICKER_CODE_ALPHABET.length)];
  }
  return code;
}

/** Creates a printed batch of `count` new stickers with fresh codes; answers the codes. */
export async function createBatch(
  executor: Executor,
  input: { count: number; kind: StickerKind; note?: string | null; createdByPartyId?: string | null },
): Promise<{ batchId: string; codes: string[] }> {
  const codes = new Set<string>();
  while (codes.size < input.count) {
    const wanted = input.count - codes.size;
    const drawn = Array.from({ length: wanted }, drawStickerCode).filter((code) => !codes.has(code));
    const taken = await repository.existingCodes(executor, drawn);
    for (const code of drawn) if (!taken.has(code)) codes.add(code);
  }
  const batchId = uuidv7();
  const list = [...codes];
  await repository.insertBatch(
    executor,
    {
      id: batchId,
      kind: input.kind,
      note: input.note ?? null,
      createdByPartyId: input.createdByPartyId ?? null,
    },
    list.map((code) => {
      const keys = identifierKeys(code);
      return { code: keys.key, lookAlike: keys.lookAlike };
    }),
  );
  return { batchId, codes: list };
}

/** Whether a batch with this note was printed (keeps the demo seed from printing it twice). */
export async function hasBatchWithNote(executor: Executor, note: string): Promise<boolean> {
  return repository.hasBatchWithNote(executor, note);
}

/** The validation issue type of each refused plate check (SPEC §5, §8), wherever a plate ID is typed. */
export const PLATE_ISSUE_TYPES = {
  invalid: 'plate_id_invalid',
  already_used: 'plate_id_in_use',
  other_equipment: 'plate_id_other_equipment',
} as const;

/**
 * Whether a typed plate ID can go on this bike (SPEC §4/§5): invalid when mistyped, unknown or void;
 * other_equipment when it is an equipment sticker or registered on equipment; already_used when on
 * another bike. A sticker already on `bikeId` itself is valid (editing without changing it).
 */
export async function checkPlateForBike(
  executor: Executor,
  plateId: string,
  bikeId: string | null,
): Promise<PlateCheck> {
  const problem = identifierShapeProblem(plateId);
  const { key } = identifierKeys(plateId);
  if (problem) return { status: 'invalid', code: key, problem };
  const sticker = await repository.findSticker(executor, key);
  if (!sticker || sticker.status === 'void') return { status: 'invalid', code: key, problem: null };
  if (sticker.equipmentId || sticker.kind === 'equipment')
    return { status: 'other_equipment', code: key, problem: null };
  if (sticker.bikeId && sticker.bikeId !== bikeId)
    return { status: 'already_used', code: key, problem: null };
  return { status: 'valid', code: key, problem: null };
}

/** The same for an item of equipment: a bike sticker is not refused (people reuse spare ones). */
export async function checkPlateForEquipment(
  executor: Executor,
  plateId: string,
  equipmentId: string | null,
): Promise<PlateCheck> {
  const problem = identifierShapeProblem(plateId);
  const { key } = identifierKeys(plateId);
  if (problem) return { status: 'invalid', code: key, problem };
  const sticker = await repository.findSticker(executor, key);
  if (!sticker || sticker.status === 'void') return { status: 'invalid', code: key, problem: null };
  if (sticker.bikeId) return { status: 'already_used', code: key, problem: null };
  if (sticker.equipmentId && sticker.equipmentId !== equipmentId) {
    return { status: 'already_used', code: key, problem: null };
  }
  return { status: 'valid', code: key, problem: null };
}

/**
 * Puts the plate on the bike inside the caller's transaction, replacing any plate it had. Answers
 * the final check: anything but valid means nothing changed and the caller refuses the request.
 * The conditional update makes two registrations of one sticker race-safe (one wins).
 */
export async function attachPlateToBike(
  executor: Executor,
  plateId: string | null,
  bikeId: string,
): Promise<PlateCheck | null> {
  const current = await repository.findStickerOfBike(executor, bikeId);
  if (plateId === null) {
    if (current) await repository.releaseFromBike(executor, bikeId);
    return null;
  }
  const check = await checkPlateForBike(executor, plateId, bikeId);
  if (check.status !== 'valid') return check;
  if (current?.code === check.code) return check;
  if (current) await repository.releaseFromBike(executor, bikeId);
  const assigned = await repository.assignToBike(executor, check.code, bikeId, new Date());
  return assigned ? check : { status: 'already_used', code: check.code, problem: null };
}

/** Replaces the plates of an item of equipment; answers the first check that failed, or null. */
export async function attachPlatesToEquipment(
  executor: Executor,
  plateIds: string[],
  equipmentId: string,
): Promise<PlateCheck | null> {
  const wanted = new Set(plateIds.map((plateId) => identifierKeys(plateId).key));
  const checks: PlateCheck[] = [];
  for (const plateId of plateIds) {
    const check = await checkPlateForEquipment(executor, plateId, equipmentId);
    if (check.status !== 'valid') return check;
    checks.push(check);
  }
  const current = await repository.findStickersOfEquipment(executor, [equipmentId]);
  const keep = current.filter((sticker) => wanted.has(sticker.code)).map((sticker) => sticker.code);
  if (keep.length !== current.length) {
    await repository.releaseFromEquipment(executor, [equipmentId]);
    keep.length = 0;
  }
  const now = new Date();
  for (const check of checks) {
    if (keep.includes(check.code)) continue;
    if (!(await repository.assignToEquipment(executor, check.code, equipmentId, now))) {
      return { status: 'already_used', code: check.code, problem: null };
    }
  }
  return null;
}

/**
 * Bulk import of an existing register (bike-import.service.ts): puts each plate on its imported bike
 * as a registered bike sticker, creating stickers the register does not know yet. Answers the codes
 * that are now on their bike; any other was taken already (refused).
 */
export async function importPlatesOfBikes(
  executor: Executor,
  rows: Array<{ plateId: string; bikeId: string }>,
  at: Date,
): Promise<Set<string>> {
  return repository.importBikeStickers(
    executor,
    rows.map(({ plateId, bikeId }) => {
      const keys = identifierKeys(plateId);
      return { code: keys.key, lookAlike: keys.lookAlike, bikeId };
    }),
    at,
  );
}

/**
 * The plates of bikes a source query answers (code = the plate's key, look_alike, bike_id), set-based
 * (the bulk import's staged rows); whether each one was placed shows in stickers.bike_id.
 */
export async function importPlatesOfBikesFrom(executor: Executor, source: SQL, at: Date): Promise<void> {
  await repository.importBikeStickersFrom(executor, source, at);
}

/** Frees the plates of a bike and of its equipment, before they are deleted. */
export async function releasePlates(
  executor: Executor,
  bikeId: string,
  equipmentIds: string[],
): Promise<void> {
  await repository.releaseFromBike(executor, bikeId);
  await repository.releaseFromEquipment(executor, equipmentIds);
}

/** The plate ID on a bike, or null. */
export async function plateOfBike(executor: Executor, bikeId: string): Promise<string | null> {
  return (await repository.findStickerOfBike(executor, bikeId))?.code ?? null;
}

/** The plate ID of each bike that has one, in one query (lists of bikes). */
export async function platesOfBikes(executor: Executor, bikeIds: string[]): Promise<Map<string, string>> {
  const byBike = new Map<string, string>();
  for (const sticker of await repository.findStickersOfBikes(executor, bikeIds)) {
    if (sticker.bikeId) byBike.set(sticker.bikeId, sticker.code);
  }
  return byBike;
}

/** Plate IDs per item of equipment. */
export async function platesOfEquipment(
  executor: Executor,
  equipmentIds: string[],
): Promise<Map<string, string[]>> {
  const byEquipment = new Map<string, string[]>();
  for (const sticker of await repository.findStickersOfEquipment(executor, equipmentIds)) {
    if (!sticker.equipmentId) continue;
    byEquipment.set(sticker.equipmentId, [...(byEquipment.get(sticker.equipmentId) ?? []), sticker.code]);
  }
  return byEquipment;
}

/** What a scanned sticker leads to; the bike only when its owner lets it be found (see bikes). */
export async function lookupSticker(
  executor: Executor,
  stickerId: string,
  visibleBike: (bikeId: string) => Promise<{ bikeId: string; status: 'registered' | 'stolen' } | null>,
): Promise<StickerLookup | null> {
  // A code no sticker can carry (garbage, a NUL byte) was never printed: not found, without a query.
  if (identifierShapeProblem(stickerId)) return null;
  const { key } = identifierKeys(stickerId);
  const sticker = await repository.findSticker(executor, key);
  if (!sticker) return null;
  const bike = sticker.bikeId ? await visibleBike(sticker.bikeId) : null;
  return {
    sticker_id: sticker.code,
    kind: sticker.kind as StickerKind,
    status: sticker.status as StickerLookup['status'],
    bike_id: bike?.bikeId ?? null,
    bike_status: bike?.status ?? null,
    on_equipment: sticker.equipmentId !== null,
  };
}
