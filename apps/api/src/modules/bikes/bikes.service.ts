import type {
  Bike,
  BikeCreate,
  BikeSummary,
  BikeUpdate,
  BikeVisibility,
  FrameNumberCollisions,
  IdentifierCheckRequest,
  IdentifierCheckResponse,
  PublicBike,
} from '@nbr/domain/bikes';
import { checkFrameNumber } from '@nbr/domain/frame-number';
import { type IdentifierKeys, identifierKeys, identifierShapeProblem } from '@nbr/domain/identifiers';
import { CURRENCY_BY_REGION, type Region, RegionSchema } from '@nbr/domain/locale';
import type { StickerLookup } from '@nbr/domain/plates';
import type { Executor } from '../../db/client.ts';
import { recordAuditEvent, recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, type FieldIssue, ValidationError } from '../../platform/errors.ts';
import { forgetIdempotencyKeys, type IdempotencyClaim, keepAnswer } from '../../platform/http/idempotency.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';
import { consumeApproval } from '../identity/identity.facade.ts';
import * as plates from '../plates/plates.facade.ts';
import * as webshop from '../webshop/webshop.facade.ts';
import { equipmentIdsOfBike, listEquipmentOfBikes } from './bike-equipment.service.ts';
import { listFilesOfBikes, storageKeysOfBike } from './bike-files.service.ts';
import type { BikesDeps } from './bikes.deps.ts';
import {
  type BikeActor,
  type BikeFacts,
  canManage,
  canViewAsOwner,
  canViewPublic,
  isOwner,
} from './bikes.policy.ts';
import {
  presentBike,
  presentBikeSummary,
  presentFrameNumberCheck,
  presentFrameNumberCollisions,
  presentPublicBike,
} from './bikes.presenter.ts';
import type { BikeChanges, BikeRow, BikeWithOwnership } from './bikes.repository.ts';
import * as repository from './bikes.repository.ts';
import { currentManufacturerCodes } from './manufacturer-codes.service.ts';

/*
 * Registering, reading, editing and deleting bikes. "Mine" is always the acting party (the token's
 * party_id: the person, or the organisation a member acts for). A bike another party owns answers
 * exactly like one that does not exist (404), so ids reveal nothing.
 */

export function actorOf(auth: RequestAuth | null): BikeActor {
  return { partyId: auth?.partyId ?? null, staffRole: auth?.staffRole ?? null };
}

export function factsOf(row: BikeRow): BikeFacts {
  return {
    ownerPartyId: row.ownerPartyId,
    visibility: row.visibility as BikeVisibility,
    status: row.status as BikeFacts['status'],
  };
}

/** The bike when the rule lets the caller at it; otherwise (or for a malformed/unknown id) 404. */
export async function loadBike(
  executor: Executor,
  bikeId: string,
  allowed: (bike: BikeFacts) => boolean,
  lock = false,
): Promise<BikeWithOwnership> {
  if (!isUuid(bikeId)) throw new AppError('not_found');
  const found = await repository.findBike(executor, bikeId, lock);
  if (!found || !allowed(factsOf(found.bike))) throw new AppError('not_found');
  return found;
}

async function ownerViews(
  executor: Executor,
  urls: FileUrlSigner,
  rows: BikeWithOwnership[],
): Promise<Bike[]> {
  const ids = rows.map((row) => row.bike.id);
  const files = await listFilesOfBikes(executor, urls, ids, 'owner');
  const [equipment, plateIds] = await Promise.all([
    listEquipmentOfBikes(executor, ids, files),
    plates.platesOfBikes(executor, ids),
  ]);
  const now = new Date();
  return rows.map(({ bike, ownershipId }) =>
    presentBike({
      row: bike,
      ownershipId,
      plateId: plateIds.get(bike.id) ?? null,
      files: files.get(bike.id),
      equipment: equipment.get(bike.id) ?? [],
      now,
    }),
  );
}

async function ownerView(executor: Executor, urls: FileUrlSigner, row: BikeWithOwnership): Promise<Bike> {
  const [bike] = await ownerViews(executor, urls, [row]);
  if (!bike) throw new Error('owner view of a bike came back empty');
  return bike;
}

// --- identifiers -----------------------------------------------------------------------------------

/**
 * The 422 for identifiers that cannot be used: the frame number already registered, the plate
 * invalid, in use or another item's; both at once is one combined issue (SPEC §5, §8).
 */
function identifierIssues(
  frameNumberTaken: boolean,
  plate: plates.PlateCheck | null,
  plateId: string | null,
): FieldIssue[] {
  const plateProblem = plate && plate.status !== 'valid' ? plate.status : null;
  if (frameNumberTaken && plateProblem) return [{ loc: ['body'], type: 'frame_number_and_plate_id_invalid' }];
  const issues: FieldIssue[] = [];
  if (frameNumberTaken) issues.push({ loc: ['body', 'frame_number'], type: 'frame_number_in_use' });
  if (plateProblem) {
    issues.push({
      loc: ['body', 'plate_id'],
      type: plates.PLATE_ISSUE_TYPES[plateProblem],
      params: { plate_id: plateId ?? plate?.code ?? '' },
    });
  }
  return issues;
}

function refuse(issues: FieldIssue[]): void {
  if (issues.length > 0) throw new ValidationError(issues);
}

/** Two registrations of one frame number at once: the unique index decides, the loser gets the same 422. */
async function translatingFrameNumberRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (repository.isFrameNumberTaken(error)) {
      throw new ValidationError([{ loc: ['body', 'frame_number'], type: 'frame_number_in_use' }]);
    }
    throw error;
  }
}

function regionOf(value: string | null): Region {
  const parsed = RegionSchema.safeParse(value);
  return parsed.success ? parsed.data : 'dk';
}

// --- create ----------------------------------------------------------------------------------------

export interface RegisterBikeInput {
  ownerPartyId: string;
  /** The person who acted (a member for an organisation, or staff switched in). */
  createdByPartyId: string;
  bike: BikeCreate;
  now?: Date;
}

/**
 * Registers a bike in the caller's transaction: the bike row (identifiers stored as entered, as
 * their key and look-alike key), its first ownership, its plate, and a credit of the owner on that
 * ownership. Refuses with 403 no_subscription / no_free_credit or 422 for identifiers; the caller's
 * transaction then rolls everything back. Answers the bike id.
 */
export async function registerBike(executor: Executor, input: RegisterBikeInput): Promise<string> {
  const { bike, ownerPartyId } = input;
  const now = input.now ?? new Date();
  await webshop.assertCanAddBike(executor, ownerPartyId, now);

  const frame = bike.frame_number ? identifierKeys(bike.frame_number) : null;
  const waitingPlate = await waitingPlateFor(executor, ownerPartyId, now);
  const plateId = bike.plate_id ?? waitingPlate;
  const frameTaken = frame ? await repository.isFrameNumberKeyUsed(executor, frame.key, null) : false;
  const plateCheck = plateId ? await plates.checkPlateForBike(executor, plateId, null) : null;
  refuse(identifierIssues(frameTaken, plateCheck, plateId));

  const region = regionOf(await repository.findRegionOfParty(executor, ownerPartyId));
  const bikeId = uuidv7(now.getTime());
  await repository.insertBike(executor, {
    id: bikeId,
    ownerPartyId,
    nickname: bike.nickname,
    ...frameNumberColumns(frame),
    brand: bike.brand ?? null,
    model: bike.model ?? null,
    productionYear: bike.production_year ?? null,
    category: bike.category ?? null,
    color: bike.color ?? null,
    type: bike.type ?? null,
    isElectric: bike.is_electric ?? false,
    priceMinor: bike.price === null || bike.price === undefined ? null : bike.price * 100,
    currency: CURRENCY_BY_REGION[region],
    purchaseDate: bike.purchase_date ?? null,
    bikeDnaCode: bike.bikedna_code ?? null,
    visibility: bike.visibility ?? 'active',
    region,
    createdAt: now,
    updatedAt: now,
  });
  const ownershipId = uuidv7(now.getTime());
  await repository.insertOwnership(executor, {
    id: ownershipId,
    bikeId,
    ownerPartyId,
    how: 'registered',
    startedAt: now,
    createdByPartyId: input.createdByPartyId,
  });
  if (plateId) {
    // Checked above; the claim itself is race-safe, so a plate taken meanwhile is refused here.
    const attached = await plates.attachPlateToBike(executor, plateId, bikeId);
    if (attached && attached.status !== 'valid') refuse(identifierIssues(false, attached, plateId));
  }
  await webshop.useCreditForOwnership(executor, ownerPartyId, ownershipId, now);
  return bikeId;
}

/**
 * The sticker a person activated before subscribing goes on the first bike they register after
 * paying (SPEC §7 already_activated_plate_id). The first bike takes it either way (the web form shows
 * it filled in); it goes on when no other plate was typed and nobody put it on a bike meanwhile.
 */
async function waitingPlateFor(executor: Executor, partyId: string, now: Date): Promise<string | null> {
  const waiting = await webshop.takeWaitingPlate(executor, partyId, now);
  if (!waiting) return null;
  const check = await plates.checkPlateForBike(executor, waiting, null);
  return check.status === 'valid' ? waiting : null;
}

function frameNumberColumns(frame: IdentifierKeys | null) {
  return {
    frameNumber: frame?.display ?? null,
    frameNumberKey: frame?.key ?? null,
    frameNumberLookAlike: frame?.lookAlike ?? null,
  };
}

/** POST /api/bikes/: the acting party registers a bike; nothing is written when anything fails. */
export async function createBike(
  deps: BikesDeps,
  auth: RequestAuth,
  input: BikeCreate,
  /** The request's Idempotency-Key: the answer commits with the bike. */
  idempotency: IdempotencyClaim | null,
): Promise<Bike> {
  return translatingFrameNumberRace(() =>
    deps.db.transaction(async (tx) => {
      const bikeId = await registerBike(tx, {
        ownerPartyId: auth.partyId,
        // Staff switched into the account acted, not the person: the ownership row names them.
        createdByPartyId: auth.switchedBy ?? auth.identityPartyId,
        bike: input,
      });
      const found = await repository.findBike(tx, bikeId);
      if (!found) throw new Error('a bike just created is missing');
      return keepAnswer(tx, idempotency, await ownerView(tx, deps.fileUrls, found));
    }),
  );
}

// --- read ------------------------------------------------------------------------------------------

/** GET /api/bikes/: the acting party's bikes, newest first (one query per kind of data, never per bike). */
export async function listMyBikes(deps: BikesDeps, auth: RequestAuth): Promise<BikeSummary[]> {
  const rows = await repository.listBikesOfOwner(deps.db, auth.partyId);
  const ids = rows.map((row) => row.bike.id);
  const [files, plateIds] = await Promise.all([
    listFilesOfBikes(deps.db, deps.fileUrls, ids, 'owner'),
    plates.platesOfBikes(deps.db, ids),
  ]);
  return rows.map(({ bike, ownershipId }) =>
    presentBikeSummary(bike, ownershipId, plateIds.get(bike.id) ?? null, files.get(bike.id)),
  );
}

/** GET /api/bikes/{bike_id}/: the owner's view, for the owner and staff. */
export async function getBike(
  deps: BikesDeps,
  auth: RequestAuth,
  bikeId: string,
  /** Why staff read it (a ticket or free text); required of staff, kept in the audit event. */
  reason?: string,
): Promise<Bike> {
  const actor = actorOf(auth);
  const found = await loadBike(deps.db, bikeId, (bike) => canViewAsOwner(actor, bike));
  if (!isOwner(actor, factsOf(found.bike))) {
    // Staff reading someone's bike see private pictures and documents: only with a reason, kept
    // like any access to personal data (and shown to the owner in their access log).
    if (!reason) throw new ValidationError([{ loc: ['query', 'reason'], type: 'required' }]);
    await recordAuditEvent(deps.db, {
      action: 'bike.viewed_by_staff',
      actorPartyId: auth.identityPartyId,
      targetPartyId: found.bike.ownerPartyId,
      sessionId: auth.sessionId,
      details: { bike_id: found.bike.id, reason },
    });
  }
  return ownerView(deps.db, deps.fileUrls, found);
}

/** GET /api/bikes/{bike_id}/public: what anyone may see; 404 when the bike is private (to others). */
export async function getPublicBike(
  deps: BikesDeps,
  auth: RequestAuth | null,
  bikeId: string,
): Promise<PublicBike> {
  const actor = actorOf(auth);
  const { bike } = await loadBike(deps.db, bikeId, (facts) => canViewPublic(actor, facts));
  const files = await listFilesOfBikes(deps.db, deps.fileUrls, [bike.id], 'public');
  return presentPublicBike(bike, files.get(bike.id), isOwner(actor, factsOf(bike)));
}

// --- edit ------------------------------------------------------------------------------------------

/** PATCH /api/bikes/{bike_id}/: absent fields stay; null or '' clears; identifiers are re-checked. */
export async function updateBike(
  deps: BikesDeps,
  auth: RequestAuth,
  bikeId: string,
  input: BikeUpdate,
): Promise<Bike> {
  const actor = actorOf(auth);
  await translatingFrameNumberRace(() =>
    deps.db.transaction(async (tx) => {
      const { bike } = await loadBike(tx, bikeId, (facts) => canManage(actor, facts), true);
      const now = new Date();
      const changes: BikeChanges = { updatedAt: now };
      if (input.nickname !== undefined) changes.nickname = input.nickname;
      if (input.brand !== undefined) changes.brand = input.brand;
      if (input.model !== undefined) changes.model = input.model;
      if (input.production_year !== undefined) changes.productionYear = input.production_year;
      if (input.category !== undefined) changes.category = input.category;
      if (input.color !== undefined) changes.color = input.color;
      if (input.type !== undefined) changes.type = input.type;
      if (input.is_electric !== undefined) changes.isElectric = input.is_electric;
      if (input.price !== undefined) changes.priceMinor = input.price === null ? null : input.price * 100;
      if (input.purchase_date !== undefined) changes.purchaseDate = input.purchase_date;
      if (input.bikedna_code !== undefined) changes.bikeDnaCode = input.bikedna_code;
      if (input.visibility !== undefined) changes.visibility = input.visibility;

      let frameTaken = false;
      let frameNumberAfter = bike.frameNumber;
      if (input.frame_number !== undefined) {
        const frame = input.frame_number ? identifierKeys(input.frame_number) : null;
        if ((frame?.key ?? null) !== bike.frameNumberKey) {
          // SPEC §4: after a change of ownership the frame number cannot be changed.
          if (bike.frameNumberLockedAt) throw new AppError('frame_number_locked');
          frameTaken = frame ? await repository.isFrameNumberKeyUsed(tx, frame.key, bike.id) : false;
        }
        Object.assign(changes, frameNumberColumns(frame));
        frameNumberAfter = frame?.display ?? null;
      }

      const currentPlate = await plates.plateOfBike(tx, bike.id);
      const plateId = input.plate_id === undefined ? undefined : (input.plate_id ?? null);
      const plateCheck = plateId ? await plates.checkPlateForBike(tx, plateId, bike.id) : null;
      refuse(identifierIssues(frameTaken, plateCheck, plateId ?? null));
      const plateAfter = plateId === undefined ? currentPlate : plateId;
      if (!frameNumberAfter && !plateAfter) {
        refuse([{ loc: ['body', 'frame_number'], type: 'frame_or_plate_required' }]);
      }
      if (plateId !== undefined) {
        const attached = await plates.attachPlateToBike(tx, plateId, bike.id);
        if (attached && attached.status !== 'valid') refuse(identifierIssues(false, attached, plateId));
      }
      await repository.updateBike(tx, bike.id, changes);
    }),
  );
  const found = await repository.findBike(deps.db, bikeId);
  if (!found) throw new AppError('not_found');
  return ownerView(deps.db, deps.fileUrls, found);
}

// --- delete ----------------------------------------------------------------------------------------

/**
 * Deletes a bike in the caller's transaction: frees its plate and its equipment's plates, deletes
 * the row (equipment, file rows and ownerships go with it; its credit becomes free again) and
 * answers the storage keys of its files, to remove once the transaction has committed.
 */
async function removeBike(executor: Executor, bikeId: string): Promise<string[]> {
  const equipmentIds = await equipmentIdsOfBike(executor, bikeId);
  await plates.releasePlates(executor, bikeId, equipmentIds);
  const keys = await storageKeysOfBike(executor, bikeId);
  await repository.deleteBike(executor, bikeId);
  return keys;
}

/** A bike being deleted by its owner: locked, with what its audit line says of it. */
export interface BikeBeingDeleted {
  bikeId: string;
  ownerPartyId: string;
  hadIdentifiers: boolean;
}

/**
 * The first step of DELETE /api/bikes/{bike_id}/ (use-cases/delete-bike.ts): the caller's bike,
 * locked. A bike with a frame number or a plate needs a national identity approval for exactly this
 * bike (403 approval_required until then; SPEC §4), used up here.
 */
export async function lockBikeForDeletion(
  executor: Executor,
  auth: RequestAuth,
  bikeId: string,
): Promise<BikeBeingDeleted> {
  const actor = actorOf(auth);
  const { bike } = await loadBike(executor, bikeId, (facts) => canManage(actor, facts), true);
  const plateId = await plates.plateOfBike(executor, bike.id);
  const hadIdentifiers = bike.frameNumber !== null || plateId !== null;
  if (hadIdentifiers) {
    await consumeApproval(executor, {
      identityPartyId: auth.identityPartyId,
      action: 'delete_bike',
      objectId: bike.id,
    });
  }
  return { bikeId: bike.id, ownerPartyId: bike.ownerPartyId, hadIdentifiers };
}

/**
 * The bike's rows go (plates freed, documents, pictures, batteries and accessories deleted for
 * good) and the audit trail says who deleted it. Answers the storage keys of its files, which the
 * caller removes once the transaction has committed (`removeStoredFiles`).
 */
export async function deleteLockedBike(
  executor: Executor,
  auth: RequestAuth,
  bike: BikeBeingDeleted,
): Promise<string[]> {
  const removed = await removeBike(executor, bike.bikeId);
  await recordAuditEventBy(executor, auth, {
    action: 'bike.deleted',
    targetPartyId: bike.ownerPartyId,
    details: { bike_id: bike.bikeId, had_identifiers: bike.hadIdentifiers },
  });
  return removed;
}

/**
 * Removes the stored bytes of deleted bikes' files, after the deletion committed (bytes cannot be
 * rolled back with it). A failure is logged, not thrown: the bike is gone, so the deletion
 * succeeded, and objects left behind belong to no row and are found by their keys in the log line.
 */
export async function removeStoredFiles(
  deps: Pick<BikesDeps, 'storage'>,
  keys: readonly string[],
  log?: { error(details: object, message: string): void },
): Promise<void> {
  if (keys.length === 0) return;
  try {
    await deps.storage.delete([...keys]);
  } catch (error) {
    log?.error(
      { err: error, storageKeys: keys },
      'bike deleted, but its files could not be removed from storage',
    );
  }
}

/**
 * Account deletion (use-cases/delete-account.ts), first step: the kept answers of the person's
 * keyed writes (registrations under an Idempotency-Key hold the same bike data) are forgotten, and
 * their bikes locked. Answers the bike ids, each then deleted with `deleteBikeOfDeletedAccount`.
 */
export async function lockBikesOfAccount(executor: Executor, partyId: string): Promise<string[]> {
  await forgetIdempotencyKeys(executor, partyId);
  return repository.lockBikeIdsOfOwner(executor, partyId);
}

/**
 * One bike of an account being deleted goes as a bike deletion would (plates freed, rows gone).
 * Answers the storage keys of its files, which the caller removes once the transaction committed.
 */
export async function deleteBikeOfDeletedAccount(
  executor: Executor,
  partyId: string,
  bikeId: string,
): Promise<string[]> {
  const keys = await removeBike(executor, bikeId);
  await recordAuditEvent(executor, {
    action: 'bike.deleted',
    actorPartyId: partyId,
    targetPartyId: partyId,
    sessionId: null,
    details: { bike_id: bikeId, reason: 'account_deleted' },
  });
  return keys;
}

/**
 * Account deletion: the files the person uploaded to bikes that are someone else's now (a receipt,
 * a frame-number picture left behind at a transfer) are only theirs and go too; a bike's public
 * picture stays with the bike. Answers the storage keys, removed once the transaction committed.
 */
export async function forgetFilesUploadedBy(executor: Executor, partyId: string): Promise<string[]> {
  const removed = await repository.deleteNonPublicFilesUploadedBy(executor, partyId);
  return removed.flatMap((row) => (row.thumbnailKey ? [row.storageKey, row.thumbnailKey] : [row.storageKey]));
}

// --- identifier checks and scans -------------------------------------------------------------------

/**
 * POST /api/bikes/identifier-checks: the live check of the register and edit forms (SPEC §4 valid,
 * invalid, already used), with the soft frame-number check. bike_id names the caller's bike being
 * edited so its own identifiers count as valid; any other id answers bike 'bike_not_found'.
 */
export async function checkIdentifiers(
  deps: BikesDeps,
  auth: RequestAuth,
  input: IdentifierCheckRequest,
): Promise<IdentifierCheckResponse> {
  const actor = actorOf(auth);
  let bikeId: string | null = null;
  let bikeProblem: IdentifierCheckResponse['bike'] = null;
  if (input.bike_id) {
    const found = isUuid(input.bike_id) ? await repository.findBike(deps.db, input.bike_id) : null;
    if (found && canManage(actor, factsOf(found.bike))) bikeId = found.bike.id;
    else bikeProblem = 'bike_not_found';
  }

  let frameNumber: IdentifierCheckResponse['frame_number'] = null;
  if (input.frame_number) {
    const soft = presentFrameNumberCheck(
      checkFrameNumber({
        frameNumber: input.frame_number,
        brand: input.brand ?? null,
        productionYear: input.production_year ?? null,
        currentYear: new Date().getUTCFullYear(),
        codes: currentManufacturerCodes(),
      }),
    );
    const problem = identifierShapeProblem(input.frame_number);
    const used =
      !problem &&
      (await repository.isFrameNumberKeyUsed(deps.db, identifierKeys(input.frame_number).key, bikeId));
    frameNumber = { ...soft, status: problem ? 'invalid' : used ? 'already_used' : 'valid', problem };
  }

  let plate: IdentifierCheckResponse['plate_id'] = null;
  if (input.plate_id) {
    const check = await plates.checkPlateForBike(deps.db, input.plate_id, bikeId);
    plate = { status: check.status, problem: check.problem };
  }
  return { frame_number: frameNumber, plate_id: plate, bike: bikeProblem };
}

/**
 * GET /api/stickers/{sticker_id}: what a scanned sticker leads to. The bike is named only when the
 * caller may see its public page (never a private bike to others; the sticker still says registered).
 */
export async function lookupSticker(
  deps: Pick<BikesDeps, 'db'>,
  auth: RequestAuth | null,
  stickerId: string,
): Promise<StickerLookup> {
  const actor = actorOf(auth);
  const found = await plates.lookupSticker(deps.db, stickerId, async (bikeId) => {
    const bike = await repository.findBike(deps.db, bikeId);
    if (!bike || !canViewPublic(actor, factsOf(bike.bike))) return null;
    return { bikeId: bike.bike.id, status: bike.bike.status === 'stolen' ? 'stolen' : 'registered' };
  });
  if (!found) throw new AppError('not_found');
  return found;
}

/**
 * GET /api/backoffice/frame-number-collisions (staff, checked by the route's access): the frame
 * numbers several bikes share once look-alike letters are folded, for support to sort out.
 */
export async function listFrameNumberCollisions(deps: Pick<BikesDeps, 'db'>): Promise<FrameNumberCollisions> {
  return presentFrameNumberCollisions(await repository.findFrameNumberCopies(deps.db));
}
