import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import * as identity from '../identity/identity.facade.ts';
import type * as theft from '../theft/theft.facade.ts';
import { sharedTheftReportsOfBikes } from '../theft/theft.facade.ts';
import * as repository from './insurer-admin.repository.ts';
import { insurerContext } from './insurer-admin.service.ts';
import { foundAfterPayoutMail } from './payouts.mails.ts';
import * as policies from './policies.repository.ts';
import { findInsurer } from './products.repository.ts';

/*
 * Payouts (issue 16 §4): the insurer marks the claim on a stolen insured bike paid. These are the
 * insurance steps of use-cases/pay-insurance-claim.ts, which also moves the registration to the
 * insurer when the owner acknowledged it; each runs in the use case's transaction.
 */

/** What a payout needs of the claim, checked in the caller's transaction. */
export interface PayableClaim {
  insurer: { partyId: string; name: string };
  policyId: string;
  holderPartyId: string;
  currency: string;
  report: theft.SharedTheftReportFacts;
}

/**
 * The claim on a stolen bike insured by this insurer: the holder's theft report shared with the
 * insurer (acknowledged, not withdrawn), the bike still stolen. 404 unless the caller acts for the
 * insurer and the bike is on its policy; 409 claim_already_paid, 409 claim_not_payable otherwise.
 */
export async function findPayableClaim(
  executor: Executor,
  auth: RequestAuth,
  insurerPartyId: string,
  policyId: string,
  bikeId: string,
  bikeStatus: string,
): Promise<PayableClaim> {
  const { insurer } = await insurerContext(executor, auth, insurerPartyId, 'act');
  if (!isUuid(policyId) || !isUuid(bikeId)) throw new AppError('not_found');
  const policy = await policies.findPolicyById(executor, policyId, true);
  if (!policy || policy.insurerPartyId !== insurer.partyId) throw new AppError('not_found');
  if (!(await repository.findInsuredItem(executor, policy.id, bikeId, false)))
    throw new AppError('not_found');
  const report = (await sharedTheftReportsOfBikes(executor, [bikeId])).find(
    (candidate) => candidate.ownerPartyId === policy.holderPartyId && candidate.status === 'submitted',
  );
  if (report && (await repository.findPayoutsOfReports(executor, [report.id])).size > 0) {
    throw new AppError('claim_already_paid');
  }
  if (!report || bikeStatus !== 'stolen' || policy.status === 'application') {
    throw new AppError('claim_not_payable');
  }
  return {
    insurer: { partyId: insurer.partyId, name: insurer.name },
    policyId: policy.id,
    holderPartyId: policy.holderPartyId,
    currency: policy.currency,
    report,
  };
}

/** Records the paid claim and audits it (the use case moved the registration first when acknowledged). */
export async function recordPayout(
  executor: Executor,
  auth: RequestAuth,
  claim: PayableClaim,
  input: { amountMinor: number; registrationTransferred: boolean; now: Date },
) {
  const id = uuidv7(input.now.getTime());
  await repository.insertPayout(executor, {
    id,
    insurerPartyId: claim.insurer.partyId,
    policyId: claim.policyId,
    bikeId: claim.report.bikeId,
    theftReportId: claim.report.id,
    amountMinor: input.amountMinor,
    currency: claim.currency,
    registrationTransferred: input.registrationTransferred,
    paidByPartyId: auth.identityPartyId,
    paidAt: input.now,
  });
  await recordAuditEventBy(executor, auth, {
    action: 'insurance.claim_paid',
    targetPartyId: claim.holderPartyId,
    details: {
      insurer_party_id: claim.insurer.partyId,
      policy_id: claim.policyId,
      bike_id: claim.report.bikeId,
      theft_report_id: claim.report.id,
      amount_minor: input.amountMinor,
      currency: claim.currency,
      before: { paid: false, registered_to: claim.holderPartyId },
      after: {
        paid: true,
        registered_to: input.registrationTransferred ? claim.insurer.partyId : claim.holderPartyId,
      },
    },
    now: input.now,
  });
  return {
    id,
    theft_report_id: claim.report.id,
    bike_id: claim.report.bikeId,
    policy_id: claim.policyId,
    amount: { amount_minor: input.amountMinor, currency: claim.currency as 'DKK' | 'NOK' },
    registration_transferred: input.registrationTransferred,
    paid_at: input.now.toISOString(),
  };
}

/**
 * Someone contacted the owner of a bike (a message, or a pickup: they hold it to be collected), in
 * their transaction. When the owner is an insurer that holds the registration because it paid the
 * claim, the insurer's admins are mailed in their own language (issue 16 §4: a bike found after
 * payout alerts the insurer; its chats are read only in the app). Anything else: nothing.
 */
export async function alertInsurerOfContact(
  executor: Executor,
  publicUrl: string,
  contact: { bikeId: string; ownerPartyId: string; kind: 'message' | 'pickup' },
): Promise<void> {
  const insurer = await findInsurer(executor, contact.ownerPartyId);
  if (!insurer) return;
  if (!(await repository.hasTransferringPayout(executor, insurer.partyId, contact.bikeId))) return;
  const bike = await repository.findBikeFacts(executor, contact.bikeId);
  const described = bike
    ? [[bike.brand, bike.model].filter(Boolean).join(' ') || bike.nickname, bike.frameNumber]
        .filter(Boolean)
        .join(', ')
    : '';
  const admins = await identity.findPeopleByIds(
    executor,
    await repository.listAdminsOfOrganisation(executor, insurer.partyId),
  );
  for (const admin of admins.values()) {
    await enqueueMail(
      executor,
      foundAfterPayoutMail({
        to: admin.email,
        language: admin.language,
        insurer: insurer.name,
        bike: described,
        kind: contact.kind,
        url: `${publicUrl}/app/chats`,
      }),
    );
  }
}
