import { ONBOARDING_CONSENT_TYPES } from '@nbr/domain/insurance-signup';
import type { Executor } from '../../db/client.ts';
import * as identity from '../identity/identity.facade.ts';
import { presentHolderDetails } from './checkout.presenter.ts';
import { listHolderDetailsOf } from './checkout.repository.ts';
import { listDecisionsOfHolder, listPayoutsOfHolder } from './insurer-admin.repository.ts';
import { listLockTestsOfHolder, listPictureFileIds } from './lock-tests.repository.ts';
import { findDraft } from './onboarding.repository.ts';
import { listPlateOrdersMailedBy } from './plate-orders.repository.ts';
import { listPoliciesOfHolder } from './policies.repository.ts';
import { presentPolicyTo } from './policies.service.ts';
import { listUploadsOfHolder } from './possession.repository.ts';
import { listPreRegistrationsOf } from './pre-registrations.repository.ts';

/**
 * Insurance's section of the personal data export (use-cases/export-personal-data.ts): the person's
 * policies with their insured bikes, the files they linked as proof of possession (the files
 * themselves are in the bikes section), what insurers uploaded about them (pre-registrations with
 * one of their addresses or linked to their policies), the lock tests insurers asked of them with
 * their answers and the decisions, the plate orders they mailed for an insurer, their checkout
 * details of each policy (the national id number masked: docs/personal-data-export.md), their
 * onboarding draft and the consents they gave and withdrew in it (kept in identity's consent history),
 * their insurers' decisions on their policies (with the reasons they were given)
 * and the claims paid on their policies (issue 16 §4).
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
    insurance_onboarding_consents: await identity.listConsentEventsOfTypes(
      executor,
      partyId,
      ONBOARDING_CONSENT_TYPES,
    ),
    insurance_possession_uploads: (await listUploadsOfHolder(executor, partyId)).map((row) => ({
      insured_item_id: row.insuredItemId,
      kind: row.kind,
      bike_file_id: row.bikeFileId,
      created_at: row.createdAt.toISOString(),
    })),
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
    insurance_lock_tests: await Promise.all(
      (await listLockTestsOfHolder(executor, partyId, null)).map(async (row) => ({
        insurer_party_id: row.insurerPartyId,
        policy_id: row.policyId,
        requested_email: row.requestedEmail,
        status: row.status,
        approval: row.approval,
        certificate_number: row.certificateNumber,
        lock_name: row.lockName,
        key_number: row.keyNumber,
        bike_id: row.bikeId,
        certificate_frame_number: row.certificateFrameNumber,
        frame_number_matches: row.frameNumberMatches,
        dealer_stamp: row.dealerStamp,
        picture_file_ids: await listPictureFileIds(executor, row.id),
        answered_at: row.answeredAt?.toISOString() ?? null,
        decision_reason: row.decisionReason,
        decided_at: row.decidedAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
      })),
    ),
    insurance_plate_orders: (await listPlateOrdersMailedBy(executor, partyId)).map((row) => ({
      insurer_party_id: row.insurerPartyId,
      quantity: row.quantity,
      status: row.status,
      requested_by_email: row.requestedByEmail,
      subject: row.subject,
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
      cancelled_at: row.cancelledAt?.toISOString() ?? null,
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
