import { describe, expect, it } from 'vitest';
import { readTransferDraft, writeTransferDraft } from './transfer-draft.ts';
import { notTransferableReason } from './transferability.ts';

describe('notTransferableReason', () => {
  it('answers none for a bike with plate and frame number that is not stolen', () => {
    expect(notTransferableReason({ frame_number: 'WBK123', plate_id: 'AB123', status: 'active' })).toBeNull();
  });

  it('names what is missing, or that the bike is reported stolen', () => {
    expect(notTransferableReason({ frame_number: null, plate_id: 'AB123', status: 'active' })).toBe(
      'missingFrameNumber',
    );
    expect(notTransferableReason({ frame_number: 'WBK123', plate_id: null, status: 'active' })).toBe(
      'missingPlate',
    );
    expect(notTransferableReason({ frame_number: null, plate_id: null, status: 'active' })).toBe(
      'missingBoth',
    );
    expect(notTransferableReason({ frame_number: 'WBK123', plate_id: 'AB123', status: 'stolen' })).toBe(
      'stolen',
    );
  });
});

describe('transfer draft', () => {
  it('keeps the typed addresses per bike until cleared', () => {
    writeTransferDraft('bike-1', { recipient_email: 'b@example.com', recipient_email_confirmation: 'b@ex' });
    expect(readTransferDraft('bike-1')).toEqual({
      recipient_email: 'b@example.com',
      recipient_email_confirmation: 'b@ex',
    });
    expect(readTransferDraft('bike-2')).toBeNull();
    writeTransferDraft('bike-1', null);
    expect(readTransferDraft('bike-1')).toBeNull();
  });
});
