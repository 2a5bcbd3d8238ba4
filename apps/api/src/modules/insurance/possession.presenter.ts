import {
  type InsuredItemStatus,
  missingUploads,
  type Possession,
  type PossessionDetail,
  type PossessionUpload,
  type RequiredUpload,
} from '@nbr/domain/insurance';
import type { CheckRow, ItemFacts, UploadRow } from './possession.repository.ts';

/** A signed address of a bike file, as bikes.signedFileUrls answers it. */
export interface SignedFile {
  url: string;
  thumbnailUrl: string | null;
  fileClass: string;
}

/** What the insured items of policies still lack, and why a sent-back one was sent back. */
export interface ItemSummary {
  missingUploads: string[];
  missingDetails: string[];
  rejectionReason: string | null;
}

/** What the proof of an insured bike still lacks: nothing once it has been sent (pending or decided). */
export function missingOf(
  status: InsuredItemStatus,
  requiredUploads: readonly string[],
  uploadKinds: readonly string[],
  bike: { category: string | null; type: string | null },
): { uploads: RequiredUpload[]; details: PossessionDetail[] } {
  if (status === 'pending' || status === 'verified') return { uploads: [], details: [] };
  const details: PossessionDetail[] = [];
  if (!bike.category) details.push('category');
  if (!bike.type) details.push('type');
  return { uploads: missingUploads(requiredUploads, uploadKinds), details };
}

/** Uploads whose file is at hand (a signed address was made for it). */
export function presentUploads(
  uploads: readonly UploadRow[],
  files: ReadonlyMap<string, SignedFile>,
): PossessionUpload[] {
  return uploads.flatMap((upload) => {
    const file = files.get(upload.bikeFileId);
    if (!file) return [];
    return [
      {
        id: upload.id,
        kind: upload.kind as RequiredUpload,
        file_id: upload.bikeFileId,
        file_class: upload.fileClass as 'picture' | 'document',
        url: file.url,
        thumbnail_url: file.thumbnailUrl,
        created_at: upload.createdAt.toISOString(),
      },
    ];
  });
}

export function presentPossession(
  item: ItemFacts,
  uploads: readonly UploadRow[],
  files: ReadonlyMap<string, SignedFile>,
  check: CheckRow | null,
): Possession {
  const status = item.verificationStatus as InsuredItemStatus;
  const missing = missingOf(
    status,
    item.requiredUploads,
    uploads.map((upload) => upload.kind),
    item.bike,
  );
  return {
    insured_item_id: item.id,
    policy_id: item.policyId,
    insurer_party_id: item.insurerPartyId,
    bike_id: item.bikeId,
    verification_status: status,
    required_uploads: item.requiredUploads as RequiredUpload[],
    uploads: presentUploads(uploads, files),
    missing_uploads: missing.uploads,
    missing_details: missing.details,
    rejection_reason: status === 'rejected' ? (check?.rejectionReason ?? null) : null,
    submitted_at: check?.submittedAt?.toISOString() ?? null,
    decided_at: check?.decidedAt?.toISOString() ?? null,
  };
}
