import type { Executor } from '../../db/client.ts';
import * as chats from '../chats/chats.facade.ts';
import type { OwnershipDeps } from './ownership.deps.ts';
import * as repository from './ownership.repository.ts';
import {
  type Announcement,
  announce,
  bindOffersToPerson,
  cancelPendingOffersOfBike,
  type Person,
} from './ownership-transfers.service.ts';

/*
 * What other modules call: bikes (a bike is deleted) and identity (an address was confirmed). Both
 * run in the caller's transaction; what they write in chats is read there on the next visit (these
 * callers have no live hub at hand, and the people involved are rarely looking at that moment).
 */

/**
 * A bike is being deleted (by its owner, or with the owner's account): its pending offers are
 * cancelled and its open requests closed, each with a system message in its chat. Call it before
 * the bike row goes.
 */
export async function closeOwnershipMattersOfBike(executor: Executor, bikeId: string): Promise<void> {
  const now = new Date();
  await cancelPendingOffersOfBike(executor, bikeId, now);
  for (const request of await repository.lockLiveRequestsOfBike(executor, bikeId)) {
    await repository.updateRequest(executor, request.id, { status: 'closed', decidedAt: now });
    const chatId = await chats.chatIdOfRequest(executor, request.id);
    if (chatId) await chats.postMessage(executor, { kind: 'system', chatId, systemEvent: 'request_closed' });
  }
}

/**
 * The bike is being reported stolen (theft): a stolen bike cannot be given away, so its pending
 * offer is cancelled with a word in its chat. In the caller's transaction; answers what to tell the
 * people in those chats once it has committed (announceOwnershipChanges).
 */
export async function cancelOffersOfStolenBike(executor: Executor, bikeId: string): Promise<Announcement[]> {
  return cancelPendingOffersOfBike(executor, bikeId, new Date());
}

/** Live delivery of what a committed change wrote in ownership chats (best effort). */
export async function announceOwnershipChanges(
  deps: OwnershipDeps,
  announcements: readonly Announcement[],
): Promise<void> {
  await announce(deps, announcements);
}

export type { Announcement };

/**
 * The person just confirmed their address (e-mail verification): offers made to it before they had
 * an account, or before they confirmed it, are theirs now.
 */
export async function bindOffersAfterEmailVerification(executor: Executor, person: Person): Promise<void> {
  await bindOffersToPerson(executor, person);
}
export { forgetAddressInOffers, ownershipPersonalData } from './personal-data.repository.ts';
