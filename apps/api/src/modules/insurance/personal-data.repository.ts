import type { Executor } from '../../db/client.ts';
import { listDecisionsOfHolder, listPayoutsOfHolder } from './insurer-admin.repository.ts';
import { listPoliciesOfHolder } from './policies.repository.ts';
import { presentPolicyTo } from './policies.service.ts';
import { listPreRegistrationsOf } from './pre-registrations.repository.ts';

/**
 * Insurance's section of the personal data export (use-cases/export-personal-data.ts): the person's
 * policies with their insured bikes, and what insurers uploaded about them (pre-registrations with
 * one of their addresses or linked to their policies), their insurers' decisions on their policies
 * (with the reasons they were given) and the claims paid on their policies (issue 16 §4).
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
    insurance_pre_registrations: (await listPreRegistrationsOf(executor, partyId, addresses)).map((row) => ({
      insurer_party_id: row.insurerPartyId,
      insurer_policy_id: row.insurerPolicyId,
      holder_email: row.holderEmail,
      holder_name: row.holderName,
      matched_policy_id: row.matchedPolicyId,
      matched_at: row.matchedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    })),
    insurance_policy_decisions: (await listDecisionsOfHolder(executor, partyId)).map((row) => ({
      policy_id: row.policyId,
      decision: row.decision,
      reason: row.reason,
      decided_at: row.decidedAt.toISOString(),
    })),
    insurance_payouts: (await listPayoutsOfHolder(executor, partyId)).map((row) => ({
      policy_id: row.policyId,
      bike_id: row.bikeId,
      theft_report_id: row.theftReportId,
      amount_minor: row.amountMinor,
      currency: row.currency,
      registration_transferred: row.registrationTransferred,
      paid_at: row.paidAt.toISOString(),
    })),
  };
}
