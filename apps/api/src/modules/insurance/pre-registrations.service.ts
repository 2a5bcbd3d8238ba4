import {
  isOpenPolicy,
  type Policy,
  type PolicyStatus,
  type PreRegistrationRow as PreRegistrationInput,
  type PreRegistrationLookup,
  PreRegistrationRowSchema,
} from '@nbr/domain/insurance';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import * as identity from '../identity/identity.facade.ts';
import * as checkout from './checkout.repository.ts';
import { orderPlatesOfConfirmedPolicy } from './checkout.service.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import * as onboarding from './onboarding.repository.ts';
import { forgetPlateOrderSender } from './plate-orders.repository.ts';
import * as policies from './policies.repository.ts';
import { presentPolicyTo } from './policies.service.ts';
import * as repository from './pre-registrations.repository.ts';
import { findInsurer } from './products.repository.ts';

/*
 * Pre-registered policies (issue 16 §1): an insurer's existing contents customers, uploaded by the
 * insurer (the CSV upload of its admin is issue 16 §4 and calls preRegisterPolicies). Such a person
 * is sent to confirm instead of buying (SPEC §8) and links the insurer's policy to theirs here.
 */

/**
 * Stores an insurer's upload of its existing customers (each row checked by
 * PreRegistrationRowSchema); a row for an insurer policy id already stored corrects its address
 * and name until someone has linked it. Answers how many rows were stored.
 */
export async function preRegisterPolicies(
  executor: Executor,
  insurerPartyId: string,
  rows: readonly PreRegistrationInput[],
  now = new Date(),
): Promise<number> {
  if (!(await findInsurer(executor, insurerPartyId))) throw new AppError('not_found');
  const parsed = rows.map((row) => PreRegistrationRowSchema.parse(row));
  await repository.upsertPreRegistrations(
    executor,
    parsed.map((row) => ({
      id: uuidv7(now.getTime()),
      insurerPartyId,
      insurerPolicyId: row.insurer_policy_id,
      holderEmail: row.holder_email,
      holderName: row.holder_name ?? null,
      createdAt: now,
    })),
  );
  return parsed.length;
}

/**
 * POST /api/insurance/{insurer}/policies/pre-registration-lookup/{insurerPolicyId}/: links the
 * insurer's pre-registered policy to the caller's own open policy at that insurer when it was
 * uploaded for the caller's confirmed address; the policy then carries the insurer's number and is
 * active (the insurer already has them as a customer). Anything else — no such pre-registration,
 * another person's, an unconfirmed address, a policy not theirs or at another insurer — answers
 * the same 404, so nobody learns which insurer policy ids exist.
 */
export async function linkPreRegisteredPolicy(
  deps: InsuranceDeps,
  auth: RequestAuth,
  insurerPartyId: string,
  insurerPolicyId: string,
  lookup: PreRegistrationLookup,
  now = new Date(),
): Promise<Policy> {
  if (!isUuid(insurerPartyId)) throw new AppError('not_found');
  return deps.db.transaction(async (tx) => {
    const person = await identity.findPersonById(tx, auth.identityPartyId);
    const policy = await policies.findPolicyById(tx, lookup.policy_id, true);
    if (
      !person?.emailVerifiedAt ||
      !policy ||
      policy.holderPartyId !== auth.partyId ||
      auth.partyId !== auth.identityPartyId ||
      policy.insurerPartyId !== insurerPartyId
    ) {
      throw new AppError('not_found');
    }
    const preRegistration = await repository.lockPreRegistration(tx, insurerPartyId, insurerPolicyId);
    if (
      !preRegistration ||
      preRegistration.holderEmail !== person.email.toLowerCase() ||
      (preRegistration.matchedPolicyId !== null && preRegistration.matchedPolicyId !== policy.id)
    ) {
      throw new AppError('not_found');
    }
    if (preRegistration.matchedPolicyId === policy.id) return presentPolicyTo(tx, policy, 'holder');
    if (!isOpenPolicy(policy.status as PolicyStatus)) throw new AppError('policy_not_editable');
    if (policy.insurerPolicyNumber !== null && policy.insurerPolicyNumber !== insurerPolicyId) {
      throw new AppError('conflict');
    }
    await repository.markMatched(tx, preRegistration.id, policy.id, now);
    await policies.updatePolicy(tx, policy.id, {
      insurerPolicyNumber: insurerPolicyId,
      status: 'active',
      activatedAt: policy.activatedAt ?? now,
      updatedAt: now,
    });
    // As a first checkout would: the plates for the policy's bikes go to the holder.
    const plateOrderId = await orderPlatesOfConfirmedPolicy(tx, policy, now);
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.pre_registration_linked',
      targetPartyId: policy.holderPartyId,
      details: {
        policy_id: policy.id,
        insurer_party_id: insurerPartyId,
        insurer_policy_id: insurerPolicyId,
        plate_order_id: plateOrderId,
      },
      now,
    });
    const linked = await policies.findPolicyById(tx, policy.id);
    return presentPolicyTo(tx, linked!, 'holder');
  });
}

/**
 * Account deletion: the register forgets the person's insurance — what insurers uploaded about them
 * (by address or linked to their policies), their onboarding draft, their checkout details (national
 * id and bank account included), then their policies and insured bikes. The insurer keeps
 * its own books of its customers; the register holds no copy of them once the account is gone.
 */
export async function forgetInsuranceOf(
  executor: Executor,
  partyId: string,
  addresses: readonly string[],
): Promise<void> {
  const uploaded = await repository.listPreRegistrationsOf(executor, partyId, addresses);
  await repository.deletePreRegistrations(
    executor,
    uploaded.map((row) => row.id),
  );
  await onboarding.deleteDraft(executor, partyId);
  await checkout.deleteHolderDetailsOf(executor, partyId);
  await policies.deletePoliciesOfHolder(executor, partyId);
  await forgetPlateOrderSender(executor, partyId);
}
