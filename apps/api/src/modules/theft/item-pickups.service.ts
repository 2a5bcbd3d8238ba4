import {
  canRegisterPickup,
  PICKUP_SYSTEM_EVENTS,
  type Pickup,
  type PickupCreate,
  type PickupList,
} from '@nbr/domain/finds';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { describeBikesForOwnership, ownerOfPublicBike } from '../bikes/bikes.facade.ts';
import { announceQuietly, openBikeChat, type PostedMessage, postMessage } from '../chats/chats.facade.ts';
import { findActingOrganisation, findPersonById, partyNames } from '../identity/identity.facade.ts';
import { describeBikeForOwner, pickupCancelledMail, pickupRegisteredMail } from './item-pickups.mails.ts';
import { type HolderView, presentPickup } from './item-pickups.presenter.ts';
import * as repository from './item-pickups.repository.ts';
import type { TheftDeps } from './theft.deps.ts';

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
  const names = await partyNames(executor, ids);
  for (const id of ids) {
    const person = await findPersonById(executor, id);
    views.set(
      id,
      person
        ? { kind: 'person', name: person.firstName?.trim() || null }
        : { kind: 'organisation', name: names.get(id) ?? null },
    );
  }
  return views;
}

async function present(
  deps: TheftDeps,
  viewerPartyId: string,
  rows: repository.PickupRow[],
): Promise<Pickup[]> {
  if (rows.length === 0) return [];
  const [holders, bikes] = await Promise.all([
    holderViews(
      deps.db,
      rows.map((row) => row.holderPartyId),
    ),
    describeBikesForOwnership(
      deps.db,
      deps.fileUrls,
      rows.map((row) => row.bikeId),
      'stranger',
      viewerPartyId,
    ),
  ]);
  return rows.map((row) => presentPickup(row, { viewerPartyId, holders, bikes }));
}

async function presentOne(
  deps: TheftDeps,
  viewerPartyId: string,
  row: repository.PickupRow,
): Promise<Pickup> {
  const [pickup] = await present(deps, viewerPartyId, [row]);
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
  const now = new Date();
  let posted: PostedMessage;
  let row: repository.PickupRow;
  try {
    ({ row, posted } = await deps.db.transaction(async (tx) => {
      const bike = await ownerOfPublicBike(tx, auth, bikeId, true);
      if (bike.isOwn) throw new AppError('own_bike');
      if (await repository.findWaitingPickupOfBike(tx, bikeId)) throw new AppError('conflict');
      // A finder is named to the owner by first name only (holderViews): the chat the pickup opens
      // shows no more until they write in it. An organisation is named in full.
      const chatId = await openBikeChat(tx, {
        bikeId,
        ownerPartyId: bike.ownerPartyId,
        senderPartyId: auth.partyId,
        senderNameVisible: isOrganisation,
      });
      const inserted = await repository.insertPickup(tx, {
        id: uuidv7(now.getTime()),
        bikeId,
        ownerPartyId: bike.ownerPartyId,
        holderPartyId: auth.partyId,
        createdByPartyId: auth.identityPartyId,
        status: 'waiting',
        place: input.place,
        collectUntil: input.collect_until,
        note: input.note ? input.note : null,
        foundOn: input.found_on ?? null,
        chatId,
      });
      const message = await postMessage(tx, {
        kind: 'system',
        chatId,
        systemEvent: PICKUP_SYSTEM_EVENTS.registered,
        readBy: auth.partyId,
      });
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
            publicUrl: deps.publicUrl,
          }),
        );
      }
      await deps.onOwnerContacted(tx, { bikeId, ownerPartyId: bike.ownerPartyId, kind: 'pickup' });
      return { row: inserted, posted: message };
    }));
  } catch (error) {
    // Two holders at once: the unique index lets one win; the other hears the bike is taken care of.
    if (repository.isWaitingPickupTaken(error)) throw new AppError('conflict');
    throw error;
  }
  await announceQuietly(deps, [posted], log);
  return presentOne(deps, auth.partyId, row);
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
    if (action === 'cancel') {
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
            chatLink: closed.chatId
              ? `${deps.publicUrl}/app/chats/${closed.chatId}`
              : `${deps.publicUrl}/app/item-pickup`,
          }),
        );
      }
    }
    return { row: closed, posted: message };
  });
  if (posted) await announceQuietly(deps, [posted], log);
  return presentOne(deps, auth.partyId, row);
}
