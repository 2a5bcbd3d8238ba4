import type { LockApproval } from '@nbr/domain/insurance';
import type { LockTest, LockTestStatus } from '@nbr/domain/insurance-lock-tests';
import type { PolicyAudience } from './insurance.policy.ts';
import type { LockTestRow } from './lock-tests.repository.ts';
import type { InsuredItemRow } from './policies.repository.ts';

export interface LockTestContext {
  /** Signed addresses of the answer's pictures, in the order given. */
  pictures: Array<{ file_id: string; url: string; thumbnail_url: string | null }>;
  insurerName: string;
  insurerPolicyNumber: string | null;
  expectedApproval: LockApproval;
  /** The bikes on the policy (still the holder's), which the answer may name. */
  items: readonly InsuredItemRow[];
  audience: PolicyAudience;
}

/**
 * A lock test per audience: all see the request, the answer and the decision; the address the
 * insurer asked is left out of the holder's own answers (it is theirs). The staff member who asked
 * or decided is never named: the insurer answers as the company.
 */
export function presentLockTest(row: LockTestRow, context: LockTestContext): LockTest {
  const answered = row.answeredAt !== null && row.approval !== null;
  return {
    id: row.id,
    insurer: { party_id: row.insurerPartyId, name: context.insurerName },
    policy: { id: row.policyId, insurer_policy_number: context.insurerPolicyNumber },
    requested_email: context.audience === 'holder' ? null : row.requestedEmail,
    expected_approval: context.expectedApproval,
    status: row.status as LockTestStatus,
    bikes: context.items.map((item) => ({
      bike_id: item.bikeId,
      nickname: item.bike.nickname,
      brand: item.bike.brand,
      model: item.bike.model,
      frame_number: item.bike.frameNumber,
    })),
    answer: answered
      ? {
          approval: row.approval as LockApproval,
          certificate_number: row.certificateNumber ?? '',
          lock_name: row.lockName ?? '',
          key_number: row.keyNumber ?? '',
          bike_id: row.bikeId,
          certificate_frame_number: row.certificateFrameNumber ?? '',
          frame_number_matches: row.frameNumberMatches ?? false,
          dealer_stamp: row.dealerStamp ?? false,
          pictures: context.pictures,
          answered_at: row.answeredAt!.toISOString(),
        }
      : null,
    decision_reason: row.decisionReason,
    decided_at: row.decidedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
