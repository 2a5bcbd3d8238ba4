import type {
  CoverKind,
  InsuredItemStatus,
  Policy,
  PolicyStatus,
  PossessionDetail,
  RequiredUpload,
} from '@nbr/domain/insurance';
import type { PolicyAudience } from './insurance.policy.ts';
import type { InsuredItemRow, PolicyRow } from './policies.repository.ts';
import type { ItemSummary } from './possession.presenter.ts';

function wholeKroner(priceMinor: number | null): number | null {
  return priceMinor === null ? null : Math.floor(priceMinor / 100);
}

export interface PolicyContext {
  insurerName: string;
  items: readonly InsuredItemRow[];
  /** Name and address of the holder; shown to the insurer and our staff, never needed by the holder. */
  holder: { name: string | null; email: string } | null;
  /** What each insured item's proof of possession still lacks (issue 16 §2), by item id. */
  possession: ReadonlyMap<string, ItemSummary>;
  product: Policy['product'];
}

/**
 * A policy per audience: the holder sees their policy; the insurer's staff and ours see also who
 * holds it, by name and address only — the policy needs no more of the person (no phone, no street
 * address, no national id). The register keeps no insurer-internal notes on a policy yet; when it
 * does, they are added here for 'insurer' and 'staff' only.
 */
export function presentPolicy(row: PolicyRow, context: PolicyContext, audience: PolicyAudience): Policy {
  return {
    id: row.id,
    insurer: { party_id: row.insurerPartyId, name: context.insurerName },
    holder: audience === 'holder' ? null : context.holder,
    insurer_policy_number: row.insurerPolicyNumber,
    coverage: row.coverage as CoverKind,
    product_id: row.productId,
    product: context.product,
    number_of_bikes: row.numberOfBikes,
    status: row.status as PolicyStatus,
    annual_premium: { amount_minor: row.annualPremiumMinor, currency: row.currency as 'DKK' | 'NOK' },
    insured_items: context.items.map((item) => ({
      id: item.id,
      bike_id: item.bikeId,
      bike: {
        nickname: item.bike.nickname,
        brand: item.bike.brand,
        model: item.bike.model,
        frame_number: item.bike.frameNumber,
        category: item.bike.category,
        is_electric: item.bike.isElectric,
        price: wholeKroner(item.bike.priceMinor),
      },
      verification_status: item.verificationStatus as InsuredItemStatus,
      missing_uploads: (context.possession.get(item.id)?.missingUploads ?? []) as RequiredUpload[],
      missing_details: (context.possession.get(item.id)?.missingDetails ?? []) as PossessionDetail[],
      rejection_reason: context.possession.get(item.id)?.rejectionReason ?? null,
      created_at: item.createdAt.toISOString(),
      updated_at: item.updatedAt.toISOString(),
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    activated_at: row.activatedAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
  };
}
