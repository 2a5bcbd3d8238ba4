import type { Executor } from '../../db/client.ts';
import { listPoliciesOfHolder } from './policies.repository.ts';
import { presentPolicyTo } from './policies.service.ts';
import { listUploadsOfHolder } from './possession.repository.ts';
import { listPreRegistrationsOf } from './pre-registrations.repository.ts';

/**
 * Insurance's section of the personal data export (use-cases/export-personal-data.ts): the person's
 * policies with their insured bikes, the files they linked as proof of possession (the files
 * themselves are in the bikes section), and what insurers uploaded about them (pre-registrations
 * with one of their addresses or linked to their policies).
 */
export async function insurancePersonalData(
  executor: Executor,
  partyId: string,
  addresses: readonly string[],
) {
  const policies = [];
  for (const row of await listPoliciesOfHolder(executor, partyId)) {
    policies.push(await presentPolicyTo(executor, row, 'holder'));
  }
  return {
    insurance_policies: policies,
    insurance_possession_uploads: (await listUploadsOfHolder(executor, partyId)).map((row) => ({
      insured_item_id: row.insuredItemId,
      kind: row.kind,
      bike_file_id: row.bikeFileId,
      created_at: row.createdAt.toISOString(),
    })),
    insurance_pre_registrations: (await listPreRegistrationsOf(executor, partyId, addresses)).map((row) => ({
      insurer_party_id: row.insurerPartyId,
      insurer_policy_id: row.insurerPolicyId,
      holder_email: row.holderEmail,
      holder_name: row.holderName,
      matched_policy_id: row.matchedPolicyId,
      matched_at: row.matchedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
