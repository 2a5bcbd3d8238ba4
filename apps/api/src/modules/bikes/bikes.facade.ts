import { identifierKeys, identifierShapeProblem } from '@nbr/domain/identifiers';
import type { OwnershipBike } from '@nbr/domain/ownership';
import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';
import * as plates from '../plates/plates.facade.ts';
import * as webshop from '../webshop/webshop.facade.ts';
import { presentDocument, presentPicture } from './bike-files.presenter.ts';
import { listFilesOfBikes } from './bike-files.service.ts';
import { canManage, canViewPublic, isOwner } from './bikes.policy.ts';
import { presentOwnershipBike } from './bikes.presenter.ts';
import type { BikeWithOwnership } from './bikes.repository.ts';
import * as repository from './bikes.repository.ts';
import { actorOf, factsOf, loadBike } from './bikes.service.ts';

/*
 * What other modules may use of bikes: a bike as chats, ownership and theft need it, its public
 * files, and the steps of deleting bikes that use cases compose with other modules
 * (use-cases/delete-bike.ts, delete-account.ts). Everything here runs in the caller's executor.
 */

export { listFilesOfBikes } from './bike-files.service.ts';
export { insertBikesFrom, insertOwnershipsFrom, moveBikesOfParty } from './bike-import.repository.ts';
export type { BikesDeps } from './bikes.deps.ts';
export { publicLevel } from './bikes.policy.ts';
export {
  type BikeBeingDeleted,
  deleteBikeOfDeletedAccount,
  deleteLockedBike,
  forgetFilesUploadedBy,
  lockBikeForDeletion,
  lockBikesOfAccount,
  removeStoredFiles,
} from './bikes.service.ts';

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
 * The current owner of any registered bike, whatever its visibility (organisations at work, issue
 * 17 §3: the police or a municipality holds it, after their own access check); 404 for a malformed
 * or unknown id. `lock` holds the bike row FOR UPDATE.
 */
export async function ownerOfBike(
  executor: Executor,
  bikeId: string,
  lock = false,
): Promise<{ bikeId: string; ownerPartyId: string; isStolen: boolean }> {
  const { bike } = await loadBike(executor, bikeId, () => true, lock);
  return { bikeId: bike.id, ownerPartyId: bike.ownerPartyId, isStolen: bike.status === 'stolen' };
}

/**
 * The registered bike a frame number or plate (as typed) belongs to, exactly (after normalising, no
 * look-alikes): the frame number first, then a plate on a bike. Null when none has it.
 */
export async function findBikeIdByIdentifier(executor: Executor, typed: string): Promise<string | null> {
  if (identifierShapeProblem(typed)) return null;
  const { key } = identifierKeys(typed);
  const byFrame = await repository.findBikeIdByFrameNumberKey(executor, key);
  if (byFrame) return byFrame;
  const sticker = await plates.lookupSticker(executor, key, async (id) => ({
    bikeId: id,
    status: 'registered',
  }));
  return sticker?.bike_id ?? null;
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

/**
 * The caller's own bike as a dock's lock command needs it (one read: no plate, no ownership's
 * details); `lock` holds the row FOR UPDATE. Anyone else's bike answers 404, as above.
 */
export async function requireOwnBike(
  executor: Executor,
  auth: RequestAuth,
  bikeId: string,
  lock = false,
): Promise<{ bikeId: string; nickname: string }> {
  const { bike } = await loadBike(executor, bikeId, (facts) => canManage(actorOf(auth), facts), lock);
  return { bikeId: bike.id, nickname: bike.nickname };
}

/** Any bike by id (no access check: the caller decided the reader takes part); `lock` FOR UPDATE. */
export async function findBikeForOwnership(
  executor: Executor,
  bikeId: string,
  lock = false,
): Promise<BikeForOwnership | null> {
  if (!isUuid(bikeId)) return null;
  const found = await repository.findBike(executor, bikeId, lock);
  return found ? forOwnership(executor, found) : null;
}

/**
 * An accepted transfer moves the bike, in the transfer's transaction (the bike row locked by the
 * caller): the old ownership ends, the new owner's starts (how 'transferred'), the frame number is
 * locked from now on (SPEC §4) and the owner verification starts over. Equipment and the public
 * picture follow the bike; the old owner's other files stay theirs (the new owner never sees them,
 * bike-files.repository.isOwnersFile), and their pictures of kind private go: their rows go here,
 * and the storage keys are answered for the caller to remove after commit. The old owner's credit
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

/**
 * A picture or document of this bike by id (class and kind), for proofs; null when not this bike's
 * or not uploaded by this party (a proof is the owner's own file, never an earlier owner's).
 */
export async function findFileOfBikeForOwnership(
  executor: Executor,
  bikeId: string,
  uploadedByPartyId: string,
  fileId: string,
): Promise<{ fileId: string; fileClass: string; kind: string } | null> {
  if (!isUuid(fileId)) return null;
  const row = await repository.findFileOfBikeUploadedBy(executor, bikeId, uploadedByPartyId, fileId);
  return row ? { fileId: row.id, fileClass: row.fileClass, kind: row.kind } : null;
}

/** Signed addresses of files by id (staff reviewing a verification); absent ids are left out. */
export async function signedFileUrls(
  executor: Executor,
  urls: FileUrlSigner,
  fileIds: readonly string[],
): Promise<
  Map<string, { url: string; thumbnailUrl: string | null; fileClass: string; uploadedByPartyId: string }>
> {
  const ids = [...new Set(fileIds)];
  const rows = await repository.findFilesByIds(executor, ids);
  return new Map(
    rows.map((row) => {
      const presented = row.fileClass === 'picture' ? presentPicture(row, urls) : presentDocument(row, urls);
      return [
        row.id,
        {
          url: presented.url,
          thumbnailUrl: presented.thumbnail_url,
          fileClass: row.fileClass,
          uploadedByPartyId: row.uploadedByPartyId,
        },
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
export { bikesPersonalData } from './personal-data.repository.ts';

// --- resale certificates (issue 32 §4: the certificates module reaches bikes here) ------------------

/** What a resale certificate states of a bike, and what tells whether one is still current. */
export interface BikeForCertificate {
  bikeId: string;
  ownerPartyId: string;
  /** The open ownership: another one than a certificate's means the bike changed hands since. */
  ownershipId: string | null;
  status: string;
  visibility: string;
  brand: string | null;
  model: string | null;
  color: string | null;
  category: string | null;
  isElectric: boolean;
  frameNumber: string | null;
  /** When its first ownership started (the bike's registration). */
  registeredSince: Date;
  /** How many parties have owned it, the current owner included. */
  owners: number;
}

async function forCertificate(executor: Executor, found: BikeWithOwnership): Promise<BikeForCertificate> {
  const { bike } = found;
  const history = await repository.ownershipHistoryOfBike(executor, bike.id);
  return {
    bikeId: bike.id,
    ownerPartyId: bike.ownerPartyId,
    ownershipId: found.ownershipId,
    status: bike.status,
    visibility: bike.visibility,
    brand: bike.brand,
    model: bike.model,
    color: bike.color,
    category: bike.category,
    isElectric: bike.isElectric,
    frameNumber: bike.frameNumber,
    registeredSince: history.firstStartedAt ?? bike.createdAt,
    owners: Math.max(history.owners, 1),
  };
}

/** The caller's own bike (the acting party owns it) for a certificate; anyone else's answers 404. */
export async function requireOwnBikeForCertificate(
  executor: Executor,
  auth: RequestAuth,
  bikeId: string,
  lock = false,
): Promise<BikeForCertificate> {
  const actor = actorOf(auth);
  return forCertificate(executor, await loadBike(executor, bikeId, (facts) => canManage(actor, facts), lock));
}

/** Any bike by id for checking a certificate (no access check: a certificate states only public facts). */
export async function findBikeForCertificate(
  executor: Executor,
  bikeId: string,
): Promise<BikeForCertificate | null> {
  if (!isUuid(bikeId)) return null;
  const found = await repository.findBike(executor, bikeId);
  return found ? forCertificate(executor, found) : null;
}
