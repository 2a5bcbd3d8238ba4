import type {
  Bike,
  BikeCreate,
  BikeSummary,
  BikeUpdate,
  BikeVisibility,
  IdentifierCheckRequest,
  IdentifierCheckResponse,
  PublicBike,
} from '@nbr/domain/bikes';
import { checkFrameNumber } from '@nbr/domain/frame-number';
import { type IdentifierKeys, identifierKeys, identifierShapeProblem } from '@nbr/domain/identifiers';
import { CURRENCY_BY_REGION, type Region, RegionSchema } from '@nbr/domain/locale';
import type { OwnershipBike } from '@nbr/domain/ownership';
import type { StickerLookup } from '@nbr/domain/plates';
import type { Executor } from '../../db/client.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, type FieldIssue, ValidationError } from '../../platform/errors.ts';
import { forgetIdempotencyKeys } from '../../platform/http/idempotency.ts';
import { uuidv7 } from '../../platform/ids.ts';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';
import { consumeApproval } from '../identity/verification.service.ts';
import { closeOwnershipMattersOfBike } from '../ownership/ownership.service.ts';
import * as plates from '../plates/plates.service.ts';
import * as webshop from '../webshop/webshop.service.ts';
import { equipmentIdsOfBike, listEquipmentOfBikes } from './bike-equipment.service.ts';
import { presentDocument, presentPicture } from './bike-files.presenter.ts';
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
  presentOwnershipBike,
  presentPublicBike,
} from './bikes.presenter.ts';
import type { BikeChanges, BikeRow, BikeWithOwnership } from './bikes.repository.ts';
import * as repository from './bikes.repository.ts';

/*
 * Registering, reading, editing and deleting bikes. "Mine" is always the acting party (the token's
 * party_id: the person, or the organisation a member acts for). A bike another party owns answers
 * exactly like one that does not exist (404), so ids reveal nothing.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function actorOf(auth: RequestAuth | null): BikeActor {
  return { partyId: auth?.partyId ?? null, staffRole: auth?.staffRole ?? null };
}

function factsOf(row: BikeRow): BikeFacts {
  return {
    ownerPartyId: row.ownerPartyId,
    visibility: row.visibility as BikeVisibility,
    status: row.status as BikeFacts['status'],
  };
}

/** The bike when the rule lets the caller at it; otherwise (or for a malformed/unknown id) 404. */
async function loadBike(
  executor: Executor,
  bikeId: string,
  allowed: (bike: BikeFacts) => boolean,
  lock = false,
): Promise<BikeWithOwnership> {
  if (!UUID.test(bikeId)) throw new AppError('not_found');
  const found = await repository.findBike(executor, bikeId, lock);
  if (!found || !allowed(factsOf(found.bike))) throw new AppError('not_found');
  return found;
}

/** Who did it, for the audit trail: the person, and the staff member when one was switched in. */
function auditActor(auth: RequestAuth) {
  return {
    actorPartyId: auth.identityPartyId,
    sessionId: auth.sessionId,
    switched: auth.switchedBy ? { switched_by: auth.switchedBy } : {},
  };
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

const PLATE_ISSUE_TYPES = {
  invalid: 'plate_id_invalid',
  already_used: 'plate_id_in_use',
  other_equipment: 'plate_id_other_equipment',
} as const;

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
      type: PLATE_ISSUE_TYPES[plateProblem],
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
  const plateId = bike.plate_id ?? null;
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

function frameNumberColumns(frame: IdentifierKeys | null) {
  return {
    frameNumber: frame?.display ?? null,
    frameNumberKey: frame?.key ?? null,
    frameNumberLookAlike: frame?.lookAlike ?? null,
  };
}

/** POST /api/bikes/: the acting party registers a bike; nothing is written when anything fails. */
export async function createBike(deps: BikesDeps, auth: RequestAuth, input: BikeCreate): Promise<Bike> {
  const bikeId = await translatingFrameNumberRace(() =>
    deps.db.transaction((tx) =>
      registerBike(tx, {
        ownerPartyId: auth.partyId,
        // Staff switched into the account acted, not the person: the ownership row names them.
        createdByPartyId: auth.switchedBy ?? auth.identityPartyId,
        bike: input,
      }),
    ),
  );
  const found = await repository.findBike(deps.db, bikeId);
  if (!found) throw new Error('a bike just created is missing');
  return ownerView(deps.db, deps.fileUrls, found);
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
export async function getBike(deps: BikesDeps, auth: RequestAuth, bikeId: string): Promise<Bike> {
  const actor = actorOf(auth);
  const found = await loadBike(deps.db, bikeId, (bike) => canViewAsOwner(actor, bike));
  if (!isOwner(actor, factsOf(found.bike))) {
    // Staff reading someone's bike see private pictures and documents: kept like any access to
    // personal data.
    const audit = auditActor(auth);
    await recordAuditEvent(deps.db, {
      action: 'bike.viewed_by_staff',
      actorPartyId: audit.actorPartyId,
      targetPartyId: found.bike.ownerPartyId,
      sessionId: audit.sessionId,
      details: { bike_id: found.bike.id },
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

/**
 * The current owner of a bike the caller may see in public (chats: contacting its owner); 404 for a
 * malformed, unknown or private bike, exactly like GET /api/bikes/{bike_id}/public.
 */
export async function ownerOfPublicBike(
  executor: Executor,
  /** Null for a visitor (contacting the owner of a stolen bike). */
  auth: RequestAuth | null,
  bikeId: string,
  /** Lock the bike row (FOR UPDATE), so the owner cannot change before the caller commits. */
  lock = false,
): Promise<{ ownerPartyId: string; isOwn: boolean; isStolen: boolean }> {
  const actor = actorOf(auth);
  const { bike } = await loadBike(executor, bikeId, (facts) => canViewPublic(actor, facts), lock);
  return {
    ownerPartyId: bike.ownerPartyId,
    isOwn: isOwner(actor, factsOf(bike)),
    isStolen: bike.status === 'stolen',
  };
}

/**
 * The bikes of transfers, requests and chats as their other side may see them (presentOwnershipBike),
 * by id; deleted bikes are absent. No access check: callers have checked the caller takes part.
 * `audience` is what the caller's part entitles the viewer to (the details of a transfer only while
 * an offer to or from them is open); the bike's current owner always sees the details of their own
 * bike, and nobody else keeps them once the bike has moved on.
 */
export async function describeBikesForOwnership(
  executor: Executor,
  urls: FileUrlSigner,
  bikeIds: readonly string[],
  audience: 'transfer' | 'stranger' | ReadonlyMap<string, 'transfer' | 'stranger'>,
  viewerPartyId: string | null = null,
): Promise<Map<string, OwnershipBike>> {
  const ids = [...new Set(bikeIds)];
  if (ids.length === 0) return new Map();
  const rows = await repository.findBikesByIds(executor, ids);
  const [files, plateIds] = await Promise.all([
    listFilesOfBikes(executor, urls, ids, 'public'),
    plates.platesOfBikes(executor, ids),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      presentOwnershipBike(
        row,
        plateIds.get(row.id) ?? null,
        files.get(row.id),
        row.ownerPartyId === viewerPartyId
          ? 'transfer'
          : typeof audience === 'string'
            ? audience
            : (audience.get(row.id) ?? 'stranger'),
      ),
    ]),
  );
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

/**
 * DELETE /api/bikes/{bike_id}/: a bike with a frame number or a plate needs a national identity
 * approval for exactly this bike (403 approval_required until then; SPEC §4). Its documents,
 * pictures, batteries and accessories are deleted for good.
 */
export async function deleteBike(
  deps: BikesDeps,
  auth: RequestAuth,
  bikeId: string,
  log?: { error(details: object, message: string): void },
): Promise<void> {
  const actor = actorOf(auth);
  const keys = await deps.db.transaction(async (tx) => {
    const { bike } = await loadBike(tx, bikeId, (facts) => canManage(actor, facts), true);
    const plateId = await plates.plateOfBike(tx, bike.id);
    if (bike.frameNumber !== null || plateId !== null) {
      await consumeApproval(tx, {
        identityPartyId: auth.identityPartyId,
        action: 'delete_bike',
        objectId: bike.id,
      });
    }
    // Pending offers are cancelled and open requests closed, with a word in their chats.
    await closeOwnershipMattersOfBike(tx, bike.id);
    const removed = await removeBike(tx, bike.id);
    const audit = auditActor(auth);
    await recordAuditEvent(tx, {
      action: 'bike.deleted',
      actorPartyId: audit.actorPartyId,
      targetPartyId: bike.ownerPartyId,
      sessionId: audit.sessionId,
      details: {
        bike_id: bike.id,
        had_identifiers: bike.frameNumber !== null || plateId !== null,
        ...audit.switched,
      },
    });
    return removed;
  });
  if (keys.length === 0) return;
  try {
    await deps.storage.delete(keys);
  } catch (error) {
    // The bike is gone (committed): the deletion succeeded, so the answer says so. Objects left
    // behind belong to no row and are found by their keys in this log line.
    log?.error(
      { err: error, storageKeys: keys },
      'bike deleted, but its files could not be removed from storage',
    );
  }
}

/**
 * Account deletion (identity service): every bike the person owns is deleted in the deletion's
 * transaction, as a bike deletion would (plates freed, rows gone), and the kept answers of their
 * keyed writes are forgotten. Answers the storage keys of their files, which the caller removes
 * once the transaction has committed.
 */
export async function deleteBikesOfAccount(executor: Executor, partyId: string): Promise<string[]> {
  // The kept answers of the person's registrations (Idempotency-Key) hold the same bike data.
  await forgetIdempotencyKeys(executor, partyId);
  const keys: string[] = [];
  for (const bikeId of await repository.lockBikeIdsOfOwner(executor, partyId)) {
    await closeOwnershipMattersOfBike(executor, bikeId);
    keys.push(...(await removeBike(executor, bikeId)));
    await recordAuditEvent(executor, {
      action: 'bike.deleted',
      actorPartyId: partyId,
      targetPartyId: partyId,
      sessionId: null,
      details: { bike_id: bikeId, reason: 'account_deleted' },
    });
  }
  return keys;
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
    const found = UUID.test(input.bike_id) ? await repository.findBike(deps.db, input.bike_id) : null;
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

// --- ownership moves (transfers, requests and verification reach bikes here) ----------------------

/** What the ownership module needs to know of a bike. */
export interface BikeForOwnership {
  bikeId: string;
  ownerPartyId: string;
  /** The open ownership (null only if the history were broken). */
  ownershipId: string | null;
  nickname: string;
  frameNumber: string | null;
  frameNumberKey: string | null;
  plateId: string | null;
  status: string;
  visibility: string;
}

async function forOwnership(executor: Executor, found: BikeWithOwnership): Promise<BikeForOwnership> {
  return {
    bikeId: found.bike.id,
    ownerPartyId: found.bike.ownerPartyId,
    ownershipId: found.ownershipId,
    nickname: found.bike.nickname,
    frameNumber: found.bike.frameNumber,
    frameNumberKey: found.bike.frameNumberKey,
    plateId: await plates.plateOfBike(executor, found.bike.id),
    status: found.bike.status,
    visibility: found.bike.visibility,
  };
}

/**
 * The caller's own bike (the acting party owns it), for giving it away or verifying it; `lock`
 * holds the row FOR UPDATE for the rest of the transaction. Anyone else's bike answers 404.
 */
export async function requireOwnBikeForOwnership(
  executor: Executor,
  auth: RequestAuth,
  bikeId: string,
  lock = false,
): Promise<BikeForOwnership> {
  const actor = actorOf(auth);
  const found = await loadBike(executor, bikeId, (facts) => canManage(actor, facts), lock);
  return forOwnership(executor, found);
}

/** Any bike by id (no access check: the caller decided the reader takes part); `lock` FOR UPDATE. */
export async function findBikeForOwnership(
  executor: Executor,
  bikeId: string,
  lock = false,
): Promise<BikeForOwnership | null> {
  if (!UUID.test(bikeId)) return null;
  const found = await repository.findBike(executor, bikeId, lock);
  return found ? forOwnership(executor, found) : null;
}

/**
 * An accepted transfer moves the bike, in the transfer's transaction (the bike row locked by the
 * caller): the old ownership ends, the new owner's starts (how 'transferred'), the frame number is
 * locked from now on (SPEC §4) and the owner verification starts over. Equipment, documents and the
 * other pictures follow the bike; the old owner's private pictures do not: their rows go here, and
 * the storage keys are answered for the caller to remove after commit. The old owner's credit
 * becomes free again (the credit follows the person, see webshop.releaseCreditOfOwnership).
 */
export async function moveBikeToNewOwner(
  executor: Executor,
  input: {
    bikeId: string;
    fromOwnershipId: string;
    toPartyId: string;
    createdByPartyId: string;
    now: Date;
  },
): Promise<{ ownershipId: string; storageKeys: string[] }> {
  const { now } = input;
  if (!(await repository.endOwnership(executor, input.fromOwnershipId, now))) {
    throw new Error('the ownership a transfer gives away is not open');
  }
  const ownershipId = uuidv7(now.getTime());
  await repository.insertOwnership(executor, {
    id: ownershipId,
    bikeId: input.bikeId,
    ownerPartyId: input.toPartyId,
    how: 'transferred',
    startedAt: now,
    createdByPartyId: input.createdByPartyId,
  });
  await repository.setOwnerAfterTransfer(executor, input.bikeId, input.toPartyId, now);
  const removed = await repository.deletePrivatePictures(executor, input.bikeId);
  await webshop.releaseCreditOfOwnership(executor, input.fromOwnershipId, now);
  return {
    ownershipId,
    storageKeys: removed.flatMap((row) =>
      row.thumbnailKey ? [row.storageKey, row.thumbnailKey] : [row.storageKey],
    ),
  };
}

/** Staff approved the owner's proof: the bike is owner-verified, if that ownership is still the current one. */
export async function markOwnerVerified(
  executor: Executor,
  bikeId: string,
  ownershipId: string,
  at: Date,
): Promise<boolean> {
  const found = await repository.findBike(executor, bikeId, true);
  if (!found || found.ownershipId !== ownershipId) return false;
  await repository.updateBike(executor, bikeId, { ownerVerifiedAt: at, updatedAt: at });
  return true;
}

/** A picture or document of this bike by id (class and kind), for proofs; null when not this bike's. */
export async function findFileOfBikeForOwnership(
  executor: Executor,
  bikeId: string,
  fileId: string,
): Promise<{ fileId: string; fileClass: string; kind: string } | null> {
  if (!UUID.test(fileId)) return null;
  const row = await repository.findFileOfBike(executor, bikeId, fileId);
  return row ? { fileId: row.id, fileClass: row.fileClass, kind: row.kind } : null;
}

/** Signed addresses of files by id (staff reviewing a verification); absent ids are left out. */
export async function signedFileUrls(
  executor: Executor,
  urls: FileUrlSigner,
  fileIds: readonly string[],
): Promise<Map<string, { url: string; thumbnailUrl: string | null; fileClass: string }>> {
  const ids = [...new Set(fileIds)];
  const rows = await repository.findFilesByIds(executor, ids);
  return new Map(
    rows.map((row) => {
      const presented = row.fileClass === 'picture' ? presentPicture(row, urls) : presentDocument(row, urls);
      return [
        row.id,
        { url: presented.url, thumbnailUrl: presented.thumbnail_url, fileClass: row.fileClass },
      ];
    }),
  );
}

// --- theft reports (the theft module reaches bikes here) -------------------------------------------

/** What a theft report needs to know of the bike it is about. */
export interface BikeForTheft {
  bikeId: string;
  ownerPartyId: string;
  nickname: string;
  frameNumber: string | null;
  plateId: string | null;
  brand: string | null;
  model: string | null;
  category: string | null;
  color: string | null;
  isElectric: boolean;
  /** In whole kroner (the register keeps minor units). */
  price: number | null;
  currency: string;
  region: string;
  status: string;
}

/**
 * The caller's own bike (the acting party owns it) for a theft report or a found report; `lock`
 * holds the row FOR UPDATE for the rest of the transaction. Anyone else's bike answers 404.
 */
export async function requireOwnBikeForTheft(
  executor: Executor,
  auth: RequestAuth,
  bikeId: string,
  lock = false,
): Promise<BikeForTheft> {
  const actor = actorOf(auth);
  const { bike } = await loadBike(executor, bikeId, (facts) => canManage(actor, facts), lock);
  return {
    bikeId: bike.id,
    ownerPartyId: bike.ownerPartyId,
    nickname: bike.nickname,
    frameNumber: bike.frameNumber,
    plateId: await plates.plateOfBike(executor, bike.id),
    brand: bike.brand,
    model: bike.model,
    category: bike.category,
    color: bike.color,
    isElectric: bike.isElectric,
    price: bike.priceMinor === null ? null : Math.round(bike.priceMinor / 100),
    currency: bike.currency,
    region: bike.region,
    status: bike.status,
  };
}

/** A theft report was submitted (stolen) or the bike was found (registered); in the caller's transaction. */
export async function setBikeTheftStatus(
  executor: Executor,
  bikeId: string,
  status: 'stolen' | 'registered',
  now: Date,
): Promise<void> {
  await repository.updateBike(executor, bikeId, { status, updatedAt: now });
}
