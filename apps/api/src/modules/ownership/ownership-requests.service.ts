import {
  isTransferable,
  type OwnershipRequest,
  type OwnershipRequestCreate,
  type OwnershipRequestCreated,
  type RequestStatus,
  type Transfer,
} from '@nbr/domain/ownership';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { type IdempotencyClaim, keepAnswer } from '../../platform/http/idempotency.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import * as bikes from '../bikes/bikes.facade.ts';
import * as chats from '../chats/chats.facade.ts';
import * as identity from '../identity/identity.facade.ts';
import type { OwnershipDeps } from './ownership.deps.ts';
import { describeBike, ownershipRequestMail, transferOfferMail } from './ownership.mails.ts';
import { currentTransferStatus, requestSideOf } from './ownership.policy.ts';
import { presentRequest } from './ownership.presenter.ts';
import type { RequestRow, TransferRow } from './ownership.repository.ts';
import * as repository from './ownership.repository.ts';
import {
  type Announcement,
  announce,
  chatOfTransfer,
  newOfferCode,
  offerExpiry,
  presentTransfers,
  receiveLink,
} from './ownership-transfers.service.ts';

/*
 * Ownership requests (issue 5 §3): someone who found a bike in the register asks its owner for it.
 * The request opens a chat in which the owner stays anonymous until they write; the owner can offer
 * the bike (a transfer to the requester, in the same chat) or decline; the requester can withdraw.
 * Locks are taken in the transfers' order — bike, transfer, request — so nothing deadlocks with an
 * acceptance.
 */

async function translatingRequestRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (repository.isOpenRequestTaken(error)) throw new AppError('request_exists');
    throw error;
  }
}

/**
 * POST /api/ownership-requests/: asks the owner of a bike the caller may see in public (private
 * bikes: 404) for it; 409 own_bike for one's own bike, 409 request_exists while one is open. The
 * owner gets a mail at once (in their language) with a link to the chat.
 */
export async function createRequest(
  deps: OwnershipDeps,
  auth: RequestAuth,
  input: OwnershipRequestCreate,
  /** The request's Idempotency-Key: the answer commits with the request. */
  idempotency: IdempotencyClaim | null,
): Promise<OwnershipRequestCreated> {
  const { created, posted } = await translatingRequestRace(() =>
    deps.db.transaction(async (tx) => {
      // The bike row is locked first (lock order bike → transfer → request): a request made while an
      // offer is accepted goes to whoever owns the bike once that commits, never to the old owner.
      const { ownerPartyId, isOwn } = await bikes.ownerOfPublicBike(tx, auth, input.bike_id, true);
      if (isOwn) throw new AppError('own_bike');
      const bike = await bikes.findBikeForOwnership(tx, input.bike_id);
      if (!bike) throw new AppError('not_found');
      if (await repository.findLiveRequestOf(tx, bike.bikeId, auth.partyId))
        throw new AppError('request_exists');
      const now = new Date();
      const request = await repository.insertRequest(tx, {
        id: uuidv7(now.getTime()),
        bikeId: bike.bikeId,
        requesterPartyId: auth.partyId,
        ownerPartyId,
        status: 'open',
        createdAt: now,
      });
      const chatId = await chats.openChat(
        tx,
        { kind: 'request', requestId: request.id, bikeId: bike.bikeId },
        [
          { partyId: auth.partyId, role: 'requester', isNameVisible: true },
          // The requester never learns who owns the bike unless the owner writes.
          { partyId: ownerPartyId, role: 'owner', isNameVisible: false },
        ],
      );
      const messages = [
        await chats.postMessage(tx, { kind: 'system', chatId, systemEvent: 'request_opened' }),
        await chats.postMessage(tx, {
          kind: 'text',
          chatId,
          senderPartyId: auth.partyId,
          content: input.message,
        }),
      ];
      const owner = await identity.findPersonById(tx, ownerPartyId);
      if (owner && !owner.deletedAt) {
        await enqueueMail(
          tx,
          ownershipRequestMail({
            to: owner.email,
            language: owner.language,
            bike: describeBike(bike),
            link: `${deps.publicUrl}/app/chats/${chatId}`,
          }),
        );
      }
      const created = await keepAnswer(tx, idempotency, { request_id: request.id, chat_id: chatId });
      return { created, posted: messages };
    }),
  );
  await announce(deps, [{ posted }]);
  return created;
}

async function presentRequests(
  deps: OwnershipDeps,
  executor: Executor,
  partyId: string,
  rows: readonly RequestRow[],
): Promise<OwnershipRequest[]> {
  const bikeIds = rows.flatMap((row) => (row.bikeId ? [row.bikeId] : []));
  // The owner sees the details of their own bike (and only while it is theirs); the requester what
  // the register shows anyone.
  const [bikeViews, names] = await Promise.all([
    bikes.describeBikesForOwnership(executor, deps.fileUrls, bikeIds, 'stranger', partyId),
    identity.partyNames(
      executor,
      rows.map((row) => row.requesterPartyId),
    ),
  ]);
  const now = new Date();
  const answers: OwnershipRequest[] = [];
  for (const row of rows) {
    const side = requestSideOf(partyId, row);
    if (!side) continue;
    const chatId = await chats.chatIdOfRequest(executor, row.id);
    if (!chatId) continue;
    const transfer = row.transferId ? await repository.findTransfer(executor, row.transferId) : null;
    answers.push(
      presentRequest(row, {
        side,
        bike: row.bikeId ? bikeViews.get(row.bikeId) : undefined,
        requesterName: names.get(row.requesterPartyId) ?? null,
        chatId,
        hasPendingOffer: transfer !== null && currentTransferStatus(transfer, now) === 'pending',
      }),
    );
  }
  return answers;
}

/** GET /api/ownership-requests/: requests the acting party made or received, newest first. */
export async function listRequests(deps: OwnershipDeps, auth: RequestAuth): Promise<OwnershipRequest[]> {
  const rows = await repository.listRequestsOfParty(deps.db, auth.partyId);
  return presentRequests(deps, deps.db, auth.partyId, rows);
}

/** The request and the caller's side; another party's request answers 404 like an unknown id. */
async function findOwnRequest(
  executor: Executor,
  auth: RequestAuth,
  requestId: string,
): Promise<{ request: RequestRow; side: 'requester' | 'owner' }> {
  const request = isUuid(requestId) ? await repository.findRequest(executor, requestId) : null;
  const side = request ? requestSideOf(auth.partyId, request) : null;
  if (!request || !side) throw new AppError('not_found');
  return { request, side };
}

function isLive(status: string): boolean {
  return status === 'open' || status === 'offered';
}

/**
 * POST /api/ownership-requests/{request_id}/offer: the owner starts a transfer to the requester. The
 * offer goes to the requester's account and address (never answered to the owner) and appears in
 * the request's chat; the owner stays anonymous in it and in the mail.
 */
export async function offerFromRequest(
  deps: OwnershipDeps,
  auth: RequestAuth,
  requestId: string,
  /** The request's Idempotency-Key: the answer commits with the offer. */
  idempotency: IdempotencyClaim | null,
): Promise<Transfer> {
  const { transfer, posted } = await deps.db.transaction(async (tx) => {
    const found = await findOwnRequest(tx, auth, requestId);
    if (found.side !== 'owner') throw new AppError('forbidden');
    if (!found.request.bikeId || !isLive(found.request.status)) throw new AppError('request_not_open');
    // The bike first, then the request: the order of an acceptance.
    const bike = await bikes.findBikeForOwnership(tx, found.request.bikeId, true);
    const request = await repository.findRequest(tx, found.request.id, true);
    if (!bike || !request || !isLive(request.status) || bike.ownerPartyId !== auth.partyId) {
      throw new AppError('request_not_open');
    }
    const transferable = isTransferable({
      frame_number: bike.frameNumber,
      plate_id: bike.plateId,
      status: bike.status,
    });
    if (!transferable || !bike.ownershipId) throw new AppError('bike_not_transferable');
    const now = new Date();
    await repository.expireLapsedTransfersOfBike(tx, bike.bikeId, now);
    if (await repository.hasPendingTransfer(tx, bike.bikeId)) {
      throw new AppError('transfer_pending');
    }
    const requester = await identity.findPersonById(tx, request.requesterPartyId);
    if (!requester || requester.deletedAt) throw new AppError('request_not_open');
    const { code, codeHash } = newOfferCode();
    const created = await repository.insertTransfer(tx, {
      id: uuidv7(now.getTime()),
      bikeId: bike.bikeId,
      fromOwnershipId: bike.ownershipId,
      senderPartyId: auth.partyId,
      createdByPartyId: auth.switchedBy ?? auth.identityPartyId,
      recipientEmail: requester.email,
      recipientPartyId: requester.partyId,
      codeHash,
      status: 'pending',
      requestId: request.id,
      createdAt: now,
      expiresAt: offerExpiry(now),
    });
    await repository.updateRequest(tx, request.id, { status: 'offered', transferId: created.id });
    const chatId = await chats.chatIdOfRequest(tx, request.id);
    const messages = chatId
      ? [
          await chats.postMessage(tx, {
            kind: 'transfer_offer',
            chatId,
            transferId: created.id,
            readBy: auth.partyId,
          }),
        ]
      : [];
    await enqueueMail(
      tx,
      transferOfferMail({
        to: requester.email,
        language: requester.language,
        senderName: null,
        anonymousOwner: true,
        bike: describeBike(bike),
        hasAccount: true,
        link: receiveLink(deps.publicUrl, code),
      }),
    );
    await recordAuditEventBy(tx, auth, {
      action: 'ownership.transfer_created',
      targetPartyId: auth.partyId,
      details: { transfer_id: created.id, bike_id: bike.bikeId, request_id: request.id },
      now,
    });
    const [answer] = await presentTransfers(
      deps,
      tx,
      auth.partyId,
      [created],
      new Map([[created.id, 'sender']]),
    );
    if (!answer) throw new AppError('not_found');
    return { transfer: await keepAnswer(tx, idempotency, answer), posted: messages };
  });
  await announce(deps, [{ posted }]);
  return transfer;
}

/**
 * POST …/decline (the owner) and …/withdraw (the requester): the request ends; a pending offer made
 * from it is cancelled with it.
 */
async function endRequest(
  deps: OwnershipDeps,
  auth: RequestAuth,
  requestId: string,
  decision: Extract<RequestStatus, 'declined' | 'withdrawn'>,
  idempotency: IdempotencyClaim | null,
): Promise<OwnershipRequest> {
  const side = decision === 'declined' ? 'owner' : 'requester';
  const announcements: Announcement[] = [];
  const request = await deps.db.transaction(async (tx) => {
    const found = await findOwnRequest(tx, auth, requestId);
    if (found.side !== side) throw new AppError('forbidden');
    // The transfer first, then the request: the order of an acceptance.
    const transfer = found.request.transferId
      ? await repository.findTransfer(tx, found.request.transferId, true)
      : null;
    const locked = await repository.findRequest(tx, found.request.id, true);
    if (!locked || !isLive(locked.status)) throw new AppError('request_not_open');
    const now = new Date();
    const chatId = await chats.chatIdOfRequest(tx, locked.id);
    if (transfer && transfer.status === 'pending') {
      announcements.push(await cancelOffer(tx, transfer, auth, now));
    }
    const updated = await repository.updateRequest(tx, locked.id, { status: decision, decidedAt: now });
    if (chatId) {
      announcements.push({
        posted: [
          await chats.postMessage(tx, {
            kind: 'system',
            chatId,
            systemEvent: decision === 'declined' ? 'request_declined' : 'request_withdrawn',
            readBy: auth.partyId,
          }),
        ],
      });
    }
    const [answer] = await presentRequests(deps, tx, auth.partyId, [updated]);
    if (!answer) throw new AppError('not_found');
    return keepAnswer(tx, idempotency, answer);
  });
  await announce(deps, announcements);
  return request;
}

async function cancelOffer(tx: Executor, transfer: TransferRow, auth: RequestAuth, now: Date) {
  const status = currentTransferStatus(transfer, now) === 'expired' ? 'expired' : 'cancelled';
  const updated = await repository.updateTransfer(tx, transfer.id, {
    status,
    decidedAt: now,
    decidedByPartyId: auth.identityPartyId,
  });
  const chatId = await chatOfTransfer(tx, updated);
  const posted = chatId
    ? [
        await chats.postMessage(tx, {
          kind: 'system',
          chatId,
          systemEvent: status === 'expired' ? 'transfer_expired' : 'transfer_cancelled',
          transferId: transfer.id,
          readBy: status === 'expired' ? null : auth.partyId,
        }),
      ]
    : [];
  return {
    posted,
    transfer: {
      transferId: transfer.id,
      chatId,
      status,
      partyIds: [transfer.senderPartyId, transfer.recipientPartyId],
    },
  } satisfies Announcement;
}

export function declineRequest(
  deps: OwnershipDeps,
  auth: RequestAuth,
  requestId: string,
  idempotency: IdempotencyClaim | null,
) {
  return endRequest(deps, auth, requestId, 'declined', idempotency);
}

export function withdrawRequest(
  deps: OwnershipDeps,
  auth: RequestAuth,
  requestId: string,
  idempotency: IdempotencyClaim | null,
) {
  return endRequest(deps, auth, requestId, 'withdrawn', idempotency);
}
