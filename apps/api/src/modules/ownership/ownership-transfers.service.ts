import { createHash, randomBytes } from 'node:crypto';
import type { SystemEvent } from '@nbr/domain/chats';
import {
  isTransferable,
  OFFERS_PER_ADDRESS_PER_DAY,
  TRANSFER_OFFER_DAYS,
  type Transfer,
  type TransferCreate,
  type TransferStatus,
} from '@nbr/domain/ownership';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { type IdempotencyClaim, keepAnswer } from '../../platform/http/idempotency.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import * as bikes from '../bikes/bikes.facade.ts';
import * as chats from '../chats/chats.facade.ts';
import * as identity from '../identity/identity.facade.ts';
import type { OwnershipDeps } from './ownership.deps.ts';
import { describeBike, transferAcceptedMail, transferOfferMail } from './ownership.mails.ts';
import { canBindOffer, currentTransferStatus, transferSideOf } from './ownership.policy.ts';
import { presentTransfer } from './ownership.presenter.ts';
import type { TransferRow } from './ownership.repository.ts';
import * as repository from './ownership.repository.ts';

/*
 * Transfers (SPEC §4, issue 5 §2): the owner offers a bike to an e-mail address; the recipient
 * accepts or rejects; the sender cancels. SPEC's "the sender can also reject or confirm": confirming
 * is the confirm screen that creates the offer (POST /api/ownership-transfers/), and the sender's
 * reject is cancel. Acceptance is permanent and runs in one transaction with row locks, always in
 * the same order — the bike, then the transfer, then its requests — so concurrent accepts, cancels,
 * offers and deletions of the bike queue behind each other instead of both succeeding or deadlocking. Chat messages are written in the
 * transaction and delivered live only after it committed.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A person (the identity behind a session or an address), as the identity service answers it. */
export type Person = NonNullable<Awaited<ReturnType<typeof identity.findPersonById>>>;

export function hashOfferCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** The code of an offer mail's link (32 random bytes); only its hash is stored. */
export function newOfferCode(): { code: string; codeHash: string } {
  const code = randomBytes(32).toString('base64url');
  return { code, codeHash: hashOfferCode(code) };
}

export function offerExpiry(now: Date): Date {
  return new Date(now.getTime() + TRANSFER_OFFER_DAYS * DAY_MS);
}

export function receiveLink(publicUrl: string, code: string): string {
  return `${publicUrl}/app/my-bikes/receive-bike?code=${encodeURIComponent(code)}`;
}

/** The chat an offer lives in: its own, or the request's it answers. */
export async function chatOfTransfer(executor: Executor, transfer: TransferRow): Promise<string | null> {
  return transfer.requestId
    ? chats.chatIdOfRequest(executor, transfer.requestId)
    : chats.chatIdOfTransfer(executor, transfer.id);
}

/**
 * The chat of an offer made by e-mail, opened with the offer itself whether or not the address has
 * an account: the sender's answer must not tell which addresses belong to someone (issue 14). The
 * recipient joins once bound (at once for a proven address, else when they prove it), anonymous to
 * the sender until they act on the offer or write. An offer answering a request lives in the
 * request's chat. Posts the offer only when the chat is new.
 */
async function openOfferChat(executor: Executor, transfer: TransferRow): Promise<chats.PostedMessage[]> {
  if (transfer.requestId) return [];
  const existed = (await chats.chatIdOfTransfer(executor, transfer.id)) !== null;
  const participants: chats.NewParticipant[] = [
    { partyId: transfer.senderPartyId, role: 'sender', isNameVisible: true },
  ];
  if (transfer.recipientPartyId) {
    participants.push({ partyId: transfer.recipientPartyId, role: 'recipient', isNameVisible: false });
  }
  const chatId = await chats.openChat(
    executor,
    { kind: 'transfer', transferId: transfer.id, bikeId: transfer.bikeId },
    participants,
  );
  if (existed) return [];
  return [
    await chats.postMessage(executor, {
      kind: 'transfer_offer',
      chatId,
      transferId: transfer.id,
      readBy: transfer.senderPartyId,
    }),
  ];
}

/** Binds an offer to the person who proved the address, and opens its chat while it is pending. */
async function bindTransfer(
  executor: Executor,
  transfer: TransferRow,
  personPartyId: string,
  now: Date,
): Promise<{ transfer: TransferRow; posted: chats.PostedMessage[] }> {
  const bound = await repository.updateTransfer(executor, transfer.id, { recipientPartyId: personPartyId });
  const posted = currentTransferStatus(bound, now) === 'pending' ? await openOfferChat(executor, bound) : [];
  return { transfer: bound, posted };
}

/**
 * Binds every pending offer made to the person's address to them, once they have proven it
 * (confirmed address): the offers then show in their list and chats. In the caller's transaction.
 */
export async function bindOffersToPerson(
  executor: Executor,
  person: Person,
  now = new Date(),
): Promise<chats.PostedMessage[]> {
  if (!person.emailVerifiedAt || person.deletedAt) return [];
  const posted: chats.PostedMessage[] = [];
  for (const transfer of await repository.lockUnboundTransfersTo(executor, person.email)) {
    if (transfer.senderPartyId === person.partyId) continue;
    if (currentTransferStatus(transfer, now) !== 'pending') continue;
    posted.push(...(await bindTransfer(executor, transfer, person.partyId, now)).posted);
  }
  return posted;
}

/** Writes down a decision on a pending offer and says so in its chat. */
async function decideTransfer(
  executor: Executor,
  transfer: TransferRow,
  status: Exclude<TransferStatus, 'pending'>,
  decidedByPartyId: string | null,
  now: Date,
  changes: { toOwnershipId?: string } = {},
): Promise<{ transfer: TransferRow; posted: chats.PostedMessage[]; chatId: string | null }> {
  const updated = await repository.updateTransfer(executor, transfer.id, {
    status,
    decidedAt: now,
    decidedByPartyId,
    ...changes,
  });
  const chatId = await chatOfTransfer(executor, updated);
  // Accepting or rejecting is the recipient's own act towards the sender: from now on they are named.
  if (chatId && decidedByPartyId !== null && transfer.recipientPartyId === decidedByPartyId) {
    await chats.showParticipantName(executor, chatId, transfer.recipientPartyId);
  }
  const event: SystemEvent = `transfer_${status}`;
  // The side that decided already knows; a cancellation by the register (decidedBy null) is news to both.
  const readBy =
    decidedByPartyId === null
      ? null
      : status === 'cancelled'
        ? transfer.senderPartyId
        : status === 'accepted' || status === 'rejected'
          ? transfer.recipientPartyId
          : null;
  const posted = chatId
    ? [
        await chats.postMessage(executor, {
          kind: 'system',
          chatId,
          systemEvent: event,
          transferId: transfer.id,
          readBy,
        }),
      ]
    : [];
  return { transfer: updated, posted, chatId };
}

/** Pending offers of a bike whose time ran out become expired, with a word in their chats. */
async function expireLapsedOffers(
  executor: Executor,
  bikeId: string,
  now: Date,
): Promise<chats.PostedMessage[]> {
  const posted: chats.PostedMessage[] = [];
  for (const transfer of await repository.expireLapsedTransfersOfBike(executor, bikeId, now)) {
    const chatId = await chatOfTransfer(executor, transfer);
    if (chatId) {
      posted.push(
        await chats.postMessage(executor, {
          kind: 'system',
          chatId,
          systemEvent: 'transfer_expired',
          transferId: transfer.id,
        }),
      );
    }
  }
  return posted;
}

/**
 * Cancels the pending offers of a bike in the caller's transaction (the bike is being deleted, or
 * the owner declines the request an offer answered). Answers what to announce after commit.
 */
export async function cancelPendingOffersOfBike(
  executor: Executor,
  bikeId: string,
  now: Date,
): Promise<Announcement[]> {
  const announcements: Announcement[] = [];
  for (const transfer of await repository.lockPendingTransfersOfBike(executor, bikeId)) {
    const status = currentTransferStatus(transfer, now) === 'expired' ? 'expired' : 'cancelled';
    const decided = await decideTransfer(executor, transfer, status, null, now);
    announcements.push(announcementOf(decided));
  }
  return announcements;
}

/** What to tell both sides' browsers once a transaction has committed. */
export interface Announcement {
  posted: chats.PostedMessage[];
  transfer?: {
    transferId: string;
    chatId: string | null;
    status: TransferStatus;
    partyIds: (string | null)[];
  };
}

function announcementOf(decided: {
  transfer: TransferRow;
  posted: chats.PostedMessage[];
  chatId: string | null;
}) {
  return {
    posted: decided.posted,
    transfer: {
      transferId: decided.transfer.id,
      chatId: decided.chatId,
      status: decided.transfer.status as TransferStatus,
      partyIds: [decided.transfer.senderPartyId, decided.transfer.recipientPartyId],
    },
  };
}

/** Live delivery after commit: best effort, the messages wait in the chats anyway. */
export async function announce(deps: OwnershipDeps, announcements: readonly Announcement[]): Promise<void> {
  try {
    await chats.announceMessages(
      deps,
      announcements.flatMap((announcement) => announcement.posted),
    );
    for (const { transfer } of announcements) {
      if (transfer) {
        await chats.announceTransfer(
          deps,
          { transferId: transfer.transferId, chatId: transfer.chatId, status: transfer.status },
          transfer.partyIds,
        );
      }
    }
  } catch (error) {
    deps.log?.error({ err: error }, 'ownership change committed, but its live announcement failed');
  }
}

// --- answers ---------------------------------------------------------------------------------------

/** The transfers as `partyId` sees them (one query per kind of data, never per transfer but the chat). */
export async function presentTransfers(
  deps: OwnershipDeps,
  executor: Executor,
  partyId: string,
  rows: readonly TransferRow[],
  sides?: ReadonlyMap<string, 'sender' | 'recipient'>,
): Promise<Transfer[]> {
  const bikeIds = rows.flatMap((row) => (row.bikeId ? [row.bikeId] : []));
  // The details (frame number, plate, nickname) are for checking the bike against an open offer;
  // a rejected, cancelled or expired offer leaves its recipient a stranger to the bike again.
  const now = new Date();
  const audiences = new Map<string, 'transfer' | 'stranger'>();
  for (const row of rows) {
    if (row.bikeId && currentTransferStatus(row, now) === 'pending') audiences.set(row.bikeId, 'transfer');
  }
  const [bikeViews, names] = await Promise.all([
    bikes.describeBikesForOwnership(executor, deps.fileUrls, bikeIds, audiences, partyId),
    identity.partyNames(
      executor,
      rows.map((row) => row.senderPartyId),
    ),
  ]);
  const answers: Transfer[] = [];
  for (const row of rows) {
    const side = sides?.get(row.id) ?? transferSideOf(partyId, row);
    if (!side) continue;
    answers.push(
      presentTransfer(row, {
        side,
        bike: row.bikeId ? bikeViews.get(row.bikeId) : undefined,
        senderName: names.get(row.senderPartyId) ?? null,
        chatId: side === 'recipient' && !row.recipientPartyId ? null : await chatOfTransfer(executor, row),
        now,
      }),
    );
  }
  return answers;
}

async function presentOne(
  deps: OwnershipDeps,
  partyId: string,
  row: TransferRow,
  side?: 'sender' | 'recipient',
  /** A transaction that has the row (the one that made it), else the database. */
  executor: Executor = deps.db,
): Promise<Transfer> {
  const [answer] = await presentTransfers(
    deps,
    executor,
    partyId,
    [row],
    side ? new Map([[row.id, side]]) : undefined,
  );
  if (!answer) throw new AppError('not_found');
  return answer;
}

async function requirePerson(executor: Executor, auth: RequestAuth): Promise<Person> {
  const person = await identity.findPersonById(executor, auth.identityPartyId);
  if (!person) throw new AppError('invalid_token');
  return person;
}

/** A keyed transaction may decide to keep what it wrote and still refuse: it answers the refusal. */
type Outcome<T> = { ok: true; value: T } | { ok: false; code: 'transfer_not_pending' };

function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new AppError(outcome.code);
  return outcome.value;
}

// --- create ----------------------------------------------------------------------------------------

/** Two offers of one bike at once: the unique index lets one be pending; the other gets 409. */
async function translatingPendingRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (repository.isPendingTransferTaken(error)) throw new AppError('transfer_pending');
    throw error;
  }
}

/**
 * POST /api/ownership-transfers/: the acting party offers its bike to an address. Refused with 409
 * bike_not_transferable (needs plate and frame number, not stolen), 422 transfer_to_self, 409
 * transfer_pending. A recipient who has an account with that address proven gets the offer in a
 * chat at once; everyone gets a mail with the link (to sign up with that address when they have no
 * account).
 */
export async function createTransfer(
  deps: OwnershipDeps,
  auth: RequestAuth,
  input: TransferCreate,
  /** The request's Idempotency-Key: the answer commits with the offer. */
  idempotency: IdempotencyClaim | null,
): Promise<Transfer> {
  const recipientEmail = input.recipient_email.toLowerCase();
  const { transfer, posted } = await translatingPendingRace(() =>
    deps.db.transaction(async (tx) => {
      const bike = await bikes.requireOwnBikeForOwnership(tx, auth, input.bike_id, true);
      const transferable = isTransferable({
        frame_number: bike.frameNumber,
        plate_id: bike.plateId,
        status: bike.status,
      });
      if (!transferable || !bike.ownershipId) throw new AppError('bike_not_transferable');
      const me = await requirePerson(tx, auth);
      if (me.email === recipientEmail) {
        throw new ValidationError([{ loc: ['body', 'recipient_email'], type: 'transfer_to_self' }]);
      }
      const now = new Date();
      const expiredPosts = await expireLapsedOffers(tx, bike.bikeId, now);
      if (await repository.hasPendingTransfer(tx, bike.bikeId)) {
        throw new AppError('transfer_pending');
      }
      // Every offer mails the address: cancelling and offering again, or many senders, must not
      // turn the register into a way to flood someone's mailbox.
      const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
      if (
        (await repository.countOffersToAddressSince(tx, recipientEmail, since)) >= OFFERS_PER_ADDRESS_PER_DAY
      ) {
        throw new AppError('rate_limited');
      }
      const recipient = await identity.findPersonByEmail(tx, recipientEmail);
      const bindNow = recipient?.emailVerifiedAt && recipient.partyId !== auth.partyId ? recipient : null;
      const { code, codeHash } = newOfferCode();
      const created = await repository.insertTransfer(tx, {
        id: uuidv7(now.getTime()),
        bikeId: bike.bikeId,
        fromOwnershipId: bike.ownershipId,
        senderPartyId: auth.partyId,
        createdByPartyId: auth.switchedBy ?? auth.identityPartyId,
        recipientEmail,
        recipientPartyId: bindNow?.partyId ?? null,
        codeHash,
        status: 'pending',
        createdAt: now,
        expiresAt: offerExpiry(now),
      });
      const offerPosts = await openOfferChat(tx, created);
      const senderName = (await identity.partyNames(tx, [auth.partyId])).get(auth.partyId) ?? null;
      await enqueueMail(
        tx,
        transferOfferMail({
          to: recipientEmail,
          language: recipient?.language ?? me.language,
          senderName,
          anonymousOwner: false,
          bike: describeBike(bike),
          hasAccount: recipient !== null,
          link: receiveLink(deps.publicUrl, code),
        }),
      );
      await recordAuditEventBy(tx, auth, {
        action: 'ownership.transfer_created',
        targetPartyId: auth.partyId,
        details: { transfer_id: created.id, bike_id: bike.bikeId },
        now,
      });
      const answer = await presentOne(deps, auth.partyId, created, 'sender', tx);
      return {
        transfer: await keepAnswer(tx, idempotency, answer),
        posted: [...expiredPosts, ...offerPosts],
      };
    }),
  );
  await announce(deps, [{ posted }]);
  return transfer;
}

// --- read ------------------------------------------------------------------------------------------

/**
 * GET /api/ownership-transfers/: what the acting party sends and receives, newest first. Offers made
 * to the caller's proven address that nobody was bound to yet are bound first (an account made or
 * confirmed after the offer).
 */
export async function listTransfers(deps: OwnershipDeps, auth: RequestAuth): Promise<Transfer[]> {
  const posted = await deps.db.transaction(async (tx) =>
    bindOffersToPerson(tx, await requirePerson(tx, auth)),
  );
  await announce(deps, [{ posted }]);
  const rows = await repository.listTransfersOfParty(deps.db, auth.partyId);
  return presentTransfers(deps, deps.db, auth.partyId, rows);
}

/**
 * The transfer and the caller's side in it, in the caller's transaction (locked when asked). An
 * unbound offer to the caller's address is bound first when the mailbox is proven (a confirmed
 * address, or the offer's code); anyone else gets 404, as for an unknown id.
 */
async function resolveTransfer(
  tx: Executor,
  auth: RequestAuth,
  transferId: string,
  options: { lock: boolean; code?: string | undefined; now: Date },
): Promise<{
  transfer: TransferRow;
  side: 'sender' | 'recipient';
  person: Person;
  codeMatches: boolean;
  posted: chats.PostedMessage[];
}> {
  const found = isUuid(transferId) ? await repository.findTransfer(tx, transferId, options.lock) : null;
  if (!found) throw new AppError('not_found');
  const person = await requirePerson(tx, auth);
  const codeMatches = options.code !== undefined && hashOfferCode(options.code) === found.codeHash;
  const side = transferSideOf(auth.partyId, found);
  if (side) return { transfer: found, side, person, codeMatches, posted: [] };
  const offeredToCaller =
    found.recipientPartyId === null &&
    auth.partyId === person.partyId &&
    canBindOffer({ recipientEmail: found.recipientEmail, callerEmail: person.email, mailboxProven: true });
  if (!offeredToCaller) throw new AppError('not_found');
  // Offered to the caller's address, which they have not proven yet: say how to go on.
  if (!codeMatches && person.emailVerifiedAt === null) throw new AppError('email_verification_required');
  if (codeMatches) await identity.markEmailProven(tx, person, options.now);
  const bound = await bindTransfer(tx, found, person.partyId, options.now);
  return { transfer: bound.transfer, side: 'recipient', person, codeMatches, posted: bound.posted };
}

/** GET /api/ownership-transfers/{transfer_id}: one transfer of the caller's. */
export async function getTransfer(
  deps: OwnershipDeps,
  auth: RequestAuth,
  transferId: string,
): Promise<Transfer> {
  const resolved = await deps.db.transaction((tx) =>
    resolveTransfer(tx, auth, transferId, { lock: false, now: new Date() }),
  );
  await announce(deps, [{ posted: resolved.posted }]);
  return presentOne(deps, auth.partyId, resolved.transfer, resolved.side);
}

// --- claim -----------------------------------------------------------------------------------------

/**
 * POST /api/ownership-transfers/claim: the caller followed the offer mail's link. It proves the
 * mailbox, so an account whose sign-in address is that address is bound to the offer (and its
 * address counts as confirmed). Another address: 403 transfer_email_mismatch; an unknown code: 404.
 */
export async function claimTransfer(
  deps: OwnershipDeps,
  auth: RequestAuth,
  code: string,
  /** The request's Idempotency-Key: the answer commits with the binding. */
  idempotency: IdempotencyClaim | null,
): Promise<Transfer> {
  const { answer, posted } = await deps.db.transaction(async (tx) => {
    const { transfer, posted } = await bindClaimedTransfer(tx, auth, code);
    const answer = await presentOne(deps, auth.partyId, transfer, 'recipient', tx);
    return { answer: await keepAnswer(tx, idempotency, answer), posted };
  });
  await announce(deps, [{ posted }]);
  return answer;
}

/** The offer the code names, bound to the caller (it is already when they claimed it before). */
async function bindClaimedTransfer(
  tx: Executor,
  auth: RequestAuth,
  code: string,
): Promise<{ transfer: TransferRow; posted: chats.PostedMessage[] }> {
  const byCode = await repository.findTransferByCodeHash(tx, hashOfferCode(code));
  const found = byCode ? await repository.findTransfer(tx, byCode.id, true) : null;
  if (!found) throw new AppError('not_found');
  const person = await requirePerson(tx, auth);
  if (found.recipientPartyId === person.partyId) return { transfer: found, posted: [] };
  if (found.recipientPartyId !== null) throw new AppError('not_found');
  if (person.email !== found.recipientEmail) throw new AppError('transfer_email_mismatch');
  const now = new Date();
  await identity.markEmailProven(tx, person, now);
  return bindTransfer(tx, found, person.partyId, now);
}

// --- decisions -------------------------------------------------------------------------------------

/** An offer found expired is written down as such (kept) before the caller is refused. */
async function refuseUnlessPending(
  tx: Executor,
  transfer: TransferRow,
  now: Date,
  announcements: Announcement[],
): Promise<boolean> {
  const status = currentTransferStatus(transfer, now);
  if (status === 'pending') return true;
  if (status === 'expired' && transfer.status === 'pending') {
    announcements.push(announcementOf(await decideTransfer(tx, transfer, 'expired', null, now)));
  }
  return false;
}

/**
 * POST /api/ownership-transfers/{transfer_id}/accept: the recipient takes the bike. One transaction:
 * the bike row locked first, then the transfer. The bike must still be in the ownership the offer
 * gives (else the offer is cancelled: 409); the recipient's address must be confirmed or the offer's
 * code given (403 email_verification_required). Then the bike moves (bikes.moveBikeToNewOwner),
 * the bike's other live requests close, and both sides hear of it once committed.
 */
export async function acceptTransfer(
  deps: OwnershipDeps,
  auth: RequestAuth,
  transferId: string,
  code: string | undefined,
  /** The request's Idempotency-Key: the answer commits with the bike's move. */
  idempotency: IdempotencyClaim | null,
): Promise<Transfer> {
  const announcements: Announcement[] = [];
  const outcome = await deps.db.transaction(
    async (tx): Promise<Outcome<{ answer: Transfer; keys: string[] }>> => {
      const now = new Date();
      // The bike first, then the transfer: the order of a new offer and of a deletion of the bike
      // (which cancels its offers), so an accept racing either queues instead of deadlocking.
      const peeked = isUuid(transferId) ? await repository.findTransfer(tx, transferId) : null;
      if (peeked?.bikeId && (peeked.recipientPartyId === null || transferSideOf(auth.partyId, peeked))) {
        await bikes.findBikeForOwnership(tx, peeked.bikeId, true);
      }
      const resolved = await resolveTransfer(tx, auth, transferId, { lock: true, code, now });
      announcements.push({ posted: resolved.posted });
      const { person } = resolved;
      let transfer = resolved.transfer;
      if (resolved.side !== 'recipient') throw new AppError('forbidden');
      if (!(await refuseUnlessPending(tx, transfer, now, announcements))) {
        return { ok: false, code: 'transfer_not_pending' };
      }
      if (!person.emailVerifiedAt && !resolved.codeMatches) throw new AppError('email_verification_required');
      if (resolved.codeMatches && person.email === transfer.recipientEmail) {
        await identity.markEmailProven(tx, person, now);
      }
      const bike = transfer.bikeId ? await bikes.findBikeForOwnership(tx, transfer.bikeId, true) : null;
      const stillOffered =
        bike !== null &&
        transfer.fromOwnershipId !== null &&
        bike.ownershipId === transfer.fromOwnershipId &&
        bike.ownerPartyId === transfer.senderPartyId &&
        isTransferable({ frame_number: bike.frameNumber, plate_id: bike.plateId, status: bike.status });
      if (!bike || !stillOffered || !transfer.fromOwnershipId || !transfer.recipientPartyId) {
        announcements.push(announcementOf(await decideTransfer(tx, transfer, 'cancelled', null, now)));
        return { ok: false, code: 'transfer_not_pending' };
      }
      const moved = await bikes.moveBikeToNewOwner(tx, {
        bikeId: bike.bikeId,
        fromOwnershipId: transfer.fromOwnershipId,
        toPartyId: transfer.recipientPartyId,
        createdByPartyId: auth.switchedBy ?? auth.identityPartyId,
        now,
      });
      // Conversations people had with the old owner about the bike stay theirs: the new owner must
      // not inherit them, and a later message about the bike opens a new chat with the new owner.
      await chats.detachBikeChats(tx, bike.bikeId);
      const requestPosts: chats.PostedMessage[] = [];
      for (const request of await repository.lockLiveRequestsOfBike(tx, bike.bikeId)) {
        await repository.updateRequest(tx, request.id, { status: 'closed', decidedAt: now });
        // The request this offer answered hears of the acceptance itself; the others are closed.
        if (request.id === transfer.requestId) continue;
        const chatId = await chats.chatIdOfRequest(tx, request.id);
        if (chatId) {
          requestPosts.push(
            await chats.postMessage(tx, { kind: 'system', chatId, systemEvent: 'request_closed' }),
          );
        }
      }
      const decided = await decideTransfer(tx, transfer, 'accepted', auth.identityPartyId, now, {
        toOwnershipId: moved.ownershipId,
      });
      transfer = decided.transfer;
      announcements.push(announcementOf(decided), { posted: requestPosts });
      await recordAuditEventBy(tx, auth, {
        action: 'ownership.transfer_accepted',
        targetPartyId: transfer.senderPartyId,
        details: {
          transfer_id: transfer.id,
          bike_id: bike.bikeId,
          to_party_id: transfer.recipientPartyId,
        },
        now,
      });
      const senderPerson =
        (await identity.findPersonById(tx, transfer.senderPartyId)) ??
        (transfer.createdByPartyId ? await identity.findPersonById(tx, transfer.createdByPartyId) : null);
      if (senderPerson && !senderPerson.deletedAt) {
        await enqueueMail(
          tx,
          transferAcceptedMail({
            to: senderPerson.email,
            language: senderPerson.language,
            bike: describeBike(bike),
            link: `${deps.publicUrl}/app/my-bikes`,
          }),
        );
      }
      const answer = await presentOne(deps, auth.partyId, transfer, 'recipient', tx);
      return {
        ok: true,
        value: { answer: await keepAnswer(tx, idempotency, answer), keys: moved.storageKeys },
      };
    },
  );
  await announce(deps, announcements);
  const { answer, keys } = unwrap(outcome);
  if (keys.length > 0) {
    try {
      await deps.storage.delete(keys);
    } catch (error) {
      // The transfer committed: the answer says so. The objects belong to no row any more and are
      // found by their keys in this log line.
      deps.log?.error(
        { err: error, storageKeys: keys },
        'transfer accepted, but private pictures stayed in storage',
      );
    }
  }
  return answer;
}

/**
 * POST …/reject (the recipient) and …/cancel (the sender): a pending offer ends. An offer that
 * answered a request moves the request on: a rejected offer withdraws it, a cancelled one reopens it.
 */
async function endTransfer(
  deps: OwnershipDeps,
  auth: RequestAuth,
  transferId: string,
  decision: 'rejected' | 'cancelled',
  idempotency: IdempotencyClaim | null,
): Promise<Transfer> {
  const announcements: Announcement[] = [];
  const side = decision === 'rejected' ? 'recipient' : 'sender';
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome<Transfer>> => {
    const now = new Date();
    const resolved = await resolveTransfer(tx, auth, transferId, { lock: true, now });
    announcements.push({ posted: resolved.posted });
    if (resolved.side !== side) throw new AppError('forbidden');
    const transfer = resolved.transfer;
    if (!(await refuseUnlessPending(tx, transfer, now, announcements))) {
      return { ok: false, code: 'transfer_not_pending' };
    }
    const decided = await decideTransfer(tx, transfer, decision, auth.identityPartyId, now);
    announcements.push(announcementOf(decided));
    if (transfer.requestId) {
      const request = await repository.findRequest(tx, transfer.requestId, true);
      if (request && request.status === 'offered' && request.transferId === transfer.id) {
        if (decision === 'rejected') {
          await repository.updateRequest(tx, request.id, { status: 'withdrawn', decidedAt: now });
          if (decided.chatId) {
            announcements.push({
              posted: [
                await chats.postMessage(tx, {
                  kind: 'system',
                  chatId: decided.chatId,
                  systemEvent: 'request_withdrawn',
                }),
              ],
            });
          }
        } else {
          await repository.updateRequest(tx, request.id, { status: 'open' });
        }
      }
    }
    await recordAuditEventBy(tx, auth, {
      action: decision === 'rejected' ? 'ownership.transfer_rejected' : 'ownership.transfer_cancelled',
      targetPartyId: side === 'recipient' ? transfer.senderPartyId : transfer.recipientPartyId,
      details: { transfer_id: transfer.id, bike_id: transfer.bikeId },
      now,
    });
    const answer = await presentOne(deps, auth.partyId, decided.transfer, side, tx);
    return { ok: true, value: await keepAnswer(tx, idempotency, answer) };
  });
  await announce(deps, announcements);
  return unwrap(outcome);
}

export function rejectTransfer(
  deps: OwnershipDeps,
  auth: RequestAuth,
  transferId: string,
  idempotency: IdempotencyClaim | null,
) {
  return endTransfer(deps, auth, transferId, 'rejected', idempotency);
}

/** The sender withdraws the offer (SPEC §4's "the sender can also reject"). */
export function cancelTransfer(
  deps: OwnershipDeps,
  auth: RequestAuth,
  transferId: string,
  idempotency: IdempotencyClaim | null,
) {
  return endTransfer(deps, auth, transferId, 'cancelled', idempotency);
}
