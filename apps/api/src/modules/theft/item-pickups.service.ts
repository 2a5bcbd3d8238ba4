import {
  canHoldBikesForOwners,
  canRegisterPickup,
  canReleaseHeldBike,
  type HeldBikeCreate,
  PICKUP_SYSTEM_EVENTS,
  type Pickup,
  type PickupCreate,
  type PickupList,
  type PickupStatus,
} from '@nbr/domain/finds';
import { identifierKeys, identifierShapeProblem } from '@nbr/domain/identifiers';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { type IdempotencyClaim, keepAnswer } from '../../platform/http/idempotency.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { StoredFile } from '../../platform/storage/file-storage.ts';
import { acceptUploadedPicture } from '../../platform/storage/images.ts';
import {
  describeBikesForOwnership,
  findBikeIdByIdentifier,
  ownerOfBike,
  ownerOfPublicBike,
} from '../bikes/bikes.facade.ts';
import { announceQuietly, openBikeChat, type PostedMessage, postMessage } from '../chats/chats.facade.ts';
import {
  findActingOrganisation,
  findOrganisationsByIds,
  findPersonById,
  partyNames,
} from '../identity/identity.facade.ts';
import {
  describeBikeForOwner,
  pickupCancelledMail,
  pickupRegisteredMail,
  pickupReleasedMail,
} from './item-pickups.mails.ts';
import { type HolderView, pickupPhotoPath, presentPickup } from './item-pickups.presenter.ts';
import * as repository from './item-pickups.repository.ts';
import type { TheftDeps } from './theft.deps.ts';
import * as reports from './theft-reports.repository.ts';

/*
 * Bikes held for their owner (SPEC §2 /app/item-pickup): a finder with a verified national identity,
 * or an organisation (a member acting for it; a verified one, unless the registry checked the
 * organisation: canRegisterPickup in @nbr/domain/finds), registers where and until when the owner can collect
 * a bike. It is told in the chat between holder and owner (the same chat as a contact about the
 * bike) and mailed to the owner. "Me" is the acting party; a pickup of others answers 404.
 */

function requirePickupId(value: string): string {
  if (!isUuid(value)) throw new AppError('not_found');
  return value.toLowerCase();
}

/** Holders as an owner sees them: organisations by name, people by first name only. */
async function holderViews(
  executor: Executor,
  partyIds: readonly string[],
): Promise<Map<string, HolderView>> {
  const ids = [...new Set(partyIds)];
  const views = new Map<string, HolderView>();
  const [names, organisations] = await Promise.all([
    partyNames(executor, ids),
    findOrganisationsByIds(executor, ids),
  ]);
  for (const id of ids) {
    const person = await findPersonById(executor, id);
    views.set(
      id,
      person
        ? { kind: 'person', name: person.firstName?.trim() || null, organisationType: null }
        : {
            kind: 'organisation',
            name: names.get(id) ?? null,
            organisationType: organisations.get(id)?.type ?? null,
          },
    );
  }
  return views;
}

async function present(
  deps: TheftDeps,
  viewerPartyId: string,
  rows: repository.PickupRow[],
  /** A transaction that has the rows (the one that made them), else the database. */
  executor: Executor = deps.db,
): Promise<Pickup[]> {
  if (rows.length === 0) return [];
  const [holders, bikes] = await Promise.all([
    holderViews(
      executor,
      rows.map((row) => row.holderPartyId),
    ),
    describeBikesForOwnership(
      executor,
      deps.fileUrls,
      rows.flatMap((row) => (row.bikeId ? [row.bikeId] : [])),
      'stranger',
      viewerPartyId,
    ),
  ]);
  const signPhoto = (pickupId: string) => deps.fileUrls.sign(pickupPhotoPath(pickupId));
  return rows.map((row) => presentPickup(row, { viewerPartyId, holders, bikes, signPhoto }));
}

async function presentOne(
  deps: TheftDeps,
  viewerPartyId: string,
  row: repository.PickupRow,
  executor: Executor = deps.db,
): Promise<Pickup> {
  const [pickup] = await present(deps, viewerPartyId, [row], executor);
  if (!pickup) throw new Error('a pickup came back empty');
  return pickup;
}

/** The owner's name for the bike in a mail (their own view: nickname, brand and model). */
async function bikeForOwnerMail(deps: TheftDeps, executor: Executor, bikeId: string, ownerPartyId: string) {
  const bikes = await describeBikesForOwnership(executor, deps.fileUrls, [bikeId], 'stranger', ownerPartyId);
  const bike = bikes.get(bikeId);
  return bike ? describeBikeForOwner(bike) : '';
}

/** POST /api/bikes/{bike_id}/pickups. */
export async function createPickup(
  deps: TheftDeps,
  auth: RequestAuth,
  bikeId: string,
  input: PickupCreate,
  /** The request's Idempotency-Key: the answer commits with the pickup. */
  idempotency: IdempotencyClaim | null,
  log?: FastifyBaseLogger,
): Promise<Pickup> {
  // A member acting for an organisation holds it for the organisation; the owner is sent to collect
  // their bike, so the sender must be someone they can trust (canRegisterPickup, @nbr/domain/finds): a person who
  // has shown who they are with MitID/BankID, or an organisation the registry checked. A club anyone
  // can found vouches for nobody, so its members need the same check as a person finder.
  const isOrganisation = auth.partyId !== auth.identityPartyId;
  const organisation = isOrganisation ? await findActingOrganisation(deps.db, auth) : null;
  if (
    !canRegisterPickup({ isVerified: auth.verifiedOn !== null, organisationType: organisation?.type ?? null })
  ) {
    throw new AppError('identity_verification_required');
  }
  // The police and municipalities take in bikes nobody else may see (private ones): they reach
  // every registered bike, as in their search; everyone else only a bike they may see in public.
  const holdsForOwners = canHoldBikesForOwners(organisation?.type ?? null);
  return registerPickup(deps, auth, input, idempotency, log, {
    source: 'reported_found',
    isOrganisation,
    holdsForOwners,
    loadBike: async (tx) =>
      holdsForOwners
        ? ownerOfBike(tx, bikeId, true)
        : { bikeId, ...(await ownerOfPublicBike(tx, auth, bikeId, true)) },
  });
}

/**
 * POST /api/item-pickups (issue 17 §3): the police or a municipality takes in a found or abandoned
 * bike by its frame number or plate. A registered bike's owner is told as for any pickup (mail and
 * chat); a stolen bike's open theft report is linked and the owner told it was found. A bike the
 * register does not know (no registered bike has the identifier, or it shows none) is held without
 * an owner when the holder describes it (issue 32 §2): no chat and no mail then, but it is matched
 * against the open theft reports like any found bike, and a strong match tells that report's owner.
 */
export async function createHeldBike(
  deps: TheftDeps,
  auth: RequestAuth,
  input: HeldBikeCreate,
  /** The request's Idempotency-Key: the answer commits with the pickup. */
  idempotency: IdempotencyClaim | null,
  log?: FastifyBaseLogger,
): Promise<Pickup> {
  const organisation = await findActingOrganisation(deps.db, auth);
  if (!organisation || !canHoldBikesForOwners(organisation.type)) throw new AppError('forbidden');
  const { identifier, unregistered, location, ...pickup } = input;
  const typed = identifier?.trim() ? identifier.trim() : null;
  // A typed identifier kept for the matching must be one a stamp or sticker can show.
  const problem = typed && unregistered ? identifierShapeProblem(typed) : null;
  if (problem) throw new ValidationError([{ loc: ['body', 'identifier'], type: problem }]);
  return registerPickup(deps, auth, pickup, idempotency, log, {
    source: 'taken_in',
    location: location ?? null,
    isOrganisation: true,
    holdsForOwners: true,
    loadBike: async (tx) => {
      const bikeId = typed ? await findBikeIdByIdentifier(tx, typed) : null;
      if (bikeId) return ownerOfBike(tx, bikeId, true);
      if (!unregistered) throw new AppError('bike_not_registered');
      return null;
    },
    unregistered: unregistered
      ? {
          foundIdentifier: typed ? identifierKeys(typed).display : null,
          foundBrand: unregistered.brand,
          foundModel: unregistered.model ? unregistered.model : null,
          foundColor: unregistered.color,
          foundCategory: unregistered.category,
          foundIsElectric: unregistered.is_electric ?? false,
        }
      : null,
  });
}

/**
 * A bike the police or a municipality takes in named by its id rather than by what is on it: a
 * dock's operator hands over a bike left in one of its locks (issue 28; matched as left in a dock). `alsoInTransaction` is the
 * caller's own step (marking its parking handed over), run in the pickup's transaction so both
 * commit or neither; the answer kept for the Idempotency-Key is the pickup.
 */
export async function createHeldBikeById(
  deps: TheftDeps,
  auth: RequestAuth,
  bikeId: string,
  input: PickupCreate,
  idempotency: IdempotencyClaim | null,
  log: FastifyBaseLogger | undefined,
  alsoInTransaction: (tx: Executor, pickup: { id: string; bikeId: string }) => Promise<void>,
  /** Where the bike was left (the dock's place), for the found-bike matching (issue 32 §2). */
  location: { latitude: number; longitude: number } | null = null,
): Promise<Pickup> {
  const organisation = await findActingOrganisation(deps.db, auth);
  if (!organisation || !canHoldBikesForOwners(organisation.type)) throw new AppError('forbidden');
  return registerPickup(deps, auth, input, idempotency, log, {
    source: 'left_in_dock',
    location,
    isOrganisation: true,
    holdsForOwners: true,
    loadBike: (tx) => ownerOfBike(tx, bikeId, true),
    alsoInTransaction,
  });
}

/** What every new pickup holds: the holder (the acting party), where, until when, the note. */
function pickupValues(auth: RequestAuth, input: PickupCreate, now: Date) {
  return {
    id: uuidv7(now.getTime()),
    holderPartyId: auth.partyId,
    createdByPartyId: auth.identityPartyId,
    status: 'waiting',
    place: input.place,
    collectUntil: input.collect_until,
    note: input.note ? input.note : null,
    foundOn: input.found_on ?? null,
  };
}

/** The steps every pickup shares: one waiting per bike, the chat, the owner's mail, the audit. */
async function registerPickup(
  deps: TheftDeps,
  auth: RequestAuth,
  input: PickupCreate,
  idempotency: IdempotencyClaim | null,
  log: FastifyBaseLogger | undefined,
  options: {
    /** Which of the found-bike events it is, for the "possibly yours" matching (issue 32 §2). */
    source: 'reported_found' | 'taken_in' | 'left_in_dock';
    /** Where it was found, when a place is known. */
    location?: { latitude: number; longitude: number } | null;
    isOrganisation: boolean;
    holdsForOwners: boolean;
    /** The registered bike; null for a bike the register does not know (then `unregistered` says what it is). */
    loadBike: (tx: Executor) => Promise<{ bikeId: string; ownerPartyId: string; isStolen: boolean } | null>;
    unregistered?: UnregisteredFacts | null;
    /** The caller's own step in the pickup's transaction, once the pickup is stored. */
    alsoInTransaction?: (tx: Executor, pickup: { id: string; bikeId: string }) => Promise<void>;
  },
): Promise<Pickup> {
  const now = new Date();
  let posted: PostedMessage | null;
  let pickup: Pickup;
  const found = {
    foundLatitude: options.location?.latitude ?? null,
    foundLongitude: options.location?.longitude ?? null,
  };
  try {
    ({ pickup, posted } = await deps.db.transaction(async (tx) => {
      const bike = await options.loadBike(tx);
      if (!bike) {
        if (!options.unregistered) throw new AppError('bike_not_registered');
        return registerUnregistered(deps, auth, tx, input, idempotency, now, {
          ...options.unregistered,
          ...found,
          source: options.source,
        });
      }
      const bikeId = bike.bikeId;
      if (bike.ownerPartyId === auth.partyId) throw new AppError('own_bike');
      if (await repository.findWaitingPickupOfBike(tx, bikeId)) throw new AppError('conflict');
      // A stolen bike taken in: its owner's open report goes with it (the owner marks it found).
      const report = bike.isStolen ? await reports.findOpenReportOfBike(tx, bikeId) : null;
      const theftReportId = report?.status === 'submitted' ? report.id : null;
      // A finder is named to the owner by first name only (holderViews): the chat the pickup opens
      // shows no more until they write in it. An organisation is named in full.
      const chatId = await openBikeChat(tx, {
        bikeId,
        ownerPartyId: bike.ownerPartyId,
        senderPartyId: auth.partyId,
        senderNameVisible: options.isOrganisation,
      });
      const inserted = await repository.insertPickup(tx, {
        ...pickupValues(auth, input, now),
        bikeId,
        ownerPartyId: bike.ownerPartyId,
        chatId,
        theftReportId,
        ...found,
      });
      const message = await postMessage(tx, {
        kind: 'system',
        chatId,
        systemEvent: PICKUP_SYSTEM_EVENTS.registered,
        readBy: auth.partyId,
      });
      if (options.holdsForOwners) {
        await recordAuditEventBy(tx, auth, {
          action: 'item_pickup.registered_by_organisation',
          targetPartyId: bike.ownerPartyId,
          details: {
            organisation_party_id: auth.partyId,
            pickup_id: inserted.id,
            bike_id: bikeId,
            ...(theftReportId ? { theft_report_id: theftReportId } : {}),
          },
        });
      }
      const owner = await findPersonById(tx, bike.ownerPartyId);
      if (owner) {
        const holder = (await holderViews(tx, [auth.partyId])).get(auth.partyId);
        await enqueueMail(
          tx,
          pickupRegisteredMail({
            to: owner.email,
            language: owner.language,
            holder: holder?.name ?? null,
            bike: await bikeForOwnerMail(deps, tx, bikeId, bike.ownerPartyId),
            place: inserted.place,
            collectUntil: inserted.collectUntil,
            note: inserted.note,
            stolen: theftReportId !== null,
            publicUrl: deps.publicUrl,
          }),
        );
      }
      await deps.onOwnerContacted(tx, { bikeId, ownerPartyId: bike.ownerPartyId, kind: 'pickup' });
      await options.alsoInTransaction?.(tx, { id: inserted.id, bikeId });
      await deps.onBikeFound(tx, {
        pickupId: inserted.id,
        source: options.source,
        location: options.location ?? null,
      });
      const answer = await presentOne(deps, auth.partyId, inserted, tx);
      return { pickup: await keepAnswer(tx, idempotency, answer), posted: message };
    }));
  } catch (error) {
    // Two holders at once: the unique index lets one win; the other hears the bike is taken care of.
    if (repository.isWaitingPickupTaken(error)) throw new AppError('conflict');
    throw error;
  }
  if (posted) await announceQuietly(deps, [posted], log);
  return pickup;
}

/** What the holder recorded of a bike the register does not know (item_pickups.found_*). */
type UnregisteredFacts = Pick<
  repository.PickupRow,
  'foundIdentifier' | 'foundBrand' | 'foundModel' | 'foundColor' | 'foundCategory' | 'foundIsElectric'
>;

/**
 * A bike the register does not know, held by the police or a municipality (issue 32 §2): nobody to
 * tell, so no chat and no mail; the audit records it, and the found-bike matching holds it against
 * the open theft reports (a strong match tells that report's owner, who claims it in a chat with
 * the holder: found-matches.service.ts).
 */
async function registerUnregistered(
  deps: TheftDeps,
  auth: RequestAuth,
  tx: Executor,
  input: PickupCreate,
  idempotency: IdempotencyClaim | null,
  now: Date,
  facts: UnregisteredFacts & {
    foundLatitude: number | null;
    foundLongitude: number | null;
    source: 'reported_found' | 'taken_in' | 'left_in_dock';
  },
): Promise<{ pickup: Pickup; posted: null }> {
  const { source, ...found } = facts;
  const inserted = await repository.insertPickup(tx, {
    ...pickupValues(auth, input, now),
    bikeId: null,
    ownerPartyId: null,
    chatId: null,
    theftReportId: null,
    ...found,
  });
  await recordAuditEventBy(tx, auth, {
    action: 'item_pickup.registered_by_organisation',
    targetPartyId: null,
    details: { organisation_party_id: auth.partyId, pickup_id: inserted.id, unregistered: true },
  });
  const location =
    found.foundLatitude !== null && found.foundLongitude !== null
      ? { latitude: found.foundLatitude, longitude: found.foundLongitude }
      : null;
  await deps.onBikeFound(tx, { pickupId: inserted.id, source, location });
  const answer = await presentOne(deps, auth.partyId, inserted, tx);
  return { pickup: await keepAnswer(tx, idempotency, answer), posted: null };
}

/** GET /api/item-pickups: bikes held for me, and bikes I hold for others. */
export async function listPickups(deps: TheftDeps, auth: RequestAuth): Promise<PickupList> {
  const now = new Date();
  const [forMe, heldByMe] = await Promise.all([
    repository.listPickups(deps.db, 'owner', auth.partyId, now),
    repository.listPickups(deps.db, 'holder', auth.partyId, now),
  ]);
  const presented = await present(deps, auth.partyId, [...forMe, ...heldByMe]);
  return { for_me: presented.slice(0, forMe.length), held_by_me: presented.slice(forMe.length) };
}

/**
 * POST /api/item-pickups/{pickup_id}/collected (owner or holder) and /cancel (holder only): closes a
 * waiting pickup and tells it in the chat; a cancellation is mailed to the owner.
 */
export async function closePickup(
  deps: TheftDeps,
  auth: RequestAuth,
  pickupId: string,
  action: 'collected' | 'cancel',
  log?: FastifyBaseLogger,
): Promise<Pickup> {
  const id = requirePickupId(pickupId);
  const now = new Date();
  const { row, posted } = await deps.db.transaction(async (tx) => {
    const pickup = await repository.findPickupOfParty(tx, id, auth.partyId, true);
    if (!pickup) throw new AppError('not_found');
    const isHolder = pickup.holderPartyId === auth.partyId;
    if (action === 'cancel' && !isHolder) throw new AppError('forbidden');
    if (pickup.status !== 'waiting') throw new AppError('pickup_not_waiting');
    const closed = await repository.closePickup(tx, id, action === 'cancel' ? 'cancelled' : 'collected', now);
    if (!closed) throw new AppError('pickup_not_waiting');
    let message: PostedMessage | null = null;
    if (closed.chatId) {
      message = await postMessage(tx, {
        kind: 'system',
        chatId: closed.chatId,
        systemEvent: action === 'cancel' ? PICKUP_SYSTEM_EVENTS.cancelled : PICKUP_SYSTEM_EVENTS.collected,
        readBy: auth.partyId,
      });
    }
    if (action === 'cancel' && closed.ownerPartyId && closed.bikeId) {
      const owner = await findPersonById(tx, closed.ownerPartyId);
      if (owner) {
        const holder = (await holderViews(tx, [closed.holderPartyId])).get(closed.holderPartyId);
        await enqueueMail(
          tx,
          pickupCancelledMail({
            to: owner.email,
            language: owner.language,
            holder: holder?.name ?? null,
            bike: await bikeForOwnerMail(deps, tx, closed.bikeId, closed.ownerPartyId),
            chatLink: ownerLinkOfPickup(deps, closed.chatId),
          }),
        );
      }
    }
    return { row: closed, posted: message };
  });
  if (posted) await announceQuietly(deps, [posted], log);
  return presentOne(deps, auth.partyId, row);
}

/** Where the owner's mail about a pickup leads: its chat, or their items for pickup. */
function ownerLinkOfPickup(deps: TheftDeps, chatId: string | null): string {
  return chatId ? `${deps.publicUrl}/app/chats/${chatId}` : `${deps.publicUrl}/app/item-pickup`;
}

/**
 * POST /api/item-pickups/{pickup_id}/released (issue 17 §3): the owner did not come by the last day;
 * the police or municipality holding the bike lets it go (to reuse or auction). The pickup stays as
 * the bike's history; the owner is told in the chat and by mail.
 */
export async function releasePickup(
  deps: TheftDeps,
  auth: RequestAuth,
  pickupId: string,
  log?: FastifyBaseLogger,
): Promise<Pickup> {
  const id = requirePickupId(pickupId);
  const now = new Date();
  const { row, posted } = await deps.db.transaction(async (tx) => {
    const pickup = await repository.findPickupOfParty(tx, id, auth.partyId, true);
    if (!pickup) throw new AppError('not_found');
    if (pickup.holderPartyId !== auth.partyId) throw new AppError('forbidden');
    const organisation = await findActingOrganisation(tx, auth);
    if (!canHoldBikesForOwners(organisation?.type ?? null)) throw new AppError('forbidden');
    if (pickup.status !== 'waiting') throw new AppError('pickup_not_waiting');
    const facts = {
      status: pickup.status as PickupStatus,
      collectUntil: pickup.collectUntil,
      holderOrganisationType: organisation?.type ?? null,
    };
    if (!canReleaseHeldBike(facts)) throw new AppError('pickup_not_due');
    const closed = await repository.closePickup(tx, id, 'released', now);
    if (!closed) throw new AppError('pickup_not_waiting');
    const message = closed.chatId
      ? await postMessage(tx, {
          kind: 'system',
          chatId: closed.chatId,
          systemEvent: PICKUP_SYSTEM_EVENTS.released,
          readBy: auth.partyId,
        })
      : null;
    await recordAuditEventBy(tx, auth, {
      action: 'item_pickup.released',
      targetPartyId: closed.ownerPartyId,
      details: { organisation_party_id: auth.partyId, pickup_id: closed.id, bike_id: closed.bikeId },
    });
    // A bike the register does not know has no owner to tell.
    const owner = closed.ownerPartyId && closed.bikeId ? await findPersonById(tx, closed.ownerPartyId) : null;
    if (owner && closed.ownerPartyId && closed.bikeId) {
      const holder = (await holderViews(tx, [closed.holderPartyId])).get(closed.holderPartyId);
      await enqueueMail(
        tx,
        pickupReleasedMail({
          to: owner.email,
          language: owner.language,
          holder: holder?.name ?? null,
          bike: await bikeForOwnerMail(deps, tx, closed.bikeId, closed.ownerPartyId),
          collectUntil: closed.collectUntil,
          chatLink: ownerLinkOfPickup(deps, closed.chatId),
        }),
      );
    }
    return { row: closed, posted: message };
  });
  if (posted) await announceQuietly(deps, [posted], log);
  return presentOne(deps, auth.partyId, row);
}

/** Only the holder adds a photo, while the bike waits: checked before the upload is read. */
export async function checkPhotoHolder(
  deps: TheftDeps,
  auth: RequestAuth,
  pickupId: string,
): Promise<string> {
  const id = requirePickupId(pickupId);
  const pickup = await repository.findPickupOfParty(deps.db, id, auth.partyId);
  if (!pickup) throw new AppError('not_found');
  if (pickup.holderPartyId !== auth.partyId) throw new AppError('forbidden');
  if (pickup.status !== 'waiting') throw new AppError('pickup_not_waiting');
  return id;
}

/**
 * PUT /api/item-pickups/{pickup_id}/photo (issue 17 §3): the holder's photo of the bike as taken in,
 * while it waits; re-encoded like every picture (no metadata), replacing an earlier one. The owner
 * and the holder see it through a signed address.
 */
export async function setPickupPhoto(
  deps: TheftDeps,
  auth: RequestAuth,
  pickupId: string,
  bytes: Buffer,
  log?: FastifyBaseLogger,
): Promise<Pickup> {
  const id = await checkPhotoHolder(deps, auth, pickupId);
  const { image } = await acceptUploadedPicture(bytes);
  const key = `pickups/${id}/${uuidv7()}.webp`;
  await deps.storage.put(key, image, 'image/webp');
  let replaced: string | null = null;
  let row: repository.PickupRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const locked = await repository.findPickupOfParty(tx, id, auth.partyId, true);
      if (locked?.status !== 'waiting') throw new AppError('pickup_not_waiting');
      replaced = locked.photoStorageKey;
      return repository.setPhoto(tx, id, key);
    });
  } catch (error) {
    await deps.storage.delete([key]).catch(() => undefined);
    throw error;
  }
  if (replaced) {
    await deps.storage.delete([replaced]).catch((error: unknown) => {
      log?.warn({ err: error }, 'removing a replaced pickup photo failed');
    });
  }
  return presentOne(deps, auth.partyId, row);
}

/** GET /api/item-pickups/{pickup_id}/photo (signed): the photo's bytes; 404 without one. */
export async function openPickupPhoto(deps: TheftDeps, pickupId: string): Promise<StoredFile> {
  const id = requirePickupId(pickupId);
  const pickup = await repository.findPickupById(deps.db, id);
  if (!pickup?.photoStorageKey) throw new AppError('not_found');
  const file = await deps.storage.get(pickup.photoStorageKey);
  if (!file) throw new AppError('not_found');
  return file;
}
