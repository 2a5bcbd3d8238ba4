import { describe, expect, it } from 'vitest';
import {
  canBindOffer,
  currentTransferStatus,
  isVerificationDecidable,
  isVerificationEditable,
  requestActionsFor,
  requestSideOf,
  transferSideOf,
} from './ownership.policy.ts';

const now = new Date('2026-05-01T12:00:00Z');
const later = new Date('2026-05-02T12:00:00Z');
const earlier = new Date('2026-04-30T12:00:00Z');

describe('ownership policy', () => {
  it('tells the sides of a transfer apart; an unbound recipient takes no part yet', () => {
    const transfer = { senderPartyId: 's', recipientPartyId: 'r', status: 'pending', expiresAt: later };
    expect(transferSideOf('s', transfer)).toBe('sender');
    expect(transferSideOf('r', transfer)).toBe('recipient');
    expect(transferSideOf('x', transfer)).toBeNull();
    expect(transferSideOf('r', { ...transfer, recipientPartyId: null })).toBeNull();
  });

  it('reads a lapsed pending offer as expired', () => {
    expect(currentTransferStatus({ status: 'pending', expiresAt: earlier }, now)).toBe('expired');
    expect(currentTransferStatus({ status: 'pending', expiresAt: later }, now)).toBe('pending');
    expect(currentTransferStatus({ status: 'accepted', expiresAt: earlier }, now)).toBe('accepted');
  });

  it('binds an offer only to its own address, once the mailbox is proven', () => {
    const offer = { recipientEmail: 'b@example.dk' };
    expect(canBindOffer({ ...offer, callerEmail: 'B@example.dk', mailboxProven: true })).toBe(true);
    expect(canBindOffer({ ...offer, callerEmail: 'b@example.dk', mailboxProven: false })).toBe(false);
    expect(canBindOffer({ ...offer, callerEmail: 'c@example.dk', mailboxProven: true })).toBe(false);
  });

  it('gives each side of a request its actions while it is live', () => {
    const request = { requesterPartyId: 'q', ownerPartyId: 'o', status: 'open' };
    expect(requestSideOf('q', request)).toBe('requester');
    expect(requestSideOf('o', request)).toBe('owner');
    expect(requestSideOf('x', request)).toBeNull();
    expect(requestActionsFor('owner', 'open', false)).toEqual(['offer', 'decline']);
    expect(requestActionsFor('owner', 'offered', true)).toEqual(['decline']);
    expect(requestActionsFor('requester', 'offered', true)).toEqual(['withdraw']);
    for (const status of ['declined', 'withdrawn', 'closed'] as const) {
      expect(requestActionsFor('owner', status, false)).toEqual([]);
      expect(requestActionsFor('requester', status, false)).toEqual([]);
    }
  });

  it('lets the owner edit until submitted, and staff decide only what was submitted', () => {
    expect(isVerificationEditable('not_started')).toBe(true);
    expect(isVerificationEditable('draft')).toBe(true);
    expect(isVerificationEditable('rejected')).toBe(true);
    expect(isVerificationEditable('submitted')).toBe(false);
    expect(isVerificationEditable('approved')).toBe(false);
    expect(isVerificationDecidable('submitted')).toBe(true);
    expect(isVerificationDecidable('draft')).toBe(false);
  });
});
