import {
  applicableSteps,
  type InsuranceVerification,
  type InsuredItemStatus,
  type VerificationSteps,
} from '@nbr/domain/insurance';
import { presentUploads, type SignedFile } from './possession.presenter.ts';
import type { CheckRow, ItemFacts, UploadRow } from './possession.repository.ts';

/** The step decisions of a check; all undecided before the first. */
export function stepsOf(check: CheckRow | null): VerificationSteps {
  return {
    frame_number: check?.frameNumberMatches ?? null,
    plate: check?.plateFitted ?? null,
    receipt: check?.receiptMatches ?? null,
  };
}

/**
 * One check for our staff: the holder's uploads beside what the register holds of the bike
 * (frame number, plate, price and purchase date), and who holds the policy by name and address.
 */
export function presentVerification(
  item: ItemFacts,
  context: {
    insurerName: string;
    holder: { name: string | null; email: string } | null;
    plateId: string | null;
    uploads: readonly UploadRow[];
    files: ReadonlyMap<string, SignedFile>;
    check: CheckRow | null;
  },
): InsuranceVerification {
  const { check } = context;
  const status = item.verificationStatus as InsuredItemStatus;
  return {
    insured_item_id: item.id,
    policy_id: item.policyId,
    insurer: { party_id: item.insurerPartyId, name: context.insurerName },
    holder: context.holder,
    verification_status: status,
    submitted_at: check?.submittedAt?.toISOString() ?? null,
    decided_at: check?.decidedAt?.toISOString() ?? null,
    rejection_reason: status === 'rejected' ? (check?.rejectionReason ?? null) : null,
    steps: stepsOf(check),
    applicable_steps: applicableSteps(item.requiredUploads, context.plateId !== null),
    uploads: presentUploads(context.uploads, context.files),
    register: {
      bike_id: item.bikeId,
      nickname: item.bike.nickname,
      brand: item.bike.brand,
      model: item.bike.model,
      frame_number: item.bike.frameNumber,
      plate_id: context.plateId,
      category: item.bike.category,
      type: item.bike.type,
      is_electric: item.bike.isElectric,
      price: item.bike.priceMinor === null ? null : Math.floor(item.bike.priceMinor / 100),
      currency: item.bike.currency,
      purchase_date: item.bike.purchaseDate,
    },
  };
}
