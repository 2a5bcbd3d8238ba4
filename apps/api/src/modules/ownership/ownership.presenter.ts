import type {
  FileUploader,
  OwnershipBike,
  OwnershipRequest,
  OwnershipVerification,
  OwnershipVerificationQueueItem,
  RequestStatus,
  Transfer,
  VerificationStatus,
} from '@nbr/domain/ownership';
import { transferActionsFor } from '@nbr/domain/ownership';
import { currentTransferStatus, requestActionsFor } from './ownership.policy.ts';
import type { RequestRow, TransferRow, VerificationRow } from './ownership.repository.ts';

/*
 * The one place ownership rows become answers, always for one reader. The recipient's address is
 * answered to the sender only, and not even to them when the offer answers a request (the owner must
 * not learn the requester's address); the sender's name goes to the recipient, except for an owner
 * who stays anonymous in a request.
 */

/** A bike that was deleted meanwhile: the history stays readable without it. */
function goneBike(bikeId: string | null): OwnershipBike {
  return {
    bike_id: bikeId ?? '00000000-0000-0000-0000-000000000000',
    nickname: null,
    brand: null,
    model: null,
    category: null,
    color: null,
    is_electric: false,
    frame_number: null,
    plate_id: null,
    thumbnail_url: null,
  };
}

export interface TransferView {
  side: 'sender' | 'recipient';
  bike: OwnershipBike | undefined;
  senderName: string | null;
  chatId: string | null;
  now: Date;
}

export function presentTransfer(row: TransferRow, view: TransferView): Transfer {
  const status = currentTransferStatus(row, view.now);
  const isSender = view.side === 'sender';
  return {
    transfer_id: row.id,
    status,
    direction: isSender ? 'outgoing' : 'incoming',
    bike: view.bike ?? goneBike(row.bikeId),
    sender_name: isSender || row.requestId ? null : view.senderName,
    recipient_email: isSender && !row.requestId ? row.recipientEmail : null,
    chat_id: view.chatId,
    actions: transferActionsFor(view.side, status),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

export interface RequestView {
  side: 'requester' | 'owner';
  bike: OwnershipBike | undefined;
  requesterName: string | null;
  chatId: string;
  /** The request's transfer is pending (the owner cannot offer twice). */
  hasPendingOffer: boolean;
}

export function presentRequest(row: RequestRow, view: RequestView): OwnershipRequest {
  const status = row.status as RequestStatus;
  return {
    request_id: row.id,
    status,
    direction: view.side === 'requester' ? 'outgoing' : 'incoming',
    bike: view.bike ?? goneBike(row.bikeId),
    requester_name: view.side === 'owner' ? view.requesterName : null,
    chat_id: view.chatId,
    transfer_id: row.transferId,
    actions: requestActionsFor(view.side, status, view.hasPendingOffer),
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

export function presentVerification(bikeId: string, row: VerificationRow | null): OwnershipVerification {
  return {
    verification_id: row?.id ?? null,
    bike_id: bikeId,
    status: (row?.status as VerificationStatus | undefined) ?? 'not_started',
    frame_step_done: Boolean(row?.frameNumber && row.framePictureId),
    owner_step_done: Boolean(row?.proofFileId),
    frame_number: row?.frameNumber ?? null,
    frame_picture_id: row?.framePictureId ?? null,
    proof_file_id: row?.proofFileId ?? null,
    note: row?.note ?? null,
    rejection_reason: row?.rejectionReason ?? null,
    submitted_at: row?.submittedAt?.toISOString() ?? null,
    decided_at: row?.decidedAt?.toISOString() ?? null,
  };
}

export function presentVerificationQueueItem(
  row: VerificationRow,
  extra: {
    bike: OwnershipBike | undefined;
    ownerName: string | null;
    framePictureUrl: string | null;
    proofFileUrl: string | null;
    framePictureUploader: FileUploader | null;
    proofFileUploader: FileUploader | null;
  },
): OwnershipVerificationQueueItem {
  return {
    ...presentVerification(row.bikeId, row),
    verification_id: row.id,
    bike: extra.bike ?? goneBike(row.bikeId),
    owner_name: extra.ownerName,
    frame_picture_url: extra.framePictureUrl,
    proof_file_url: extra.proofFileUrl,
    frame_picture_uploader: extra.framePictureUploader,
    proof_file_uploader: extra.proofFileUploader,
  };
}
