import { createHash, randomBytes } from 'node:crypto';
import {
  CONTACT_CONFIRMATION_TTL_HOURS,
  type ContactConfirmationResult,
  type ContactOwner,
  type ContactOwnerResult,
} from '@nbr/domain/finds';
import type { FastifyBaseLogger } from 'fastify';
import { checkAccess } from '../../platform/auth/access.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { type IdempotencyClaim, keepAnswer } from '../../platform/http/idempotency.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { describeBikesForOwnership, ownerOfPublicBike } from '../bikes/bikes.facade.ts';
import {
  announceQuietly,
  confirmedGuestOfBike,
  lockContactConfirmation,
  markContactConfirmationDelivered,
  storeContactConfirmation,
  writeToBikeOwner,
} from '../chats/chats.facade.ts';
import { contactConfirmationMail, describePublicBike } from './contact-owner.mails.ts';
import type { TheftDeps } from './theft.deps.ts';

/*
 * Contacting a bike's owner (SPEC §2 /app/bikes/{bikeId}/contact-bike-owner, §6). Whoever sees a bike
 * may write to its owner; the message lands in the owner's chats (live, and by e-mail through the
 * chats notifier when they are away), and neither side sees the other's e-mail address.
 *
 * Without an account the sender is a guest: a party of kind `guest` with the address the owner's
 * answers are announced to (guest_contacts). A guest may only write about a bike reported stolen —
 * that is what the anonymous contact is for — and gets no chat id: they read answers after proving
 * their address with an account, which moves the guest's chats there. Nothing a visitor sees depends
 * on whether an account with their address exists. Guests and their confirmations are chats' rows
 * (chats/guest-contacts.service.ts); this module only drives the contact form through them.
 *
 * Anyone can type anyone's address, so a visitor's message first waits (guest_contact_confirmations)
 * for the visitor to follow a link mailed to that address; only then do the guest and the message
 * exist for the owner (`confirmContact`). Each message needs its own confirmation: the link is the
 * proof that this message comes from whoever reads the address. Unconfirmed messages are dropped
 * after CONTACT_CONFIRMATION_TTL_HOURS (the chats notifier drops them).
 */

const HOUR_MS = 60 * 60 * 1000;

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** POST /api/bikes/{bike_id}/contact-owner. */
export async function contactOwner(
  deps: TheftDeps,
  auth: RequestAuth | null,
  bikeId: string,
  input: ContactOwner,
  language: string,
  /** A signed-in caller's Idempotency-Key (visitors have none): the answer commits with the message. */
  idempotency: IdempotencyClaim | null,
  log?: FastifyBaseLogger,
): Promise<ContactOwnerResult> {
  // A form-filling robot: accepted so it learns nothing, and nothing is written or sent.
  if (input.website?.trim()) return keepAnswer(deps.db, idempotency, { chat_id: null });
  if (auth) {
    // Writing is the person's own act: not by staff switched into the account.
    checkAccess('signed_in_self', auth);
    const { posted, answer } = await deps.db.transaction(async (tx) => {
      const bike = await ownerOfPublicBike(tx, auth, bikeId);
      if (bike.isOwn) throw new AppError('own_bike');
      const message = await writeToBikeOwner(tx, {
        bikeId,
        ownerPartyId: bike.ownerPartyId,
        senderPartyId: auth.partyId,
        senderRole: 'contact',
        content: input.message,
      });
      await deps.onOwnerContacted(tx, { bikeId, ownerPartyId: bike.ownerPartyId, kind: 'message' });
      return { posted: message, answer: await keepAnswer(tx, idempotency, { chat_id: message.chatId }) };
    });
    await announceQuietly(deps, [posted], log);
    return answer;
  }

  const email = input.email;
  if (!email) throw new ValidationError([{ loc: ['body', 'email'], type: 'required' }]);
  await deps.db.transaction(async (tx) => {
    const bike = await ownerOfPublicBike(tx, null, bikeId);
    if (!bike.isStolen) throw new AppError('bike_not_stolen');
    const now = new Date();
    const code = randomBytes(32).toString('base64url');
    await storeContactConfirmation(
      tx,
      {
        id: uuidv7(),
        codeHash: hashCode(code),
        bikeId,
        email,
        language,
        message: input.message,
        expiresAt: new Date(now.getTime() + CONTACT_CONFIRMATION_TTL_HOURS * HOUR_MS),
      },
      now,
    );
    const described = (await describeBikesForOwnership(tx, deps.fileUrls, [bikeId], 'stranger')).get(bikeId);
    // The mail goes out through the outbox, so it is sent exactly when the waiting message is stored.
    await enqueueMail(
      tx,
      contactConfirmationMail({
        to: email,
        language,
        bike: described ? describePublicBike(described) : null,
        link: `${deps.publicUrl}/app/bikes/${bikeId}/contact-bike-owner/confirm?code=${encodeURIComponent(code)}`,
      }),
    );
  });
  return { chat_id: null };
}

/**
 * POST /api/contact-owner/confirmations: the visitor followed the mailed link, so the address is
 * theirs. The message reaches the owner as any message does (live, and by mail when they are away)
 * from the confirmed guest of this address and bike (a new one, or the one who wrote before). A code
 * that is unknown or past its expiry is refused alike; a used one says so and delivers nothing again.
 */
export async function confirmContact(
  deps: TheftDeps,
  code: string,
  log?: FastifyBaseLogger,
): Promise<ContactConfirmationResult> {
  const { posted, bikeId } = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const confirmation = await lockContactConfirmation(tx, hashCode(code));
    if (!confirmation || confirmation.expiresAt <= now) throw new AppError('contact_link_invalid');
    if (confirmation.confirmedAt || confirmation.message === null) throw new AppError('contact_already_sent');
    // The bike as a visitor may reach it now: deleted meanwhile answers 404, found meanwhile 409.
    // The bike row locked: two confirmations for one bike and address meet the same guest.
    const bike = await ownerOfPublicBike(tx, null, confirmation.bikeId, true);
    if (!bike.isStolen) throw new AppError('bike_not_stolen');
    const guestPartyId = await confirmedGuestOfBike(
      tx,
      {
        email: confirmation.email,
        bikeId: confirmation.bikeId,
        language: confirmation.language,
        newPartyId: uuidv7,
      },
      now,
    );
    const message = await writeToBikeOwner(tx, {
      bikeId: confirmation.bikeId,
      ownerPartyId: bike.ownerPartyId,
      senderPartyId: guestPartyId,
      senderRole: 'guest',
      content: confirmation.message,
    });
    await markContactConfirmationDelivered(tx, confirmation.id, now);
    await deps.onOwnerContacted(tx, {
      bikeId: confirmation.bikeId,
      ownerPartyId: bike.ownerPartyId,
      kind: 'message',
    });
    return { posted: message, bikeId: confirmation.bikeId };
  });
  await announceQuietly(deps, [posted], log);
  return { bike_id: bikeId };
}
