import { describe, expect, it } from 'vitest';
import {
  canAnswerLockTest,
  frameNumbersMatch,
  isOpenLockTest,
  LockTestAnswerSchema,
  LockTestDecisionSchema,
  LockTestRequestSchema,
} from './insurance-lock-tests.ts';

describe('frameNumbersMatch', () => {
  it('matches however the frame number was typed on the certificate or stamped on the bike', () => {
    expect(frameNumbersMatch('wbk-2847 3j', 'WBK 2847 3J')).toBe(true);
    expect(frameNumbersMatch('ＷＢＫ２８４７３Ｊ', 'WBK28473J')).toBe(true);
  });

  it('does not match another number, an empty one or a bike without a frame number', () => {
    expect(frameNumbersMatch('WBK28474J', 'WBK28473J')).toBe(false);
    expect(frameNumbersMatch(' - ', 'WBK28473J')).toBe(false);
    expect(frameNumbersMatch('WBK28473J', null)).toBe(false);
  });
});

describe('lock test statuses', () => {
  it('waits while requested or answered, and may be answered until decided', () => {
    expect(
      ['requested', 'answered', 'approved', 'rejected'].map((status) => isOpenLockTest(status as never)),
    ).toEqual([true, true, false, false]);
    expect(canAnswerLockTest('answered')).toBe(true);
    expect(canAnswerLockTest('approved')).toBe(false);
  });
});

const codes = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('LockTestRequestSchema', () => {
  it('takes an address and a policy id, trimmed', () => {
    expect(LockTestRequestSchema.parse({ email: 'a@example.dk', policy_id: ' P-1 ' }).policy_id).toBe('P-1');
  });

  it('refuses a missing policy and unknown fields', () => {
    expect(codes(LockTestRequestSchema.safeParse({ email: 'a@example.dk', policy_id: '  ' }))).toEqual([
      ['policy_id', 'required'],
    ]);
    expect(
      LockTestRequestSchema.safeParse({ email: 'a@example.dk', policy_id: 'P', note: 'x' }).success,
    ).toBe(false);
  });
});

describe('LockTestAnswerSchema', () => {
  const answer = {
    approval: 'fg',
    certificate_number: 'FG 1234',
    lock_name: 'Abloy',
    key_number: '77',
    bike_id: '0190a6f2-1a2b-7c3d-8e4f-000000000001',
    certificate_frame_number: 'A1',
    dealer_stamp: false,
  };

  it('takes what the certificate says', () => {
    expect(LockTestAnswerSchema.parse(answer)).toEqual({ ...answer, picture_file_ids: [] });
  });

  it('names each missing or malformed field', () => {
    expect(
      codes(
        LockTestAnswerSchema.safeParse({ ...answer, key_number: '', bike_id: 'x', dealer_stamp: undefined }),
      ),
    ).toEqual([
      ['key_number', 'required'],
      ['bike_id', 'invalid_value'],
      ['dealer_stamp', 'required'],
    ]);
  });
});

describe('LockTestDecisionSchema', () => {
  it('approves without a reason and rejects only with one', () => {
    expect(LockTestDecisionSchema.parse({ decision: 'approved' })).toEqual({
      decision: 'approved',
      reason: '',
    });
    expect(codes(LockTestDecisionSchema.safeParse({ decision: 'rejected', reason: '  ' }))).toEqual([
      ['reason', 'required'],
    ]);
    expect(codes(LockTestDecisionSchema.safeParse({ decision: 'maybe' }))).toEqual([
      ['decision', 'invalid_value'],
    ]);
  });
});
