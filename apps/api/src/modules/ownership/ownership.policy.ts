import {
  effectiveTransferStatus,
  type RequestAction,
  type RequestStatus,
  type TransferStatus,
  type VerificationStatus,
} from '@nbr/domain/ownership';

/*
 * Who may do what with transfers, requests and verifications. Pure functions over plain facts,
 * tested as a matrix in ownership.policy.test.ts. "The caller" is the acting party (the token's
 * party_id); a transfer or request the caller takes no part in answers 404 like an unknown id.
 */

export interface TransferFacts {
  senderPartyId: string;
  recipientPartyId: string | null;
  status: string;
  expiresAt: Date;
}

/** The caller's side of a transfer, or null when they take no part (yet: an unbound recipient). */
export function transferSideOf(partyId: string, transfer: TransferFacts): 'sender' | 'recipient' | null {
  if (transfer.senderPartyId === partyId) return 'sender';
  if (transfer.recipientPartyId !== null && transfer.recipientPartyId === partyId) return 'recipient';
  return null;
}

/** The status as of now: a pending offer past its expiry is expired. */
export function currentTransferStatus(transfer: Pick<TransferFacts, 'status' | 'expiresAt'>, now: Date) {
  return effectiveTransferStatus(transfer.status as TransferStatus, transfer.expiresAt, now);
}

/**
 * Whether the caller may take an unbound offer for themself: it was made to their sign-in address
 * and they have proven that mailbox (a confirmed address, or the code from the offer mail).
 */
export function canBindOffer(input: {
  recipientEmail: string;
  callerEmail: string;
  mailboxProven: boolean;
}): boolean {
  return input.mailboxProven && input.recipientEmail === input.callerEmail.toLowerCase();
}

export interface RequestFacts {
  requesterPartyId: string;
  ownerPartyId: string;
  status: string;
}

export function requestSideOf(partyId: string, request: RequestFacts): 'requester' | 'owner' | null {
  if (request.requesterPartyId === partyId) return 'requester';
  if (request.ownerPartyId === partyId) return 'owner';
  return null;
}

/**
 * The owner offers the bike or declines while the request is open (or offered, when the offer
 * lapsed or was cancelled: they may offer again); the requester withdraws while it is live.
 */
export function requestActionsFor(
  side: 'requester' | 'owner',
  status: RequestStatus,
  hasPendingOffer: boolean,
): RequestAction[] {
  if (status !== 'open' && status !== 'offered') return [];
  if (side === 'requester') return ['withdraw'];
  return hasPendingOffer ? ['decline'] : ['offer', 'decline'];
}

/** The owner edits the steps of a draft (or of a rejected one, which becomes a draft again). */
export function isVerificationEditable(status: VerificationStatus): boolean {
  return status === 'not_started' || status === 'draft' || status === 'rejected';
}

/** Staff decide only what was submitted. */
export function isVerificationDecidable(status: VerificationStatus): boolean {
  return status === 'submitted';
}
