import type { Executor } from '../../db/client.ts';
import { presentHolderDetails } from './checkout.presenter.ts';
import { listHolderDetailsOf } from './checkout.repository.ts';
import { findDraft } from './onboarding.repository.ts';
import { listPoliciesOfHolder } from './policies.repository.ts';
import { presentPolicyTo } from './policies.service.ts';
import { listPreRegistrationsOf } from './pre-registrations.repository.ts';

/**
 * Insurance's section of the personal data export (use-cases/export-personal-data.ts): the person's
 * policies with their insured bikes, their checkout details of each (the national id number masked:
 * docs/personal-data-export.md), their onboarding draft, and what insurers uploaded about them
 * (pre-registrations with one of their addresses or linked to their policies).
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
  const draft = await findDraft(executor, partyId);
  return {
    insurance_policies: policies,
    insurance_holder_details: (await listHolderDetailsOf(executor, partyId)).map((row) =>
      presentHolderDetails(row, null, 'masked'),
    ),
    insurance_onboarding_draft: draft
      ? {
          fields: draft.fields,
          created_at: draft.createdAt.toISOString(),
          updated_at: draft.updatedAt.toISOString(),
        }
      : null,
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
